import { formsUsage } from './usage.ts';
import { formRecordsOf } from './flow-records.ts';
import { recordWriterOf } from './write.ts';
import { recordSummaryReader } from './record-summaries.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { META_CHANNEL, forgetFormsMeta } from './context.ts';
import { registerAppSearch } from './app-search.ts';
import { registerDataCenterRoutes } from './datacenter/routes.ts';
import { registerDesignRoutes } from './design-routes.ts';
import { registerFormAdminRoutes } from './form-admin-routes.ts';
import { registerFileRoutes } from './files-routes.ts';
import { registerMonitorRoutes } from './monitor-routes.ts';
import { registerJobRoutes } from './jobs/job-routes.ts';
import { registerQrRoutes } from './qr-routes.ts';
import { registerPortalSource } from './portal-source.ts';
import { registerAnalysis } from './analysis/provider.ts';
import { registerPackagePart } from './package-part.ts';
import { registerRecordRoutes } from './record-routes.ts';
import { registerViewRoutes } from './views-routes.ts';
import './schema.ts';

/**
 * The forms engine (spec §2.7, §2.8, §3–§6): form design and versions, records with numbering, record
 * permissions, views, discussion, QR codes, import and export. Records of a form live in its own table (storage.ts).
 */
function register(app: App, kernel: Kernel): void {
  kernel.usage.register('forms', formsUsage);
  kernel.recordFlow.provideRecords(formRecordsOf(kernel));
  kernel.records.provide(recordWriterOf(kernel));
  kernel.recordSummaries.provide(recordSummaryReader);
  registerPortalSource(kernel.portalSources);
  registerAnalysis(kernel);
  registerPackagePart(kernel);
  // The cached form/rule/membership facts of record calls: forgotten on every change (see context.ts).
  void kernel.listener.listen(META_CHANNEL, forgetFormsMeta).catch((error: unknown) => kernel.log.error({ err: error }, 'listening for forms changes failed'));
  // Before the answer leaves (its transaction has committed), so the caller's next request sees the change.
  kernel.writeAnswered.push(forgetFormsMeta);
  registerDesignRoutes(app, kernel);
  registerFormAdminRoutes(app, kernel);
  registerRecordRoutes(app, kernel);
  registerViewRoutes(app, kernel);
  registerFileRoutes(app, kernel);
  registerQrRoutes(app, kernel);
  registerJobRoutes(app, kernel);
  registerAppSearch(app, kernel);
  registerMonitorRoutes(app, kernel);
  registerDataCenterRoutes(app, kernel);
}

export const formsApp: ServerApp = { id: 'forms', register };
