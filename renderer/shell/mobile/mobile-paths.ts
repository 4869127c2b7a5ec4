import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import type { RouteEntry } from '../../../shared/routes/types.ts';

/**
 * Where the mobile terminal's pages lead (decision 0064): its sign-in, where a sign-in returns to, its four
 * tabs, and which of its pages is a tab's own page (drawn without a back button). Pure, so each rule has a test.
 */

/** A `/m/` page, with or without a space prefix (`/space-x/m/home`). */
const MOBILE = /^(\/space-[a-z0-9]+)?\/m(\/|$)/i;
const SPACE_PREFIX = /^\/space-([a-z0-9]+)(?=\/|$)/i;

export const MOBILE_HOME = '/m/home';
export const MOBILE_LOGIN = '/m/login';

export const isMobilePath = (path: string): boolean => MOBILE.test(path.split(/[?#]/, 1)[0] ?? '');

/** The space a path is in by its prefix, lower-cased, or null. */
export const spaceOfPath = (path: string): string | null => SPACE_PREFIX.exec(path)?.[1]?.toLowerCase() ?? null;

/** Where a guest who asked for `path` signs in: the phone sign-in for `/m/` pages, the web's for the rest. */
export function loginPathFor(path: string): string {
  return `${isMobilePath(path) ? MOBILE_LOGIN : '/home/login'}?url=${encodeURIComponent(path)}`;
}

/**
 * Where the phone sign-in goes once signed in: the `/m/` page asked for (same origin only: no open redirect through
 * `url`, and never the sign-in itself), else the mobile home.
 */
export function mobileReturnUrl(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return MOBILE_HOME;
  if (!isMobilePath(value)) return MOBILE_HOME;
  const bare = value.split(/[?#]/, 1)[0]!.replace(SPACE_PREFIX, '').replace(/\/+$/, '').toLowerCase();
  return bare === MOBILE_LOGIN || bare === '/m' ? MOBILE_HOME : value;
}

export type TabKey = 'home' | 'todo' | 'messages' | 'me';

export interface MobileTab {
  key: TabKey;
  routeId: string;
}

/** The bottom bar, left to right: 首页 Home, 待办 To-dos, 消息 Messages, 我的 Me. */
export const MOBILE_TABS: readonly MobileTab[] = [
  { key: 'home', routeId: 'portal.mobileHome' },
  { key: 'todo', routeId: 'workflow.mobileTodo' },
  { key: 'messages', routeId: 'messages.mobileCenter' },
  { key: 'me', routeId: 'account.mobileMe' },
];

/** Query keys that only choose what a tab's page shows (a box, a terminal, a portal): still the tab's own page. */
const TAB_QUERY = new Set(['box', 'terminal', 'portal']);

export const tabOf = (routeId: string): MobileTab | null => MOBILE_TABS.find((tab) => tab.routeId === routeId) ?? null;

/**
 * Whether the page shown is a tab's own page (no back button): a tab's route whose query only chooses a view. A to-do
 * opened from the list (`m/todo?instance=…`) is a page of its own, with a back button.
 */
export function isTabRoot(routeId: string, query: Record<string, unknown>): boolean {
  return tabOf(routeId) !== null && Object.keys(query).every((key) => TAB_QUERY.has(key));
}

/** A route of the table by id in the space the page is in; null when the table has no such page (yet). */
export function mobileHref(routeId: string, space: string | null, query: Record<string, string> = {}, routes: readonly RouteEntry[] = ROUTES): string | null {
  const route = routes.find((r) => r.id === routeId);
  if (!route) return null;
  try {
    const search = new URLSearchParams(query).toString();
    return buildPath(route, {}, space) + (search ? `?${search}` : '');
  } catch {
    return null;
  }
}
