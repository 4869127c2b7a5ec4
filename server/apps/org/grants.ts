import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { DecisionBody, GrantListQuery, PlatformGrantBody } from '../../../shared/api/org-roles.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { DelegablePermission } from '../../../shared/permissions.ts';
import { dutyClash } from '../../../shared/roles.ts';
import { applyDelegation } from './delegation-apply.ts';
import { membersOnly } from './groups.ts';
import './tables.ts';

interface NewRequest {
  userId: string;
  kind: 'platformRole' | 'enterpriseRole' | 'permission';
  action: 'grant' | 'revoke';
  platformRole?: 'admin' | 'safe' | 'audit';
  roleId?: string;
  permission?: DelegablePermission;
  reason: string;
  requestedBy: string;
}

/** Files a request for the security reviewer; the same open request twice is refused, not duplicated. */
export async function openRequest(trx: Trx, spaceId: string, request: NewRequest): Promise<string> {
  try {
    await sql`savepoint grant_request`.execute(trx);
    const row = await trx
      .insertInto('org_grant_request')
      .values({ space_id: spaceId, user_id: request.userId, kind: request.kind, action: request.action, platform_role: request.platformRole ?? null, role_id: request.roleId ?? null, permission: request.permission ?? null, reason: request.reason, requested_by: request.requestedBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`release savepoint grant_request`.execute(trx);
    return row.id;
  } catch (error) {
    if (pgErrorCode(error) !== '23505') throw error;
    await sql`rollback to savepoint grant_request`.execute(trx);
    throw fail.unprocessable('org.grants.alreadyPending');
  }
}

/** Applies an approved request inside the approval's transaction; a platform-role change reaches every process. */
async function apply(trx: Trx, kernel: Kernel, spaceId: string, request: { user_id: string; kind: string; action: string; platform_role: string | null; role_id: string | null; permission: string | null }) {
  if (request.kind === 'permission') return applyDelegation(trx, kernel, spaceId, request.user_id, request.action, request.permission!);
  if (request.kind === 'enterpriseRole') {
    if (request.action === 'grant') await trx.insertInto('org_role_member').values({ space_id: spaceId, role_id: request.role_id!, user_id: request.user_id }).onConflict((oc) => oc.doNothing()).execute();
    else await trx.deleteFrom('org_role_member').where('role_id', '=', request.role_id!).where('user_id', '=', request.user_id).execute();
    return;
  }
  const membership = await trx.selectFrom('memberships').select('roles').where('space_id', '=', spaceId).where('user_id', '=', request.user_id).forUpdate().executeTakeFirst();
  if (!membership) throw fail.unprocessable('org.notMember');
  const role = request.platform_role!;
  if (request.action === 'revoke' && role === 'admin') {
    // A space is never left without an administrator: nobody could manage it any more.
    const admins = await sql<{ n: number }>`select count(*)::int as n from memberships where space_id = ${spaceId} and status = 'active' and 'admin' = any(roles)`.execute(trx);
    if ((admins.rows[0]?.n ?? 0) <= 1) throw fail.unprocessable('org.grants.lastAdmin');
  }
  let roles = request.action === 'grant' ? [...new Set([...membership.roles, role])] : membership.roles.filter((r) => r !== role);
  // Checked again here: another request approved since this one was filed may have given the member a second duty.
  // A revoke is never refused: it is how a member left with two duties by older data is put right.
  const clash = request.action === 'grant' ? dutyClash(roles) : null;
  if (clash) throw fail.unprocessable(clash);
  if (roles.length === 0) roles = ['user'];
  await trx.updateTable('memberships').set({ roles }).where('space_id', '=', spaceId).where('user_id', '=', request.user_id).execute();
  await kernel.sessions.announceMembershipChange(trx);
}

/**
 * Three-role separation: the administrator ASKS for a platform role to be granted or revoked (admin,
 * safe, audit) or for a member to join a sensitive role group; the security reviewer DECIDES; the auditor reads the
 * trail in the operation log. Nothing takes effect before approval, and nobody decides a request about themselves.
 */
export function registerGrantRoutes(app: App, kernel: Kernel): void {
  const ask = { permission: 'org.grants.request' } as const;
  const decide = { permission: 'org.grants.decide' } as const;
  const read = { permission: 'org.grants.read' } as const;

  app.post('/api/org/grant-requests', { config: { access: ask, action: 'org.grant.request' }, schema: { querystring: NoQuery, body: PlatformGrantBody } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    const { userId, role, action } = req.body;
    const reason = req.body.reason.trim();
    req.ctx.auditTarget = `${userId}:${action}:${role}`;
    if (!reason) throw fail.unprocessable('org.grants.reasonRequired', {}, { field: 'reason' });
    await membersOnly(kernel, space.id, [userId]);
    const id = await kernel.transact(req, async (trx) => {
      const membership = await trx.selectFrom('memberships').select('roles').where('space_id', '=', space.id).where('user_id', '=', userId).executeTakeFirstOrThrow();
      if (action === 'grant' && membership.roles.includes(role)) throw fail.unprocessable('org.grants.alreadyHeld');
      if (action === 'revoke' && !membership.roles.includes(role)) throw fail.unprocessable('org.grants.notHeld');
      const clash = action === 'grant' ? dutyClash([...membership.roles, role]) : null;
      if (clash) throw fail.unprocessable(clash);
      return openRequest(trx, space.id, { userId, kind: 'platformRole', action, platformRole: role, reason, requestedBy: me.userId });
    });
    return { code: 200, msg: 'org.grants.filed', data: { id } };
  });

  app.get('/api/org/grant-requests', { config: { access: read }, schema: { querystring: GrantListQuery } }, async (req) => {
    currentSpace(req);
    const requests = await kernel.transact(req, async (trx) => {
      let query = trx
        .selectFrom('org_grant_request as g')
        .innerJoin('users as u', 'u.id', 'g.user_id')
        .innerJoin('users as by', 'by.id', 'g.requested_by')
        .leftJoin('users as dec', 'dec.id', 'g.decided_by')
        .leftJoin('org_role as r', 'r.id', 'g.role_id')
        .select(['g.id', 'g.kind', 'g.action', 'g.platform_role as platformRole', 'g.role_id as roleId', 'r.name as roleName', 'g.permission', 'g.reason', 'g.state', 'g.requested_at as requestedAt', 'g.decided_at as decidedAt', 'g.decision_note as note'])
        .select(['u.id as userId', 'u.name as userName', 'u.login_id as userLogin', 'by.name as requestedBy', 'dec.name as decidedBy'])
        .orderBy('g.id', 'desc')
        .limit(500);
      if (req.query.state) query = query.where('g.state', '=', req.query.state);
      return query.execute();
    });
    return { code: 200, msg: 'ok', data: { requests } };
  });

  for (const verdict of ['approve', 'reject'] as const) {
    app.post(`/api/org/grant-requests/:id/${verdict}`, { config: { access: decide, action: `org.grant.${verdict}` }, schema: { params: IdParam, querystring: NoQuery, body: DecisionBody } }, async (req) => {
      const space = currentSpace(req);
      const me = signedIn(req);
      req.ctx.auditTarget = req.params.id;
      await kernel.transact(req, async (trx) => {
        const request = await trx.selectFrom('org_grant_request').selectAll().where('id', '=', req.params.id).forUpdate().executeTakeFirst();
        if (!request) throw fail.notFound('org.grants.notFound');
        if (request.state !== 'pending') throw fail.conflict('org.grants.decided');
        if (request.user_id === me.userId || request.requested_by === me.userId) throw fail.forbidden('org.grants.ownRequest');
        if (verdict === 'approve') await apply(trx, kernel, space.id, request);
        await trx
          .updateTable('org_grant_request')
          .set({ state: verdict === 'approve' ? 'approved' : 'rejected', decided_by: me.userId, decided_at: new Date(kernel.clock.now()), decision_note: req.body.note?.trim() || null })
          .where('id', '=', request.id)
          .execute();
      });
      if (verdict === 'approve') kernel.sessions.forget('all');
      return { code: 200, msg: 'ok', data: { id: req.params.id, state: verdict === 'approve' ? 'approved' : 'rejected' } };
    });
  }

  app.post('/api/org/grant-requests/:id/withdraw', { config: { access: ask, action: 'org.grant.withdraw' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const me = signedIn(req);
    req.ctx.auditTarget = req.params.id;
    const updated = await kernel.transact(req, (trx) =>
      trx.updateTable('org_grant_request').set({ state: 'withdrawn', decided_by: me.userId, decided_at: new Date(kernel.clock.now()) }).where('id', '=', req.params.id).where('state', '=', 'pending').where('requested_by', '=', me.userId).executeTakeFirst(),
    );
    if (updated.numUpdatedRows === 0n) throw fail.notFound('org.grants.notFound');
    return { code: 200, msg: 'ok', data: null };
  });
}
