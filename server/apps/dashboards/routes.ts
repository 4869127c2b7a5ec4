import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { registerBoardRoutes } from './board-routes.ts';
import { registerChartRoutes } from './chart-routes.ts';
import { registerDataRoutes } from './data-routes.ts';
import { registerExportRoute } from './export-route.ts';
import { registerChartSource } from './portal-source.ts';
import { ChartResults } from './results.ts';
import { registerSearchRoutes } from './search-routes.ts';
import './tables.ts';

/**
 * The dashboards micro-app (decision 0065; contract notes/dashboards-api.md): charts over one form each,
 * dashboards and data screens placing them, search, export and drill-down, and the portal's chart component. The
 * numbers come from the forms app (kernel.analysis), always inside the viewer's record permissions; this app keeps
 * the definitions, who may open and change them, and a per-viewer cache of results.
 */
function register(app: App, kernel: Kernel): void {
  const results = new ChartResults(kernel);
  registerChartRoutes(app, kernel);
  registerBoardRoutes(app, kernel);
  registerDataRoutes(app, kernel, results);
  registerExportRoute(app, kernel, results);
  registerSearchRoutes(app, kernel);
  registerChartSource(kernel, results);
}

export const dashboardsApp: ServerApp = { id: 'dashboards', register };
