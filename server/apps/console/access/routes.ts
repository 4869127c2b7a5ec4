import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { registerApiKeyRoutes } from './api-keys.ts';
import { registerHelpAdminRoutes } from './help-admin.ts';
import { registerLicenceRoutes } from './licence.ts';
import { registerPlatformApi } from './platform-api.ts';
import { registerReleaseRoutes } from './releases.ts';
import { registerSmsRoutes } from './sms.ts';

/** Platform access: API keys and the platform API, licences, SMS, applet and app versions, help centre. */
export function registerAccessRoutes(app: App, kernel: Kernel): void {
  registerApiKeyRoutes(app, kernel);
  registerPlatformApi(app, kernel);
  registerLicenceRoutes(app, kernel);
  registerSmsRoutes(app, kernel);
  registerReleaseRoutes(app, kernel);
  registerHelpAdminRoutes(app, kernel);
}
