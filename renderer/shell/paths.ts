import { buildPath, type RouteMatch } from '../../shared/routes/match.ts';
import { ROUTES } from '../../shared/routes/table.ts';

/**
 * Links between pages by route id, through the shared route table: how one app's page points at another's
 * (a record, a todo, a chart) without importing it (decision 0091).
 */

/** Ids are decimal strings (shared/api/forms.ts `Id`); anything else would only earn a 422 from the server. */
export const VALID_ID = /^[0-9]{1,18}$/;

/** One query value: the first when the parameter is repeated, '' when absent. */
export function queryOne(match: RouteMatch, name: string): string {
  const value = match.query[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * A page path by route id, with the space prefix only when the current page has one, so links stay in the space
 * the user is looking at.
 */
export function pathTo(match: RouteMatch, routeId: string, params: Record<string, string> = {}, query?: Record<string, string>): string {
  const route = ROUTES.find((r) => r.id === routeId);
  if (!route) throw new Error(`Unknown route ${routeId}`);
  const path = buildPath(route, params, match.spaceUri ? match.spaceId : null);
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
