import type { RouteEntry } from '../types.ts';
import { CONSOLE, routeGroup } from './define.ts';

const route = routeGroup('workflow');

/** Application agents act on to-dos (spec §2.8), so their configuration sits with the workflow engine. */
export const WORKFLOW_ROUTES: RouteEntry[] = [
  route('appAgent', 'appconfig/appagent', 'AppAgentPage'),
  route('consoleMonitoring', 'console/tmp/workflow/monitoring', 'WorkflowMonitoringPage', CONSOLE),
];
