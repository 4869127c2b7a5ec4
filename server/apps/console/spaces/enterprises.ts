import { signedIn } from '../../../kernel/http/context.ts';
import { sql } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import {
  CreateEnterpriseBody,
  EnterpriseParam,
  EnterpriseQuery,
  OptionalReasonBody,
  ReasonBody,
  UpdateEnterpriseBody,
  type EnterpriseDetail,
} from '../../../../shared/api/console-spaces.ts';
import type { SpaceStatus } from '../../../kernel/db/schema.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { hashPassword } from '../../../kernel/passwords.ts';
import { assertActiveProvider, createAccount, grantProviderAccounts, revokeProviderAccounts } from './accounts.ts';
import { enterpriseRow, enterpriseRows, insertEnterprise } from './enterprise-rows.ts';
import { assertQuotasCover, spaceUse } from './usage.ts';
import { announceMembers } from './member-events.ts';

const access = { permission: 'console.spaces.manage' } as const;

/** Enterprise spaces' lifecycle (sysop/enterprise, /add, /edit, /space): list, create, edit, suspend, resume, archive. */
export function registerEnterpriseRoutes(app: App, kernel: Kernel): void {
  app.get('/api/console/enterprises', { config: { access }, schema: { querystring: EnterpriseQuery } }, async (req) => {
    const { provider, status, q } = req.query;
    const enterprises = await kernel.transact(req, (trx) => enterpriseRows(trx, { provider, status, q }));
    return { code: 200, msg: 'ok', data: { enterprises } };
  });

  app.get('/api/console/enterprises/:id', { config: { access }, schema: { params: EnterpriseParam, querystring: NoQuery } }, async (req) => {
    const detail: EnterpriseDetail = await kernel.transact(req, async (trx) => {
      const row = await enterpriseRow(trx, req.params.id);
      const use = await spaceUse(kernel, trx, row.id);
      const admins = await trx
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.login_id', 'u.name'])
        .where('m.space_id', '=', row.id)
        .where(sql<boolean>`'admin' = any(m.roles)`)
        .orderBy('m.created_at')
        .execute();
      return { ...row, ...use, admins: admins.map((a) => ({ userId: a.id, loginId: a.login_id, name: a.name })) };
    });
    return { code: 200, msg: 'ok', data: detail };
  });

  app.post('/api/console/enterprises', { config: { access, action: 'console.enterprise.create' }, schema: { querystring: NoQuery, body: CreateEnterpriseBody } }, async (req) => {
    const { admin, ...space } = req.body;
    req.ctx.auditTarget = space.id ?? space.name;
    const passwordHash = await hashPassword(admin.password);
    const created = await kernel.transact(req, async (trx) => {
      const { id, joined } = await insertEnterprise(trx, { ...space, adminUserId: () => createAccount(trx, { ...admin, passwordHash }, null) });
      await announceMembers(kernel, trx, 'org.member.joined', joined, signedIn(req).userId);
      await kernel.sessions.announceMembershipChange(trx);
      return enterpriseRow(trx, id);
    });
    req.ctx.auditTarget = created.id;
    kernel.sessions.forget('all');
    return { code: 200, msg: 'ok', data: created };
  });

  app.patch('/api/console/enterprises/:id', { config: { access, action: 'console.enterprise.update' }, schema: { params: EnterpriseParam, querystring: NoQuery, body: UpdateEnterpriseBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const { name, providerId, quotas } = req.body;
    const updated = await kernel.transact(req, async (trx) => {
      const before = await trx.selectFrom('spaces').select(['id', 'provider_id']).where('id', '=', req.params.id).forUpdate().executeTakeFirst();
      if (!before) throw fail.notFound('space.notFound');
      if (quotas) assertQuotasCover(quotas, (await spaceUse(kernel, trx, before.id)).used);
      const moved = providerId !== undefined && providerId !== before.provider_id;
      if (moved && providerId) await assertActiveProvider(trx, providerId);
      await trx
        .updateTable('spaces')
        .set({
          ...(name !== undefined ? { name: name.trim() } : {}),
          ...(moved ? { provider_id: providerId } : {}),
          ...(quotas ? { quota_members: quotas.members, quota_apps: quotas.apps, quota_storage_mb: quotas.storageMb } : {}),
        })
        .where('id', '=', before.id)
        .execute();
      if (moved) {
        if (before.provider_id) await announceMembers(kernel, trx, 'org.member.left', await revokeProviderAccounts(trx, before.provider_id, before.id), signedIn(req).userId);
        if (providerId) await announceMembers(kernel, trx, 'org.member.joined', await grantProviderAccounts(trx, providerId, before.id), signedIn(req).userId);
      }
      // Names and memberships ride on cached principals.
      await kernel.sessions.announceMembershipChange(trx);
      return enterpriseRow(trx, before.id);
    });
    kernel.sessions.forget('all');
    return { code: 200, msg: 'ok', data: updated };
  });

  const changeStatus = (to: SpaceStatus, from: readonly SpaceStatus[], conflictKey: string) => async (id: string, reason: string | null, req: Parameters<Kernel['transact']>[0]) => {
    req.ctx.auditTarget = id;
    const row = await kernel.transact(req, async (trx) => {
      const space = await trx.selectFrom('spaces').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!space) throw fail.notFound('space.notFound');
      if (!from.includes(space.status)) throw fail.conflict(conflictKey, { status: space.status });
      await trx.updateTable('spaces').set({ status: to, status_reason: reason, status_changed_at: new Date(kernel.clock.now()) }).where('id', '=', id).execute();
      // The session store reads only active spaces' memberships: every cached principal must read them again.
      await kernel.sessions.announceMembershipChange(trx);
      return enterpriseRow(trx, id);
    });
    kernel.sessions.forget('all');
    return { code: 200, msg: 'ok', data: row };
  };
  const suspend = changeStatus('suspended', ['active'], 'consoleSpaces.status.notActive');
  const resume = changeStatus('active', ['suspended', 'archived'], 'consoleSpaces.status.alreadyActive');
  const archive = changeStatus('archived', ['active', 'suspended'], 'consoleSpaces.status.alreadyArchived');

  app.post('/api/console/enterprises/:id/suspend', { config: { access, action: 'console.enterprise.suspend' }, schema: { params: EnterpriseParam, querystring: NoQuery, body: ReasonBody } }, (req) =>
    suspend(req.params.id, req.body.reason.trim(), req),
  );
  app.post('/api/console/enterprises/:id/resume', { config: { access, action: 'console.enterprise.resume' }, schema: { params: EnterpriseParam, querystring: NoQuery, body: OptionalReasonBody } }, (req) =>
    resume(req.params.id, req.body.reason?.trim() ?? null, req),
  );
  app.post('/api/console/enterprises/:id/archive', { config: { access, action: 'console.enterprise.archive' }, schema: { params: EnterpriseParam, querystring: NoQuery, body: OptionalReasonBody } }, (req) =>
    archive(req.params.id, req.body.reason?.trim() ?? null, req),
  );
}
