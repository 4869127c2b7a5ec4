import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { registerImageRoutes } from './images.ts';
import { registerManageRoutes } from './manage-routes.ts';
import { registerViewRoutes } from './view-routes.ts';
import './tables.ts';

/**
 * The portal micro-app (decision 0060): portals per terminal with their layout, their pictures, and the
 * open call that gathers each component's data from the app that registered its source (kernel.portalSources).
 */
function register(app: App, kernel: Kernel): void {
  registerManageRoutes(app, kernel);
  registerViewRoutes(app, kernel);
  registerImageRoutes(app, kernel);
}

export const portalApp: ServerApp = { id: 'portal', register };
