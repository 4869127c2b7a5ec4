import { navigablePage, safeUrl, type MyNavigationEntry } from '../../shared/org/navigation.ts';
import type { Role } from '../../shared/roles.ts';
import { buildPath } from '../../shared/routes/match.ts';
import { ROUTES } from '../../shared/routes/table.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';

/** A path parameter without `?`: the page cannot be opened without it. */
const REQUIRED_PARAM = /\{[^}?]+\}/;

export interface MenuGroup {
  app: string;
  routes: RouteEntry[];
}

/**
 * The pages a user is offered in menus, the workbench and header search: built pages they may open
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

/** One entry of the space's navigation as the side menu draws it (decision 0044). */
export interface NavigationLink {
  id: string;
  name: string;
  nameEn: string;
  icon: string;
  /** Empty for a group, which only holds `children`. */
  href: string;
  /** A web address: opens in a new window, never with access to this one (rel noopener noreferrer). */
  external: boolean;
  children?: NavigationLink[];
}

/**
 * Where each of the member's navigation entries leads: an app opens its application view, a page its route (with
 * the space prefix when the menu's own links carry it), a web address a new window. The server already dropped
 * what this member may not open; an entry whose page this build does not know is dropped here too.
 */
export function navigationLinks(entries: readonly MyNavigationEntry[], spaceId: string | null): NavigationLink[] {
  const links: NavigationLink[] = [];
  for (const entry of entries) {
    const base = { id: entry.id, name: entry.name, nameEn: entry.nameEn, icon: entry.icon };
    if (entry.kind === 'group') {
      const children = navigationLinks(entry.children ?? [], spaceId);
      if (children.length) links.push({ ...base, href: '', external: false, children });
    } else if (entry.kind === 'url') {
      if (safeUrl(entry.target)) links.push({ ...base, href: entry.target, external: true });
    } else {
      const route = entry.kind === 'app' ? ROUTES.find((r) => r.id === 'forms.appView') : navigablePage(entry.target);
      if (route) links.push({ ...base, href: buildPath(route, entry.kind === 'app' ? { appId: entry.target } : {}, route.spaced ? spaceId : null), external: false });
    }
  }
  return links;
}
