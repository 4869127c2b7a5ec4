import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { DelegationBody } from '../../../shared/api/org-roles.ts';
import { DELEGABLE_PERMISSIONS, isDelegable, rolesFor } from '../../../shared/permissions.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { openRequest } from './grants.ts';

/** The built pages each delegable permission opens, as route ids: the page shows what a delegate will reach. */
function pagesOf(permission: string): string[] {
  return ROUTES.filter((route) => route.permission === permission && route.status === 'built').map((route) => route.id);
}

/**
 * Console page delegation (permissionmanage, console/consolePermission; decision 0045): who may open which console
 * page beyond the administrators. The administrator asks, the security reviewer decides (the grant-request flow),
 * and the result lives on the membership where the kernel's access check reads it.
 */
export function registerDelegationRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.grants.read' } as const;
  const ask = { permission: 'org.grants.request' } as const;

  app.get('/api/org/delegations', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    // Memberships are a platform table: every statement names the request's own space.
    const holders = await kernel.transact(req, (trx) =>
      trx
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id as userId', 'u.name', 'u.login_id as loginId', 'm.delegated', 'm.status'])
        .where('m.space_id', '=', space.id)
        .where(sql<boolean>`cardinality(m.delegated) > 0`)
        .orderBy('u.name')
        .execute(),
    );
    const permissions = DELEGABLE_PERMISSIONS.map((name) => ({
      name,
      pages: pagesOf(name),
      holders: holders.filter((h) => h.delegated.includes(name)).map(({ userId, name: userName, loginId, status }) => ({ userId, name: userName, loginId, status })),
    }));
    return { code: 200, msg: 'ok', data: { permissions } };
  });

  app.post('/api/org/delegations', { config: { access: ask, action: 'org.delegation.request' }, schema: { querystring: NoQuery, body: DelegationBody } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    const { userId, permission, action } = req.body;
    const reason = req.body.reason.trim();
    req.ctx.auditTarget = `${userId}:${action}:${permission}`;
    if (!isDelegable(permission)) throw fail.unprocessable('org.delegation.notDelegable', {}, { field: 'permission' });
    if (!reason) throw fail.unprocessable('org.grants.reasonRequired', {}, { field: 'reason' });
    const id = await kernel.transact(req, async (trx) => {
      const membership = await trx.selectFrom('memberships').select(['roles', 'delegated', 'status']).where('space_id', '=', space.id).where('user_id', '=', userId).executeTakeFirst();
      if (!membership) throw fail.unprocessable('org.notMember');
      if (action === 'grant') {
        if (membership.status !== 'active') throw fail.unprocessable('org.delegation.disabledMember');
        // An administrator already opens these pages: a delegation would say nothing and outlive a later revoke.
        if (rolesFor(permission).some((role) => membership.roles.includes(role))) throw fail.unprocessable('org.delegation.heldByRole');
        if (membership.delegated.includes(permission)) throw fail.unprocessable('org.delegation.alreadyHeld');
      } else if (!membership.delegated.includes(permission)) throw fail.unprocessable('org.delegation.notHeld');
      return openRequest(trx, space.id, { userId, kind: 'permission', action, permission, reason, requestedBy: me.userId });
    });
    return { code: 200, msg: 'org.grants.filed', data: { id } };
  });
}
