import { NoQuery } from '../../../../shared/api/common.ts';
import { PlatformSettingsBody, RolePermissionBody, RolePermissionParam, type PlatformSettings, type RolePermissionRow } from '../../../../shared/api/console-operator.ts';
import { PERMISSIONS, type Permission } from '../../../../shared/permissions.ts';
import { ROLES } from '../../../../shared/roles.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { lockedForRoot, withChange } from '../../../kernel/role-permissions.ts';

const access = { permission: 'console.platform.manage' } as const;

/**
 * Platform settings (`/root/systemConfig`, decision 0080) and the role × permission table (`/root/role`,
 * `/root/perMange`, decision 0081). Both live in `platform_settings`; the kernel keeps them in memory and every
 * process follows a change through NOTIFY. The readers are where the rule applies: registration of enterprises,
 * the forms upload, the language of a request, the header's download link, the access check of every route.
 */
export function registerSettingsRoutes(app: App, kernel: Kernel): void {
  app.get('/api/console/operator/settings', { config: { access }, schema: { querystring: NoQuery } }, async () => ({
    code: 200,
    msg: 'ok',
    data: { settings: kernel.platform.current, environment: { desktopDownloadUrl: kernel.config.desktopDownloadUrl } },
  }));

  app.patch('/api/console/operator/settings', { config: { access, action: 'console.settings.update' }, schema: { querystring: NoQuery, body: PlatformSettingsBody } }, async (req) => {
    req.ctx.auditTarget = Object.keys(req.body).join(',');
    const stored = await kernel.transact(req, async (trx) => {
      const next: Partial<PlatformSettings> = { ...(await kernel.platform.storedForUpdate(trx)), ...req.body };
      await kernel.platform.save(trx, next);
      return next;
    });
    kernel.platform.apply(stored);
    return { code: 200, msg: 'ok', data: { settings: kernel.platform.current, environment: { desktopDownloadUrl: kernel.config.desktopDownloadUrl } } };
  });

  // What clients need before anyone signs in: the registration page, the desktop app's update feed and download link.
  app.get('/api/console/platform', { config: { access: 'public', allowInMaintenance: true }, schema: { querystring: NoQuery } }, async () => ({ code: 200, msg: 'ok', data: kernel.platform.current }));

  app.get('/api/console/operator/roles', { config: { access }, schema: { querystring: NoQuery } }, async () => {
    const counts = await kernel.db
      .selectFrom((db) => db.selectFrom('memberships').select((eb) => eb.fn<string>('unnest', ['roles']).as('role')).as('r'))
      .select(['r.role', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('r.role')
      .execute();
    const names = Object.keys(PERMISSIONS) as Permission[];
    const changes = kernel.rolePermissions.current;
    const rows: RolePermissionRow[] = ROLES.map((role) => ({
      role,
      members: Number(counts.find((c) => c.role === role)?.n ?? 0),
      permissions: names.map((permission) => {
        const held = kernel.rolePermissions.rolesFor(permission).includes(role);
        const changed = !!changes.granted[permission]?.includes(role) || !!changes.withdrawn[permission]?.includes(role);
        return { permission, held, changed, locked: lockedForRoot(role, permission) };
      }),
    }));
    return { code: 200, msg: 'ok', data: { roles: rows } };
  });

  app.put(
    '/api/console/operator/roles/:role/permissions/:permission',
    { config: { access, action: 'console.rolePermission.set' }, schema: { params: RolePermissionParam, querystring: NoQuery, body: RolePermissionBody } },
    async (req) => {
      const { role, permission } = req.params;
      req.ctx.auditTarget = `${role}:${permission}=${req.body.held ? 'on' : 'off'}`;
      if (!(permission in PERMISSIONS)) throw fail.unprocessable('consoleOperator.roles.unknownPermission', { permission });
      if (lockedForRoot(role, permission)) throw fail.unprocessable('consoleOperator.roles.rootLocked', { permission });
      const changes = await kernel.transact(req, async (trx) => {
        const next = withChange(await kernel.rolePermissions.storedForUpdate(trx), role, permission as Permission, req.body.held);
        await kernel.rolePermissions.save(trx, next);
        return next;
      });
      kernel.rolePermissions.apply(changes);
      return { code: 200, msg: 'ok', data: { role, permission, held: kernel.rolePermissions.rolesFor(permission as Permission).includes(role) } };
    },
  );
}
