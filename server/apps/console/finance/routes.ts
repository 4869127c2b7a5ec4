import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { registerBillRoutes } from './bills.ts';
import { registerCatalogRoutes } from './catalog.ts';
import { registerChannelRoutes } from './channels.ts';
import { registerOrderRoutes } from './orders.ts';

/** Payments (issue 17): the catalogue and shop, payment channels, orders and bills — root only (decisions 0087–0088). */
export function registerFinanceRoutes(app: App, kernel: Kernel): void {
  registerCatalogRoutes(app, kernel);
  registerChannelRoutes(app, kernel);
  registerOrderRoutes(app, kernel);
  registerBillRoutes(app, kernel);
}
