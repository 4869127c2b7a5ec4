import type { ComponentType } from 'react';
import type { RouteMatch } from '../../shared/routes/match.ts';

/** Every page receives its route match: path params, spaceUri, spaceId, isCrossSpace and the parsed query. */
export interface PageProps {
  match: RouteMatch;
}

/** A micro-app's lazy chunk: its pages by the name in the route table's `page` (`<app>/<Name>`). */
export interface PageModule {
  pages: Record<string, ComponentType<PageProps>>;
}
