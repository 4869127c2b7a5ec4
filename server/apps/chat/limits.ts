import { sql } from 'kysely';
import { CHAT_LIMITS } from '../../../shared/chat/chat.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';

/** Tokens a member's allowance regains per second: the burst again over each window (30 per 10 s). */
const REFILL_PER_SECOND = CHAT_LIMITS.sendBurst / CHAT_LIMITS.sendSeconds;

/**
 * Counts one message against its sender's allowance (decision 0103): up to `sendBurst` at once, then `sendBurst`
 * every `sendSeconds`; past that a 429 in the sender's language. The bucket row is written in the sending
 * transaction, so the refusal (which rolls it back) costs nothing, and concurrent sends of one member wait for
 * each other on the row rather than both spending the last token.
 */
export async function countSend(kernel: Kernel, trx: Trx, spaceId: string, userId: string): Promise<void> {
  const now = new Date(kernel.clock.now());
  // A clock that stepped back (another server's) refills nothing rather than taking tokens away.
  const elapsed = sql<number>`greatest(0, extract(epoch from (${now}::timestamptz - chat_send_rate.at)))`;
  const row = await trx
    .insertInto('chat_send_rate')
    .values({ space_id: spaceId, user_id: userId, tokens: CHAT_LIMITS.sendBurst - 1, at: now })
    .onConflict((oc) =>
      oc.columns(['space_id', 'user_id']).doUpdateSet({
        tokens: sql<number>`least(${CHAT_LIMITS.sendBurst}::float8, chat_send_rate.tokens + ${elapsed} * ${REFILL_PER_SECOND}::float8) - 1`,
        at: sql<Date>`greatest(chat_send_rate.at, ${now}::timestamptz)`,
      }),
    )
    .returning('tokens')
    .executeTakeFirstOrThrow();
  if (row.tokens < 0) throw new AppError(429, 'chat.send.tooFast', { max: CHAT_LIMITS.sendBurst, seconds: CHAT_LIMITS.sendSeconds });
}

/**
 * Of the members a message mentions, those to notify now: one notice per member per chat per window, however often
 * they are named in it meanwhile (40 mentions in a row make one notice; the chat itself still shows every one).
 * The mark is written in the sending transaction; a concurrent mention waits on the row and then finds it fresh.
 */
export async function mentionsToNotify(kernel: Kernel, trx: Trx, spaceId: string, conversationId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const now = new Date(kernel.clock.now());
  const windowStart = new Date(now.getTime() - CHAT_LIMITS.mentionNoticeSeconds * 1000);
  const rows = await trx
    .insertInto('chat_mention_notice')
    .values(userIds.map((userId) => ({ space_id: spaceId, conversation_id: conversationId, user_id: userId, notified_at: now })))
    .onConflict((oc) =>
      oc
        .columns(['space_id', 'conversation_id', 'user_id'])
        .doUpdateSet({ notified_at: now })
        .where('chat_mention_notice.notified_at', '<=', windowStart),
    )
    .returning('user_id')
    .execute();
  const fresh = new Set(rows.map((r) => String(r.user_id)));
  return userIds.filter((id) => fresh.has(id));
}
