import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { NoticeWorker, noticeWorkers } from './notice-worker.ts';
import { registerNoticeRoutes } from './notices.ts';
import { registerSettingsRoutes } from './settings.ts';
import { registerOperatorUserRoutes } from './users.ts';
import './tables.ts';

/** The operator's accounts, notices, platform settings and role permissions (decisions 0079–0081). */
export function registerOperatorRoutes(app: App, kernel: Kernel): void {
  registerOperatorUserRoutes(app, kernel);
  registerNoticeRoutes(app, kernel);
  registerSettingsRoutes(app, kernel);
  // Due announcements and maintenance fire from jobs of the kernel's queue queued for their time.
  const worker = new NoticeWorker(kernel);
  noticeWorkers.set(kernel, worker);
  worker.define();
}
