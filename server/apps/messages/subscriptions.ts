import { MICRO_APPS } from '../../../shared/apps.ts';
import type { SubscriptionRow } from '../../../shared/api/messages.ts';
import { alwaysOn, BUILT_IN_CHANNELS, MESSAGE_CATEGORIES, MESSAGE_CHANNELS, type MessageCategory, type MessageChannel } from '../../../shared/messages/notify.ts';
import { sql } from 'kysely';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';

/** The built-in defaults and the to-do rule live in shared/messages/notify.ts: the admin's screen draws them too. */
export const BUILT_IN = BUILT_IN_CHANNELS;
export { alwaysOn };

export interface DefaultChoice {
  category: string;
  app: string;
  channel: MessageChannel;
  enabled: boolean;
  locked: boolean;
}
export interface OwnChoice {
  category: string;
  app: string;
  channel: MessageChannel;
  enabled: boolean;
}

/**
 * Whether a message of `category` from `app` goes to `channel`, and whether the member may change that. Precedence:
 * in-app to-dos always; else the administrator's default (for the app, else for the category, else built in) when it
 * is locked; else the member's own choice (for the app, else for the category); else that default.
 */
export function decide(defaults: readonly DefaultChoice[], own: readonly OwnChoice[], category: string, app: string, channel: MessageChannel): { enabled: boolean; locked: boolean } {
  if (alwaysOn(category, channel)) return { enabled: true, locked: true };
  const pick = <T extends OwnChoice>(rows: readonly T[]) =>
    rows.find((r) => r.category === category && r.channel === channel && r.app === app) ?? rows.find((r) => r.category === category && r.channel === channel && r.app === '');
  const admin = pick(defaults);
  const base = admin ? admin.enabled : BUILT_IN[channel];
  if (admin?.locked) return { enabled: base, locked: true };
  const mine = pick(own);
  return { enabled: mine ? mine.enabled : base, locked: false };
}

/** The channels each recipient's subscriptions allow for one notice, read in the sender's transaction. */
export async function channelsFor(trx: Trx, category: MessageCategory, app: string, userIds: readonly string[]): Promise<Map<string, MessageChannel[]>> {
  // The administrator's defaults (user_id null) and the recipients' own choices in one round trip: every notice asks.
  const { rows } = await sql<{ user_id: string | null; category: string; app: string; channel: MessageChannel; enabled: boolean; locked: boolean }>`
    select null::text as user_id, category, app, channel, enabled, locked from messages_subscription_default where category = ${category}
    union all
    select user_id::text, category, app, channel, enabled, false from messages_subscription
     where category = ${category} and user_id = any(${[...userIds]}::bigint[])`.execute(trx);
  const defaults = rows.filter((r) => r.user_id === null);
  const byUser = new Map<string, OwnChoice[]>();
  for (const row of rows) if (row.user_id !== null) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return new Map(userIds.map((id) => [id, MESSAGE_CHANNELS.filter((channel) => decide(defaults, byUser.get(id) ?? [], category, app, channel).enabled)]));
}

/** Category × channel for the category as a whole, then every app a default or the member's own choice names. */
export function subscriptionRows(defaults: readonly DefaultChoice[], own: readonly OwnChoice[]): SubscriptionRow[] {
  const apps = [...new Set([...defaults, ...own].map((r) => r.app).filter(Boolean))].sort();
  const rows: SubscriptionRow[] = [];
  for (const category of MESSAGE_CATEGORIES) {
    for (const app of ['', ...apps]) {
      if (app && ![...defaults, ...own].some((r) => r.app === app && r.category === category)) continue;
      for (const channel of MESSAGE_CHANNELS) rows.push({ category, app: app || null, channel, ...decide(defaults, own, category, app, channel) });
    }
  }
  return rows;
}

/** A subscription's names checked: an unknown type, app or channel is a 422 naming it (not a silent no-op). */
export function checkedChoice(body: { category: string; app?: string | null; channel: string }): { category: MessageCategory; app: string; channel: MessageChannel } {
  if (!(MESSAGE_CATEGORIES as readonly string[]).includes(body.category)) throw fail.unprocessable('messages.problem.unknownCategory', { category: body.category });
  if (!(MESSAGE_CHANNELS as readonly string[]).includes(body.channel)) throw fail.unprocessable('messages.problem.unknownChannel', { channel: body.channel });
  const app = body.app ?? '';
  if (app && !(MICRO_APPS as readonly string[]).includes(app)) throw fail.unprocessable('messages.problem.unknownApp', { app });
  return { category: body.category as MessageCategory, app, channel: body.channel as MessageChannel };
}
