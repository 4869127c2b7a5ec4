import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { registerMemberRoutes } from './member-routes.ts';
import { registerOpenApiRoute } from './openapi.ts';
import { registerReviewRoutes } from './review-routes.ts';
import { provideBearer } from './tokens.ts';

/** Developer authorisation and the developer centre's API reference (decisions 0058, 0059). */
export function registerDeveloper(app: App, kernel: Kernel): void {
  provideBearer(kernel);
  registerMemberRoutes(app, kernel);
  registerReviewRoutes(app, kernel);
  registerOpenApiRoute(app, kernel);
}
