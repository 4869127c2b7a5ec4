import type { Layout, RouteEntry } from '../../shared/routes/types.ts';

export interface MenuGroup {
  app: string;
  routes: RouteEntry[];
}

/**
 * The menu of a layout: the pages of that layout the user may open, without path parameters, grouped by
 * micro-app, built pages first. Frame pages (login, not-found…) and header pages are not menu items.
 */
export function menuFor(layout: Layout, allowed: readonly RouteEntry[]): MenuGroup[] {
  const groups = new Map<string, RouteEntry[]>();
  for (const route of allowed) {
    if (route.layout !== layout || route.app === 'shell' || route.belong === 'header' || route.pattern.includes('{')) continue;
    groups.set(route.app, [...(groups.get(route.app) ?? []), route]);
  }
  const builtFirst = (a: RouteEntry, b: RouteEntry) => Number(b.status === 'built') - Number(a.status === 'built');
  return [...groups].map(([app, routes]) => ({ app, routes: routes.sort(builtFirst) }));
}
