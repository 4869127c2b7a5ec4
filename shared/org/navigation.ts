import type { APPCENTER_ICONS } from '../api/appcenter.ts';
import { ROUTES } from '../routes/table.ts';
import type { RouteEntry } from '../routes/types.ts';

/**
 * The space's navigation (spec §2.6 webEntry, newWebEntry, appEntry, webConfigEntry/{id}; decision 0044): the
 * menus of the web and app terminals. One contract for the admin pages, the shell's side menu and the server.
 *
 * - Schemas of the calls: shared/api/org-navigation.ts.
 * - Admin (org.navigation.manage): GET/POST `/api/org/navigation`, GET/PATCH/DELETE `…/{id}`, PUT `…/order`.
 * - Every member: GET `/api/org/navigation/mine?terminal=web|app`: the enabled entries they may open.
 */
export const NAVIGATION_PATH = '/api/org/navigation';
export const TERMINALS = ['web', 'app'] as const;
export type Terminal = (typeof TERMINALS)[number];
/** `group` holds entries (one level) and points nowhere; the others open an app, a page or a web address. */
export const NAVIGATION_KINDS = ['group', 'app', 'page', 'url'] as const;
export type NavigationKind = (typeof NAVIGATION_KINDS)[number];
/**
 * The icons an entry may show: the fixed list the application centre offers for its apps (drawn by
 * renderer/apps/appcenter/icons.tsx). Written out rather than imported so the shell's menu stays free of the API
 * schemas; `satisfies` keeps it a subset of what the renderer can draw.
 */
export const NAVIGATION_ICONS = ['apps', 'app', 'tool', 'storage', 'dashboard', 'file', 'user', 'calendar', 'settings', 'home'] as const satisfies readonly (typeof APPCENTER_ICONS)[number][];
export const NAVIGATION_LIMITS = { name: 20, url: 500, entries: 200, roleGroups: 50 } as const;

export interface NavigationEntry {
  id: string;
  terminal: Terminal;
  parentId: string | null;
  name: string;
  nameEn: string;
  icon: string;
  kind: NavigationKind;
  target: string;
  sort: number;
  enabled: boolean;
  roleGroupIds: string[];
}
/** What a member is served: no roles, no disabled entries; a group carries its visible children. */
export interface MyNavigationEntry {
  id: string;
  name: string;
  nameEn: string;
  icon: string;
  kind: NavigationKind;
  target: string;
  children?: MyNavigationEntry[];
}

export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

/** A path parameter without `?`: such a page cannot be opened from a menu entry (same rule as the shell's menus). */
const REQUIRED_PARAM = /\{[^}?]+\}/;

/** Pages an entry may point at: built, opened without parameters, not a frame page (login, not found…). */
export function navigablePage(id: string): RouteEntry | undefined {
  const route = ROUTES.find((r) => r.id === id);
  if (!route || route.status !== 'built' || route.layout === 'access' || route.app === 'shell' || REQUIRED_PARAM.test(route.pattern)) return undefined;
  return route;
}
export const navigablePages = (): RouteEntry[] => ROUTES.filter((r) => navigablePage(r.id));

/**
 * Only absolute http(s) addresses: never `javascript:`, `data:` or a relative path that would run or open inside the
 * platform's origin. The parsed protocol decides (spellings like `JaVaScRiPt:` or leading blanks parse the same).
 */
export function safeUrl(text: string): boolean {
  if (text.length > NAVIGATION_LIMITS.url || /[\s\u0000-\u001f\u007f]/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The rules that need no database: names, icon, the target's shape per kind. Null when the entry is fine. */
export function navigationProblem(entry: Pick<NavigationEntry, 'name' | 'nameEn' | 'icon' | 'kind' | 'target'>): Problem | null {
  const name = entry.name.trim();
  if (name.length < 1 || name.length > NAVIGATION_LIMITS.name) return { key: 'org.navigation.nameLength', params: { max: NAVIGATION_LIMITS.name } };
  if (entry.nameEn.trim().length > NAVIGATION_LIMITS.name) return { key: 'org.navigation.nameLength', params: { max: NAVIGATION_LIMITS.name } };
  if (!(NAVIGATION_ICONS as readonly string[]).includes(entry.icon)) return { key: 'org.navigation.iconUnknown' };
  if (entry.kind === 'group') return entry.target ? { key: 'org.navigation.groupTarget' } : null;
  if (!entry.target) return { key: 'org.navigation.targetRequired' };
  if (entry.kind === 'page' && !navigablePage(entry.target)) return { key: 'org.navigation.pageUnbuilt' };
  if (entry.kind === 'url' && !safeUrl(entry.target)) return { key: 'org.navigation.urlUnsafe' };
  if (entry.kind === 'app' && !/^[0-9]{1,18}$/.test(entry.target)) return { key: 'org.navigation.appUnknown' };
  return null;
}

/** The entry's name in the reader's language: the English name when reading English and one was given. */
export const entryName = (entry: { name: string; nameEn: string }, language: string): string =>
  language.startsWith('en') && entry.nameEn ? entry.nameEn : entry.name;
