import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { registerAgentRuleRoutes } from './agents.ts';
import { registerHostingRoutes } from './hosting.ts';

/** Application agents and account hosting (decision 0055); the engine reads them through proxies.ts. */
export function registerAgentRoutes(app: App, kernel: Kernel): void {
  registerAgentRuleRoutes(app, kernel);
  registerHostingRoutes(app, kernel);
}
