import { sql } from 'kysely';
import type { Notice, NoticeResult } from '../../../shared/messages/notify.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { NoticeSender } from '../../kernel/notices.ts';
import { channelsFor } from './subscriptions.ts';
import { checkNotice } from './validate.ts';

/** Workers LISTEN here; the NOTIFY leaves at commit, so a rolled-back notice never wakes anyone. */
export const OUTBOX_CHANNEL = 'messages_outbox';

const CHUNK = 1000;

/**
 * The messages app's side of `kernel.notices.send` (issue 13): checks the notice, resolves its recipients (the
 * org app), and stores — in the caller's transaction and nowhere else — one message per recipient and one outbox row
 * per recipient and channel their subscriptions allow. Delivery happens after commit, by the workers; nothing here
 * talks to a socket, a mail server or a carrier.
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
      const stored = await trx
        .insertInto('messages_message')
        .values(
          slice.map((userId) => ({
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
          })),
        )
        .returning(['id', 'user_id'])
        .execute();
      const outbox = stored.flatMap((m) => (channels.get(m.user_id) ?? []).map((channel) => ({ space_id: spaceId, message_id: m.id, user_id: m.user_id, channel })));
      if (outbox.length) await trx.insertInto('messages_outbox').values(outbox).execute();
    }
    await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
    return { recipients: recipients.length };
  };
}
