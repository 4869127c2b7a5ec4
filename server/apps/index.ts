import path from 'node:path';
import type { MigrationSource } from '../kernel/db/migrate.ts';
import { accountApp } from './account/routes.ts';
import { appcenterApp } from './appcenter/routes.ts';
import { chatApp } from './chat/routes.ts';
import { dashboardsApp } from './dashboards/routes.ts';
import { consoleApp } from './console/routes.ts';
import { formsApp } from './forms/routes.ts';
import { iotApp } from './iot/routes.ts';
import { messagesApp } from './messages/routes.ts';
import { orgApp } from './org/routes.ts';
import { portalApp } from './portal/routes.ts';
import type { ServerApp } from './types.ts';
import { workflowApp } from './workflow/routes.ts';
import { PROJECT_ROOT } from '../kernel/paths.ts';

/** The static list of server micro-apps (no folder scanning): order is registration and migration order. */
export const SERVER_APPS: readonly ServerApp[] = [accountApp, consoleApp, appcenterApp, orgApp, iotApp, formsApp, workflowApp, messagesApp, chatApp, portalApp, dashboardsApp];

// From the project folder, not this file's: the compiled server runs from dist/server (server/kernel/paths.ts).
const here = path.join(PROJECT_ROOT, 'server/apps');

export const MIGRATION_SOURCES: readonly MigrationSource[] = [
  { scope: 'kernel', dir: path.resolve(here, '../kernel/migrations') },
  ...SERVER_APPS.map((app) => ({ scope: app.id, dir: path.join(here, app.id, 'migrations') })),
];
