import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { appsProvider } from './apps-provider.ts';
import { registerAppRoutes } from './apps.ts';
import { registerMemberAppRoutes } from './member-apps.ts';
import { noteRecord } from './record-marks.ts';
import { registerRecentRecordRoutes } from './recent-records.ts';
import { registerRecycleRoutes } from './recycle.ts';
import { registerSystemRoutes } from './systems.ts';
import { registerStoreRoutes } from './store/routes.ts';

/**
 * Application centre (spec §2.7, §2.8): systems group a space's applications. Both are space-owned rows, so
 * row-level security confines every query to the request's space: another space's ids are simply not found.
 */
function register(app: App, kernel: Kernel): void {
  // Live apps (not in the recycle bin) for the enterprise overview.
  kernel.usage.register('appcenter', async (trx) => ({
    apps: Number((await trx.selectFrom('appcenter_app').select((eb) => eb.fn.countAll<string>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n),
  }));
  // The apps that live in or point at apps (forms, org, portal) ask through the kernel, never these tables.
  kernel.apps.provide(appsProvider);
  kernel.recordVisits.listen(noteRecord);
  registerSystemRoutes(app, kernel);
  registerAppRoutes(app, kernel);
  registerRecycleRoutes(app, kernel);
  registerMemberAppRoutes(app, kernel);
  registerRecentRecordRoutes(app, kernel);
  registerStoreRoutes(app, kernel);
}

export const appcenterApp: ServerApp = { id: 'appcenter', register };
