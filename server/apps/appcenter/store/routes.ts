import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { registerBannerRoutes } from './banner-routes.ts';
import { registerBrowseRoutes } from './browse-routes.ts';
import { registerPublishRoutes } from './publish-routes.ts';
import { registerReviewRoutes } from './review-routes.ts';
import './tables.ts';

/** The application store (decisions 0076–0078): publish, review, browse, install and update, banners. */
export function registerStoreRoutes(app: App, kernel: Kernel): void {
  registerPublishRoutes(app, kernel);
  registerReviewRoutes(app, kernel);
  registerBannerRoutes(app, kernel);
  registerBrowseRoutes(app, kernel);
}
