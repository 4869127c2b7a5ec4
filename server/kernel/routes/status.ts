import { NoQuery } from '../../../shared/api/common.ts';
import { MaintenanceBody } from '../../../shared/api/kernel.ts';
import { PUBLISH_VERSION } from '../../../shared/constants.ts';
import type { App } from '../http/server.ts';
import type { Kernel } from '../kernel.ts';

/** `/sapi/appstore/app/status`: platform status, and root's maintenance switch. Both answer during maintenance. */
export function registerStatusRoutes(app: App, kernel: Kernel): void {
  const status = () => ({
    code: 200,
    msg: 'ok',
    data: {
      status: kernel.maintenance.on ? 'maintenance' : 'normal',
      maintenance: kernel.maintenance.on,
      message: kernel.maintenance.current.message,
      publishVersion: PUBLISH_VERSION,
      serverTime: new Date(kernel.clock.now()).toISOString(),
    },
  });

  app.get('/sapi/appstore/app/status', { config: { access: 'public', allowInMaintenance: true }, schema: { querystring: NoQuery } }, async () => status());

  app.put(
    '/sapi/appstore/app/status',
    {
      config: { access: { permission: 'kernel.maintenance.switch' }, allowInMaintenance: true, action: 'kernel.maintenance.switch' },
      schema: { querystring: NoQuery, body: MaintenanceBody },
    },
    async (req) => {
      const state = { on: req.body.maintenance, message: req.body.message ?? null };
      req.ctx.auditTarget = state.on ? 'on' : 'off';
      await kernel.transact(req, (trx) => kernel.maintenance.save(trx, state));
      kernel.maintenance.apply(state);
      return status();
    },
  );
}
