import type { RouteEntry } from '../../../shared/routes/types.ts';

/** One line of the header search: a page, an application or a record, with where it leads. */
export interface SearchHit {
  kind: 'page' | 'app' | 'record';
  key: string;
  label: string;
  detail: string;
  href: string;
}

export const MAX_PAGES = 8;
export const MAX_APPS = 5;
/** Record search runs in this many of the member's apps (one request each), so a keystroke stays cheap. */
export const RECORD_SEARCH_APPS = 5;
export const RECORDS_PER_APP = 5;

/** The query as matched: trimmed and case-folded (Chinese is unaffected, Latin letters match either case). */
export const normalise = (text: string) => text.trim().toLocaleLowerCase();

/**
 * Pages whose title (in the current language, via `title`) or micro-app name contains the query. Titles are what
 * the user reads, so a Chinese query finds Chinese titles (it used to match route ids).
 */
export function matchPages(
  pages: readonly RouteEntry[],
  query: string,
  title: (route: RouteEntry) => string,
  appName: (route: RouteEntry) => string,
  href: (route: RouteEntry) => string,
): SearchHit[] {
  const needle = normalise(query);
  if (!needle) return [];
  const hits: SearchHit[] = [];
  for (const route of pages) {
    const label = title(route);
    const app = appName(route);
    if (!normalise(label).includes(needle) && !normalise(app).includes(needle)) continue;
    hits.push({ kind: 'page', key: `page:${route.id}`, label, detail: app, href: href(route) });
    if (hits.length === MAX_PAGES) break;
  }
  return hits;
}
