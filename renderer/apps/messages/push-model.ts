import type { DeliveryItem, SubscriptionDefaultRow } from '../../../shared/api/messages.ts';
import { alwaysOn, BUILT_IN_CHANNELS, MESSAGE_CATEGORIES, MESSAGE_CHANNELS, type MessageChannel } from '../../../shared/messages/notify.ts';

/** The administrator's push settings (system/push): the defaults matrix as edited, and the failures list's filters. */

type Cell = Pick<SubscriptionDefaultRow, 'category' | 'app' | 'channel'>;
export const cellKey = ({ category, app, channel }: Cell) => `${category}|${app ?? ''}|${channel}`;
const sameCell = (a: Cell, b: Cell) => a.category === b.category && a.app === b.app && a.channel === b.channel;

/**
 * The space's defaults as the admin edits them. The server stores only what an admin set, so every category ×
 * channel is filled in with what the server applies where nothing is stored (shared/messages/notify.ts: in-app and
 * desktop on, e-mail and SMS off, members free to change). An application's line, drawn where a stored row names the
 * app, takes the category's setting for the channels it does not set itself — the server's precedence. In-app to-dos
 * are always on and fixed, whatever is stored. Rows of unknown categories or channels (a newer server) are left out.
 */
export function defaultGrid(stored: readonly SubscriptionDefaultRow[]): SubscriptionDefaultRow[] {
  const known = stored.filter((r) => MESSAGE_CATEGORIES.includes(r.category) && MESSAGE_CHANNELS.includes(r.channel));
  const byKey = new Map(known.map((r) => [cellKey(r), r]));
  const rows: SubscriptionDefaultRow[] = [];
  for (const category of MESSAGE_CATEGORIES) {
    const whole = MESSAGE_CHANNELS.map((channel): SubscriptionDefaultRow => {
      const own = byKey.get(cellKey({ category, app: null, channel }));
      return { category, app: null, channel, enabled: own?.enabled ?? BUILT_IN_CHANNELS[channel], locked: own?.locked ?? false };
    });
    rows.push(...whole);
    const apps = [...new Set(known.filter((r) => r.category === category && r.app).map((r) => r.app!))].sort();
    for (const app of apps) {
      for (const base of whole) {
        const own = byKey.get(cellKey({ category, app, channel: base.channel }));
        rows.push({ ...base, app, ...(own ? { enabled: own.enabled, locked: own.locked } : {}) });
      }
    }
  }
  return rows.map((r) => (alwaysOn(r.category, r.channel) ? { ...r, enabled: true, locked: true } : r));
}

/** The rows with one cell's `enabled` or `locked` changed; the in-app to-do cell cannot change (the server refuses). */
export function withDefault(rows: readonly SubscriptionDefaultRow[], change: Cell & Partial<Pick<SubscriptionDefaultRow, 'enabled' | 'locked'>>): SubscriptionDefaultRow[] {
  if (alwaysOn(change.category, change.channel)) return [...rows];
  return rows.map((r) => (sameCell(r, change) ? { ...r, ...(change.enabled !== undefined ? { enabled: change.enabled } : {}), ...(change.locked !== undefined ? { locked: change.locked } : {}) } : r));
}

/** The edited cells that differ from what the server holds, in the matrix's order: what "save" sends, one call each. */
export function changedDefaults(saved: readonly SubscriptionDefaultRow[], draft: readonly SubscriptionDefaultRow[]): SubscriptionDefaultRow[] {
  return draft.filter((row) => {
    const before = saved.find((s) => sameCell(s, row));
    return !before || before.enabled !== row.enabled || before.locked !== row.locked;
  });
}

/** The server's grid with edits not yet saved laid over it (after a save stopped part-way, or a reload). */
export function withPending(saved: readonly SubscriptionDefaultRow[], pending: readonly SubscriptionDefaultRow[]): SubscriptionDefaultRow[] {
  return pending.reduce((rows, row) => withDefault(rows, row), [...saved]);
}

export type FailureState = 'all' | 'retrying' | 'failed';
export interface FailureFilter {
  state: FailureState;
  channel: MessageChannel | 'all';
}

/**
 * The failures list's query: every delivery whose last attempt failed, or only those still retrying or given up,
 * of one channel or all. The server filters, so "load more" continues the filtered list and misses nothing.
 */
export function failureQuery(cursor: string | null, filter: FailureFilter): Record<string, string> {
  const state = filter.state === 'all' ? 'failed' : filter.state === 'retrying' ? 'retrying' : 'gaveUp';
  return { state, ...(filter.channel === 'all' ? {} : { channel: filter.channel }), ...(cursor ? { cursor } : {}) };
}

/** Items of a further page appended, without the ones already listed (a retry may have moved a row meanwhile). */
export function appendPage(items: readonly DeliveryItem[], more: readonly DeliveryItem[]): DeliveryItem[] {
  const seen = new Set(items.map((i) => i.id));
  return [...items, ...more.filter((i) => !seen.has(i.id))];
}
