import { APPCENTER_LIMITS } from '../../../shared/api/appcenter.ts';
import type { MessageParams } from '../../../shared/i18n/index.ts';
import { holds } from '../../../shared/permissions.ts';
import { buildPath, type RouteMatch } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import type { Role } from '../../../shared/roles.ts';

/** Whether this user builds the application centre, by role or delegation (the server decides too; this only hides the buttons). */
export function canManage(user: { roles: readonly Role[]; delegated?: readonly string[]; permissions?: readonly string[] } | null | undefined): boolean {
  return !!user && (user.permissions ? user.permissions.includes('appcenter.manage') : holds('appcenter.manage', user.roles, user.delegated));
}

/**
 * A page path by route id, with the space prefix only when the current page has one (as the workbench does),
 * so links stay in the space the user is looking at.
 */
export function pathTo(match: RouteMatch, routeId: string, params: Record<string, string> = {}): string {
  const route = ROUTES.find((r) => r.id === routeId);
  if (!route) throw new Error(`Unknown route ${routeId}`);
  return buildPath(route, params, match.spaceUri ? match.spaceId : null);
}

/** Where an app tile leads: the application view of the forms app. */
export const appViewPath = (match: RouteMatch, appId: string) => pathTo(match, 'forms.appView', { appId });
/** The recycle bin of a system: `apprecycle/{systemId}/app` (see shared/routes/table/forms.ts). */
export const recyclePath = (match: RouteMatch, systemId: string) => pathTo(match, 'forms.recycle', { appId: systemId, module: 'app' });
export const systemPath = (match: RouteMatch, systemId: string) => pathTo(match, 'appcenter.system', { appId: systemId });

/** The ids in their new order after moving `id` by `delta` places; null when it cannot move that way. */
export function moved(ids: readonly string[], id: string, delta: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export interface Problem {
  key: string;
  params: MessageParams;
}

/** The same rules as the server's schema (shared/api/appcenter.ts), worded with the common validation keys. */
export function nameProblem(value: string | undefined, field: string): Problem | null {
  if (!value || !value.trim()) return { key: 'validation.required', params: { field } };
  if (value.length > APPCENTER_LIMITS.name) return { key: 'validation.tooLong', params: { field, limit: APPCENTER_LIMITS.name } };
  return null;
}

export function descriptionProblem(value: string | undefined, field: string): Problem | null {
  if (value && value.length > APPCENTER_LIMITS.description) {
    return { key: 'validation.tooLong', params: { field, limit: APPCENTER_LIMITS.description } };
  }
  return null;
}
