import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { noticeWorkers } from '../operator/notice-worker.ts';
import { registerBillRoutes } from './bills.ts';
import { registerCatalogRoutes } from './catalog.ts';
import { registerChannelRoutes } from './channels.ts';
import { expireSubscriptions } from './expiry.ts';
import { registerOrderRoutes } from './orders.ts';

/** Payments: the catalogue and shop, payment channels, orders and bills — root only (decisions 0087–0088). */
export function registerFinanceRoutes(app: App, kernel: Kernel): void {
  registerCatalogRoutes(app, kernel);
  registerChannelRoutes(app, kernel);
  registerOrderRoutes(app, kernel);
  registerBillRoutes(app, kernel);
  // Subscriptions end with the console's timed work (registered by the operator area, before this one).
  const worker = noticeWorkers.get(kernel);
  if (!worker) throw new Error('The operator area registers the console\'s timed work before payments.');
  worker.also(() => expireSubscriptions(kernel));
}
