import { buildPath } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';


export { LoadError } from '../operator/LoadError.tsx';

/** The root API of these pages (shared/api/console-access.ts). */
export const ACCESS_API = '/api/console/access';

/** The address of another access page (root's pages take no space prefix). */
export function accessPath(routeId: 'helperCenter' | 'helperDetail', query: Record<string, string> = {}): string {
  const path = buildPath(ROUTES.find((r) => r.id === `console.${routeId}`)!, {}, null);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** A time as the reader's locale writes it, or a dash. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
