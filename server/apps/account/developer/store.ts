import { sql } from 'kysely';
import type { DeveloperApplication, ReviewedApplication } from '../../../../shared/api/account-developer.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import './tables.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The columns every answer shows; never the hash. */
export function applications(trx: Trx) {
  return trx
    .selectFrom('account_dev_application as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('users as d', 'd.id', 'a.decided_by')
    .select([
      'a.id', 'a.user_id', 'u.name as user_name', 'u.login_id', 'a.reason', 'a.state', 'a.created_at', 'a.decided_at', 'd.name as decided_by_name',
      'a.note', 'a.token_last4', 'a.ended_at', 'a.ended_by', 'a.last_used_at',
      sql<boolean>`a.state = 'approved' and a.token_hash is null`.as('collectable'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof applications>['executeTakeFirstOrThrow']>>;

export function toApplication(row: Row): DeveloperApplication {
  return {
    id: row.id,
    reason: row.reason,
    state: row.state,
    createdAt: iso(row.created_at)!,
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by_name,
    note: row.note,
    collectable: row.collectable,
    last4: row.token_last4,
    endedAt: iso(row.ended_at),
    endedBy: row.ended_by,
    lastUsedAt: iso(row.last_used_at),
  };
}

export const toReviewed = (row: Row): ReviewedApplication => ({ ...toApplication(row), userId: row.user_id, userName: row.user_name, loginId: row.login_id });

/** Ends a live token now (revoke) or at a newer approval (replaced). */
export function endToken(trx: Trx, where: { id: string } | { userId: string; exceptId: string }, by: 'member' | 'admin' | 'replaced') {
  let query = trx.updateTable('account_dev_application').set({ state: 'revoked', ended_at: sql<Date>`now()`, ended_by: by }).where('state', '=', 'approved');
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('user_id', '=', where.userId).where('id', '<>', where.exceptId);
  return query.returning('id').execute();
}

/** The applicant hears the decision in his message centre (the notify contract). */
export async function tellApplicant(kernel: Kernel, trx: Trx, spaceId: string, userId: string, id: string, outcome: 'approved' | 'rejected' | 'revoked', note?: string) {
  await kernel.notices.send(trx, spaceId, {
    recipients: { members: [userId] },
    category: 'approvalResult',
    sourceApp: 'account',
    sourceRecord: id,
    title: { key: `account.developer.notice.${outcome}` },
    body: note ? { key: 'account.developer.notice.note', params: { note } } : null,
    link: { routeId: 'account.settings' },
  });
}

/** The space's administrators hear of a new application (they review it on system/dev). */
export async function tellReviewers(kernel: Kernel, trx: Trx, spaceId: string, id: string, applicant: string) {
  const admins = await trx.selectFrom('memberships').select('user_id').where('space_id', '=', spaceId).where('status', '=', 'active').where(sql<boolean>`'admin' = any(roles)`).execute();
  if (!admins.length) return;
  await kernel.notices.send(trx, spaceId, {
    recipients: { members: admins.map((a) => a.user_id) },
    category: 'notice',
    sourceApp: 'account',
    sourceRecord: id,
    title: { key: 'account.developer.notice.applied', params: { name: applicant } },
    link: { routeId: 'account.systemDev' },
  });
}
