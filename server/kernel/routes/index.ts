import type { App } from '../http/server.ts';
import type { Kernel } from '../kernel.ts';
import { registerNapiRoutes } from './napi.ts';
import { registerOplogRoutes } from './oplog.ts';
import { registerSocketRoute } from './socket.ts';
import { registerStatusRoutes } from './status.ts';

export function registerKernelRoutes(app: App, kernel: Kernel): void {
  registerNapiRoutes(app, kernel);
  registerStatusRoutes(app, kernel);
  registerOplogRoutes(app, kernel);
  registerSocketRoute(app, kernel);
}
