import { buildPath, type RouteMatch } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';

/** An article's page (`news/show?id=` or the help centre with `?id=`), in the space the reader is in, if any. */
export function articlePath(routeId: 'portal.newsShow' | 'portal.newsList' | 'portal.helpCenter', id: string | null, match: RouteMatch): string {
  const route = ROUTES.find((r) => r.id === routeId)!;
  const path = buildPath(route, {}, match.spaceUri ? match.spaceId : null);
  return id ? `${path}?id=${encodeURIComponent(id)}` : path;
}
