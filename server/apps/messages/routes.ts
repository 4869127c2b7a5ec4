import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { registerAdminRoutes } from './admin-routes.ts';
import { registerCentreRoutes } from './centre-routes.ts';
import { defineDeliveryJobs } from './deliver.ts';
import { registerPortalSource } from './portal-source.ts';
import { noticeSender } from './sender.ts';
import './tables.ts';

/**
 * The messages micro-app (decision 0051): the sender behind `kernel.notices.send`, its delivery jobs on
 * the kernel's queue (decision 0096), the message centre and the administrator's pages. Texts go out through the
 * operator's SMS accounts (kernel.sms, decision 0089).
 */
function register(app: App, kernel: Kernel): void {
  kernel.notices.provideSender(noticeSender(kernel));
  defineDeliveryJobs(kernel);
  registerCentreRoutes(app, kernel);
  registerPortalSource(kernel);
  registerAdminRoutes(app, kernel);
}

export const messagesApp: ServerApp = { id: 'messages', register };
