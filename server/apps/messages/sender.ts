import { sql } from 'kysely';
import type { Notice, NoticeResult } from '../../../shared/messages/notify.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { NoticeSender } from '../../kernel/notices.ts';
import { enqueueDeliveries } from './jobs.ts';
import { channelsFor } from './subscriptions.ts';
import { checkNotice } from './validate.ts';

const CHUNK = 1000;

/**
 * The messages app's side of `kernel.notices.send` (decision 0051): checks the notice, resolves its recipients (the
 * org app), and stores — in the caller's transaction and nowhere else — one message per recipient and one outbox row
 * per recipient and channel their subscriptions allow, each with its delivery job on the kernel's queue. Delivery
 * happens after commit, by the job workers; nothing here talks to a socket, a mail server or a carrier.
 */
export function noticeSender(kernel: Kernel): NoticeSender {
  return async (trx: Trx, spaceId: string, notice: Notice): Promise<NoticeResult> => {
    checkNotice(kernel.i18n, notice);
    const recipients = await kernel.notices.resolve(trx, spaceId, notice.recipients);
    // Named members must be active members of this space: naming someone else is the caller's mistake, said aloud.
    const named = new Set(notice.recipients.members ?? []);
    if ([...named].some((id) => !recipients.includes(id))) throw fail.unprocessable('messages.problem.outsideSpace');
    if (!recipients.length) throw fail.unprocessable('messages.problem.noRecipients');
    const channels = await channelsFor(trx, notice.category, notice.sourceApp, recipients);
    for (let i = 0; i < recipients.length; i += CHUNK) {
      const slice = recipients.slice(i, i + CHUNK);
      const rows = slice.map((userId) => ({
        space_id: spaceId,
        user_id: userId,
        category: notice.category,
        source_app: notice.sourceApp,
        source_record: notice.sourceRecord ?? null,
        title_key: notice.title.key,
        title_params: JSON.stringify(notice.title.params ?? {}),
        body_key: notice.body?.key ?? null,
        body_params: JSON.stringify(notice.body?.params ?? {}),
        link_route: notice.link?.routeId ?? null,
        link_params: JSON.stringify(notice.link?.params ?? {}),
        link_query: JSON.stringify(notice.link?.query ?? {}),
        priority: notice.priority ?? 'normal',
        shown: channels.get(userId)?.includes('inApp') ?? false,
      }));
      // The messages and their outbox rows (one per recipient and allowed channel) in one statement.
      const pairs = slice.flatMap((userId) => (channels.get(userId) ?? []).map((channel) => [userId, channel] as const));
      const outbox = await trx
        .with('stored', (db) => db.insertInto('messages_message').values(rows).returning(['id', 'user_id']))
        .insertInto('messages_outbox')
        .columns(['space_id', 'message_id', 'user_id', 'channel'])
        .expression(
          sql`select ${spaceId}, s.id, s.user_id, w.channel from stored s
                join unnest(${pairs.map((p) => p[0])}::bigint[], ${pairs.map((p) => p[1])}::text[]) as w (user_id, channel) on w.user_id = s.user_id`,
        )
        .returning(['id', 'channel'])
        .execute();
      // Their jobs commit (and wake the workers) with them, or roll back with them.
      await enqueueDeliveries(kernel, trx, outbox.map((o) => ({ ...o, round: 0 })));
    }
    return { recipients: recipients.length };
  };
}
