import type { Role } from '../../shared/roles.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';

/** A path parameter without `?`: the page cannot be opened without it. */
const REQUIRED_PARAM = /\{[^}?]+\}/;

export interface MenuGroup {
  app: string;
  routes: RouteEntry[];
}

/**
 * The pages a user is offered in menus, the workbench and header search (issue 9): built pages they may open
 * (`allowed`), that open without path parameters or a chosen form, whatever their frame. A planned page stays
 * reachable by its URL but is advertised nowhere. Frame pages (login, not-found…) and header pages are not offered.
 */
export function offeredPages(allowed: readonly RouteEntry[], roles: readonly Role[]): RouteEntry[] {
  return allowed.filter(
    (route) =>
      route.status === 'built' &&
      route.layout !== 'access' &&
      route.app !== 'shell' &&
      route.belong !== 'header' &&
      route.inMenu !== false &&
      !REQUIRED_PARAM.test(route.pattern) &&
      (!route.menuRoles || route.menuRoles.some((role) => roles.includes(role))),
  );
}

/**
 * The side menu, the same in every frame: the offered pages grouped by micro-app. One menu for all frames so a
 * built page of the customer frame (real-time devices, base settings) is reachable from the main frame too.
 */
export function menuFor(allowed: readonly RouteEntry[], roles: readonly Role[]): MenuGroup[] {
  const groups = new Map<string, RouteEntry[]>();
  for (const route of offeredPages(allowed, roles)) groups.set(route.app, [...(groups.get(route.app) ?? []), route]);
  return [...groups].map(([app, routes]) => ({ app, routes }));
}
