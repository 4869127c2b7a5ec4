import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { registerConsoleRoutes } from './console.ts';
import { defineNoticeDelivery } from './delivery.ts';
import { registerNoticeRoutes } from './notices.ts';
import { registerResourceRoutes } from './resources.ts';
import { registerSettingsRoutes } from './settings.ts';
import './tables.ts';

/**
 * The service provider's own console (decisions 0071, 0074, 0075): every provider read and write runs in
 * `kernel.providerTransact`, where the database narrows spaces and memberships to the provider's and the
 * provider-owned tables to its rows; a space's own figures are read after `enterProviderSpace`.
 */
export function registerSaasRoutes(app: App, kernel: Kernel): void {
  defineNoticeDelivery(kernel);
  registerConsoleRoutes(app, kernel);
  registerSettingsRoutes(app, kernel);
  registerNoticeRoutes(app, kernel);
  registerResourceRoutes(app, kernel);
}
