import { MICRO_APPS } from '../../../shared/apps.ts';
import { MESSAGE_CATEGORIES, MESSAGE_PRIORITIES, type Notice, type Wording } from '../../../shared/messages/notify.ts';
import { parsePattern } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { fail } from '../../kernel/errors.ts';
import type { I18n } from '../../kernel/i18n.ts';

/** Limits of what one notice may carry: a notice is a pointer to a record, not the record itself. */
export const NOTICE_LIMITS = { paramValue: 5000, params: 20, recipientIds: 5000, sourceRecord: 200 } as const;

const KEY = /^[A-Za-z0-9_.-]{1,200}$/;
const PARAM_NAME = /^[A-Za-z0-9_]{1,40}$/;
const ID = /^[0-9]{1,18}$/;

function checkWording(i18n: I18n, wording: Wording | null | undefined, part: 'title' | 'body'): void {
  if (!wording || typeof wording.key !== 'string' || !wording.key.trim()) throw fail.unprocessable(`messages.problem.${part}Required`);
  // A key the dictionary does not know would reach every reader as the bare key.
  if (!KEY.test(wording.key) || i18n.dictionaries['zh-CN'][wording.key] === undefined) throw fail.unprocessable('messages.problem.unknownKey', { key: wording.key.slice(0, 80) });
  const params = Object.entries(wording.params ?? {});
  if (params.length > NOTICE_LIMITS.params) throw fail.unprocessable('messages.problem.tooManyParams', { max: NOTICE_LIMITS.params });
  for (const [name, value] of params) {
    if (!PARAM_NAME.test(name) || (typeof value !== 'string' && typeof value !== 'number')) throw fail.unprocessable('messages.problem.badParam', { name: name.slice(0, 40) });
    if (String(value).length > NOTICE_LIMITS.paramValue) throw fail.unprocessable('messages.problem.tooLong', { max: NOTICE_LIMITS.paramValue });
  }
}

/**
 * Everything about a notice that can be checked without the database, before anything is stored: the category,
 * the source app, the wording (known dictionary keys, bounded values), the link (a page of the route table, built
 * or planned, with exactly the params its pattern needs) and the recipient ids. Errors are 422s in the caller's
 * language; the caller's transaction then stores nothing.
 */
export function checkNotice(i18n: I18n, notice: Notice): void {
  if (!(MESSAGE_CATEGORIES as readonly string[]).includes(notice.category)) throw fail.unprocessable('messages.problem.unknownCategory', { category: String(notice.category).slice(0, 40) });
  if (!(MICRO_APPS as readonly string[]).includes(notice.sourceApp)) throw fail.unprocessable('messages.problem.unknownApp', { app: String(notice.sourceApp).slice(0, 40) });
  if (notice.priority !== undefined && !(MESSAGE_PRIORITIES as readonly string[]).includes(notice.priority)) throw fail.unprocessable('messages.problem.badPriority');
  if (notice.sourceRecord != null && (typeof notice.sourceRecord !== 'string' || notice.sourceRecord.length > NOTICE_LIMITS.sourceRecord)) {
    throw fail.unprocessable('messages.problem.tooLong', { max: NOTICE_LIMITS.sourceRecord });
  }
  checkWording(i18n, notice.title, 'title');
  if (notice.body) checkWording(i18n, notice.body, 'body');
  if (notice.link) {
    const route = ROUTES.find((r) => r.id === notice.link!.routeId);
    if (!route) throw fail.unprocessable('messages.problem.unknownPage', { route: String(notice.link.routeId).slice(0, 80) });
    const params = notice.link.params ?? {};
    const segments = parsePattern(route.pattern).filter((s) => s.kind === 'param');
    const names = new Set(segments.map((s) => (s.kind === 'param' ? s.name : '')));
    const missing = segments.find((s) => s.kind === 'param' && !s.optional && !params[s.name]);
    const unknown = Object.keys(params).find((name) => !names.has(name));
    const bad = Object.values(params).some((v) => typeof v !== 'string' || v.length > 200);
    const query = Object.entries(notice.link.query ?? {});
    const badQuery = query.length > 4 || query.some(([name, v]) => !PARAM_NAME.test(name) || typeof v !== 'string' || v.length > 200);
    if (missing || unknown || bad || badQuery) throw fail.unprocessable('messages.problem.badLink', { route: route.id });
  }
  const r = notice.recipients ?? {};
  const all = [r.members, r.departments, r.roles, r.roleGroups, r.userGroups].flatMap((list) => list ?? []);
  if (all.length > NOTICE_LIMITS.recipientIds) throw fail.unprocessable('messages.problem.tooManyRecipients', { max: NOTICE_LIMITS.recipientIds });
  if (all.some((id) => typeof id !== 'string' || !ID.test(id))) throw fail.unprocessable('messages.problem.outsideSpace');
}
