import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { registerEnterpriseRoutes } from './enterprises.ts';
import { registerProviderRoutes } from './providers.ts';
import { registerSpaceRequestRoutes } from './requests.ts';

/** Root's service providers, enterprise spaces' lifecycle and enterprise registrations (decision 0072). */
export function registerSpacesRoutes(app: App, kernel: Kernel): void {
  registerProviderRoutes(app, kernel);
  registerEnterpriseRoutes(app, kernel);
  registerSpaceRequestRoutes(app, kernel);
}
