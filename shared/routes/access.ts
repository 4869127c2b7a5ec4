import type { Role } from '../roles.ts';
import { ROUTES } from './table.ts';
import type { RouteEntry } from './types.ts';

export interface Viewer {
  roles: readonly Role[];
  /** Console permissions delegated to the viewer in this space (decision 0045). */
  delegated?: readonly string[];
}

/** Spec §6: guests see public pages only; a signed-in user sees public, open (empty roles) and shared-role pages. */
export function canOpen(route: RouteEntry, viewer: Viewer | null): boolean {
  if (route.public) return true;
  if (viewer === null) return false;
  if (route.roles.length === 0) return true;
  if (route.permission && viewer.delegated?.includes(route.permission)) return true;
  return route.roles.some((role) => viewer.roles.includes(role));
}

export function routesFor(viewer: Viewer | null, routes: readonly RouteEntry[] = ROUTES): RouteEntry[] {
  return routes.filter((route) => canOpen(route, viewer));
}
