import type { SubscriptionRow } from '../../../shared/api/messages.ts';
import { MESSAGE_CATEGORIES, MESSAGE_CHANNELS, type MessageCategory, type MessageChannel } from '../../../shared/messages/notify.ts';

/** One line of the matrix: a category as a whole (`app` null) or one application's messages of it. */
export interface MatrixLine {
  key: string;
  category: MessageCategory;
  app: string | null;
  /** The channels the server offers for this line; a channel it does not offer has no switch. */
  cells: Partial<Record<MessageChannel, SubscriptionRow>>;
}

export const lineKey = (category: MessageCategory, app: string | null) => `${category}|${app ?? ''}`;

/**
 * The server's rows as the matrix draws them: categories in the order of shared/messages/notify.ts, each category's
 * own line before its applications' lines (alphabetically), channels as columns. Rows of unknown categories or
 * channels (a newer server) are left out rather than drawn without a name.
 */
export function matrixLines(rows: readonly SubscriptionRow[]): MatrixLine[] {
  const lines = new Map<string, MatrixLine>();
  for (const row of rows) {
    if (!MESSAGE_CATEGORIES.includes(row.category) || !MESSAGE_CHANNELS.includes(row.channel)) continue;
    const key = lineKey(row.category, row.app);
    const line = lines.get(key) ?? { key, category: row.category, app: row.app, cells: {} };
    line.cells[row.channel] = row;
    lines.set(key, line);
  }
  return [...lines.values()].sort(
    (a, b) =>
      MESSAGE_CATEGORIES.indexOf(a.category) - MESSAGE_CATEGORIES.indexOf(b.category) ||
      (a.app === null ? -1 : b.app === null ? 1 : a.app.localeCompare(b.app)),
  );
}

/** The rows with one switch changed (drawn at once; put back with `withChange(rows, {...change, enabled: !enabled})` if refused). */
export function withChange(rows: readonly SubscriptionRow[], change: Pick<SubscriptionRow, 'category' | 'app' | 'channel' | 'enabled'>): SubscriptionRow[] {
  return rows.map((r) => (r.category === change.category && r.app === change.app && r.channel === change.channel ? { ...r, enabled: change.enabled } : r));
}

/** Why a switch is locked, as a dictionary key: in-app to-dos always arrive; otherwise the admin fixed it. */
export function lockReason(row: SubscriptionRow): string {
  return row.category === 'todo' && row.channel === 'inApp' ? 'messages.ui.subs.lockedTodo' : 'messages.ui.subs.lockedAdmin';
}
