import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { registerAgentRoutes } from './agent-routes.ts';
import { registerDesignRoutes } from './design-routes.ts';
import { flowLock } from './lock.ts';
import { registerRunRoutes } from './run-routes.ts';
import { registerTodoRoutes } from './todo-routes.ts';
import { registerMonitorRoutes } from './monitor-routes.ts';
import { registerPortalSource } from './portal-source.ts';
import { registerPackagePart } from './package-part.ts';
import { defineTimerJob } from './timer-work.ts';
import './tables.ts';

/**
 * The workflow micro-app (decision 0053): flows designed per form, the engine that runs them, to-dos,
 * agents and account hosting, monitoring. It works on records through forms' half of `kernel.recordFlow` and gives
 * forms its lock (a record in flow changes only through the flow).
 */
function register(app: App, kernel: Kernel): void {
  kernel.recordFlow.provideLock(flowLock);
  defineTimerJob(kernel);
  registerDesignRoutes(app, kernel);
  registerRunRoutes(app, kernel);
  registerTodoRoutes(app, kernel);
  registerMonitorRoutes(app, kernel);
  registerAgentRoutes(app, kernel);
  registerPortalSource(kernel);
  registerPackagePart(kernel);
}

export const workflowApp: ServerApp = { id: 'workflow', register };
