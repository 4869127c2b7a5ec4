import { buildPath } from './match.ts';
import { ROUTES } from './table.ts';

/**
 * A page of the route table (with its query) as a path in a space — the links messages and portal components carry;
 * null when the route is unknown or its parameters no longer fit the table.
 */
export function routeHref(routeId: string, params: Record<string, string>, spaceId: string, query: Record<string, string> = {}): string | null {
  const entry = ROUTES.find((r) => r.id === routeId);
  if (!entry) return null;
  try {
    const search = new URLSearchParams(query).toString();
    return buildPath(entry, params, spaceId) + (search ? `?${search}` : '');
  } catch {
    return null;
  }
}
