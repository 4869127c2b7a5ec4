import { sql } from 'kysely';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';

/**
 * Applies an approved delegation request (decision 0045) inside the approval's transaction. The permission lives
 * on the membership beside the roles, so the session store picks it up with them, in every process, once the
 * membership change is announced.
 */
export async function applyDelegation(trx: Trx, kernel: Kernel, spaceId: string, userId: string, action: string, permission: string): Promise<void> {
  const membership = await trx.selectFrom('memberships').select(['delegated', 'status']).where('space_id', '=', spaceId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!membership) throw fail.unprocessable('org.notMember');
  const delegated = action === 'grant' ? sql<string[]>`(select array_agg(distinct p order by p) from unnest(delegated || ${[permission]}::text[]) p)` : sql<string[]>`array_remove(delegated, ${permission})`;
  await trx.updateTable('memberships').set({ delegated }).where('space_id', '=', spaceId).where('user_id', '=', userId).execute();
  await kernel.sessions.announceMembershipChange(trx);
}
