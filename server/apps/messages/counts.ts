import type { UnreadCounts } from '../../../shared/api/messages.ts';
import { MESSAGE_CATEGORIES, type MessageCategory } from '../../../shared/messages/notify.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { Kernel } from '../../kernel/kernel.ts';

/** A member's unread messages in the centre, per category (every category present, zero included). */
export async function unreadCounts(trx: Trx, userId: string): Promise<UnreadCounts> {
  const rows = await trx
    .selectFrom('messages_message')
    .select(['category', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', '=', userId)
    .where('shown', '=', true)
    .where('read_at', 'is', null)
    .groupBy('category')
    .execute();
  const byCategory = Object.fromEntries(MESSAGE_CATEGORIES.map((c) => [c, 0])) as Record<MessageCategory, number>;
  for (const row of rows) byCategory[row.category] = Number(row.n);
  return { total: Object.values(byCategory).reduce((a, b) => a + b, 0), byCategory };
}

/** Tells every window and desktop of the member the new counts — at commit, with the change that caused them. */
export async function publishUnread(kernel: Kernel, trx: Trx, spaceId: string, userId: string): Promise<UnreadCounts> {
  const counts = await unreadCounts(trx, userId);
  await kernel.push.publish({ userId }, { type: 'messages.unread', spaceId, counts }, trx);
  return counts;
}
