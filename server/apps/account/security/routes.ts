import { NoQuery } from '../../../../shared/api/common.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { registerBindingRoutes } from './binding-routes.ts';
import { securityView } from './level.ts';
import { registerResetRoutes } from './reset-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerTwoStepRoutes } from './two-step-routes.ts';

/** Personal account security (the "account security" tab of the personal settings; decisions 0056 and 0057). */
export function registerSecurityRoutes(app: App, kernel: Kernel): void {
  app.get('/api/account/security', { config: { access: 'signedIn' }, schema: { querystring: NoQuery } }, async (req) => {
    const principal = signedIn(req);
    const view = await kernel.transact(req, (trx) => securityView(kernel, trx, principal.userId));
    return { code: 200, msg: 'ok', data: view };
  });
  registerTwoStepRoutes(app, kernel);
  registerBindingRoutes(app, kernel);
  registerSessionRoutes(app, kernel);
  registerResetRoutes(app, kernel);
}
