import type { MessageItem, UnreadCounts } from '../../../shared/api/messages.ts';
import type { MessageFilter } from './messages-api.ts';

/**
 * The message list's state changes as pure functions, so the page stays drawing code and each rule is tested on its
 * own: what a pushed message does to the list, how pages join, what read/unread/delete change locally.
 */

/** Whether a message belongs in the list the member is looking at (a pushed one is drawn only then). */
export function matchesFilter(item: MessageItem, filter: MessageFilter): boolean {
  if (filter.category && item.category !== filter.category) return false;
  if (filter.app && item.sourceApp !== filter.app) return false;
  if (filter.unread && item.readAt) return false;
  const at = Date.parse(item.createdAt);
  if (filter.from && at < Date.parse(filter.from)) return false;
  if (filter.to && at > Date.parse(filter.to)) return false;
  return true;
}

const newestFirst = (a: MessageItem, b: MessageItem) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || Number(b.id) - Number(a.id);

/** A pushed message joins the list once, in its place by time (pushes can overtake each other across processes). */
export function insertNew(items: readonly MessageItem[], item: MessageItem, filter: MessageFilter): MessageItem[] {
  if (items.some((i) => i.id === item.id) || !matchesFilter(item, filter)) return [...items];
  return [...items, item].sort(newestFirst);
}

/** The next keyset page after what is shown; a message already shown (it arrived by push meanwhile) stays once. */
export function appendPage(items: readonly MessageItem[], page: readonly MessageItem[]): MessageItem[] {
  const seen = new Set(items.map((i) => i.id));
  return [...items, ...page.filter((i) => !seen.has(i.id))];
}

export function setRead(items: readonly MessageItem[], ids: ReadonlySet<string>, read: boolean, now = new Date().toISOString()): MessageItem[] {
  return items.map((i) => (ids.has(i.id) ? { ...i, readAt: read ? (i.readAt ?? now) : null } : i));
}

/** "Mark all read" for one category, or for all when `category` is null. */
export function readAllIn(items: readonly MessageItem[], category: MessageItem['category'] | null, now = new Date().toISOString()): MessageItem[] {
  return items.map((i) => (!i.readAt && (!category || i.category === category) ? { ...i, readAt: now } : i));
}

export function removeIds(items: readonly MessageItem[], ids: ReadonlySet<string>): MessageItem[] {
  return items.filter((i) => !ids.has(i.id));
}

/**
 * New counts from the socket, after the member read messages in another window: a category with no unread
 * messages left has none in this list either. (A count above zero cannot say which ones were read; those update
 * on the next load.)
 */
export function applyCounts(items: readonly MessageItem[], counts: UnreadCounts, now = new Date().toISOString()): MessageItem[] {
  return items.map((i) => (!i.readAt && (counts.total === 0 || counts.byCategory[i.category] === 0) ? { ...i, readAt: now } : i));
}

/**
 * The time filter's two dates (`YYYY-MM-DD`, as a date input gives them, in the member's own time zone) as the
 * API's inclusive instants: the start of the first day and the last millisecond of the last.
 */
export function dayRange(from: string, to: string): Pick<MessageFilter, 'from' | 'to'> {
  const out: Pick<MessageFilter, 'from' | 'to'> = {};
  // Local wall-clock times, not "+ 24 h": a day with a daylight-saving change is 23 or 25 hours long.
  const at = (text: string, time: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T${time}`) : null);
  const start = at(from, '00:00:00');
  const end = at(to, '23:59:59.999');
  if (start && !Number.isNaN(start.getTime())) out.from = start.toISOString();
  if (end && !Number.isNaN(end.getTime())) out.to = end.toISOString();
  return out;
}
