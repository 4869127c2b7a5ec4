import type { Kernel } from '../../../kernel/kernel.ts';
import { moveQuota } from './orders.ts';

/**
 * Ends the subscriptions whose paid period is over by the kernel's clock: each takes back the quota it added,
 * once (`expired_at`), in its own transaction, claimed with FOR UPDATE SKIP LOCKED so several server processes
 * share the work. The bill stays paid. Answers how many ended. Run with the console's timed work (notice-worker.ts).
 */
export async function expireSubscriptions(kernel: Kernel): Promise<number> {
  const now = new Date(kernel.clock.now());
  let ended = 0;
  for (;;) {
    const done = await kernel.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('finance_order')
        .selectAll()
        .where('state', '=', 'paid')
        .where('valid_until', '<=', now)
        .where('expired_at', 'is', null)
        .orderBy('valid_until')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!order) return false;
      await moveQuota(trx, order.space_id, order, -1);
      await trx.updateTable('finance_order').set({ expired_at: now }).where('id', '=', order.id).execute();
      return true;
    });
    if (!done) return ended;
    ended += 1;
  }
}
