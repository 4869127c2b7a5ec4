import { buildPath, matchRoute, splitSpacePrefix } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { safeStore } from '../../kernel/storage.ts';
import { isMobilePath } from './mobile-paths.ts';

/**
 * Which version of the site a device sees (decision 0115): a phone is sent from the site root and the desktop pages
 * that have a phone twin to the `/m/` pages, unless its user chose the desktop version; a desktop is never sent
 * anywhere. Pure functions over the path and a small device description, so every rule has a unit test.
 */

/** A desktop page and its phone twin, by route id. Only pages whose phone page shows the same thing. */
const TWINS: readonly (readonly [desktop: string, phone: string])[] = [
  ['portal.workbench', 'portal.mobileHome'],
  ['shell.login', 'shell.mobileLogin'],
  ['workflow.todoCenter', 'workflow.mobileTodo'],
  ['messages.center', 'messages.mobileCenter'],
  ['appcenter.home', 'forms.mobileApps'],
];
/** Phone pages without a desktop page of their own ("me", a form's records) go to the workbench. */
const DESKTOP_FALLBACK = 'portal.workbench';
const PHONE_HOME = 'portal.mobileHome';

export const PHONE_MEDIA = '(max-width: 768px) and (pointer: coarse)';
/** The local-storage key of the desktop choice; `'1'` while the user prefers the desktop version on this browser. */
export const DESKTOP_CHOICE_KEY = 'qp_desktop_version';

export interface Device {
  /** A phone: a small touch screen, else a user agent carrying the Mobile token (a phone held sideways is wider). */
  phone: boolean;
  /** Its user chose the desktop version. */
  desktopChosen: boolean;
}

interface DeviceSources {
  matchMedia?: ((query: string) => { matches: boolean }) | undefined;
  userAgent?: string | undefined;
}

export function isPhone({ matchMedia, userAgent = '' }: DeviceSources): boolean {
  try {
    if (matchMedia?.(PHONE_MEDIA).matches) return true;
  } catch {
    // A browser without media queries is judged by its user agent alone.
  }
  return /\bMobile\b/.test(userAgent);
}

const choiceStore = safeStore(() => globalThis.localStorage);
export const desktopChosen = (): boolean => choiceStore.get(DESKTOP_CHOICE_KEY) === '1';
export const chooseDesktop = (): void => choiceStore.set(DESKTOP_CHOICE_KEY, '1');
export const choosePhone = (): void => choiceStore.remove(DESKTOP_CHOICE_KEY);

/** This browser, now. */
export function currentDevice(): Device {
  const sources: DeviceSources = typeof window === 'undefined' ? {} : { matchMedia: window.matchMedia?.bind(window), userAgent: navigator.userAgent };
  return { phone: isPhone(sources), desktopChosen: desktopChosen() };
}

const byId = (id: string) => ROUTES.find((r) => r.id === id)!;
const pathOf = (routeId: string, spaceId: string | null, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return buildPath(byId(routeId), {}, spaceId) + (search ? `?${search}` : '');
};

/** The phone twin of a desktop address, or null when it has none (its page, its parameters or its query). */
function phoneTwin(path: string): string | null {
  const match = matchRoute(path, { ownSpaceId: null });
  const pair = match && TWINS.find(([desktop]) => desktop === match.route.id);
  if (!match || !pair || Object.keys(match.params).length > 0) return null;
  const space = splitSpacePrefix(path).spaceId;
  if (pair[0] !== 'shell.login') return Object.keys(match.query).length === 0 ? pathOf(pair[1], space) : null;
  // The sign-in returns to the page asked for: a phone keeps the desktop sign-in for a page with no phone twin
  // (a record's link, say), since the phone sign-in would land on the phone home instead.
  const url = match.query.url;
  if (url === undefined) return pathOf(pair[1], space);
  const back = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? (isMobilePath(url) ? url : phoneTwin(url)) : null;
  return back ? pathOf(pair[1], space, { url: back }) : null;
}

/** The desktop page a phone page stands for: where its "desktop version" link leads. */
export function desktopTwin(path: string): string {
  const match = matchRoute(path, { ownSpaceId: null });
  const space = splitSpacePrefix(path.split(/[?#]/, 1)[0]!).spaceId;
  const pair = match && TWINS.find(([, phone]) => phone === match.route.id);
  if (!match || !pair) return pathOf(DESKTOP_FALLBACK, space);
  if (pair[0] !== 'shell.login') return pathOf(pair[0], space);
  const url = match.query.url;
  const back = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && isMobilePath(url) ? desktopTwin(url) : null;
  return pathOf(pair[0], space, back ? { url: back } : {});
}

/**
 * Where the shell sends a location before drawing it, or null to draw it. The site root is the workbench, the
 * phone's home on a phone; `/m/` is the phone's home on any device; a phone that has not chosen the desktop version
 * opening a desktop page with a phone twin gets the twin — when its user may open it (`mayOpen`, by route id).
 */
export function redirectFor(path: string, device: Device, mayOpen: (routeId: string) => boolean = () => true): string | null {
  const pathname = path.split(/[?#]/, 1)[0]!;
  const { spaceId, rest } = splitSpacePrefix(pathname);
  const bare = rest.replace(/\/+$/, '').toLowerCase();
  const phone = device.phone && !device.desktopChosen;
  if (bare === '') return phone && mayOpen(PHONE_HOME) ? pathOf(PHONE_HOME, spaceId) : pathOf(DESKTOP_FALLBACK, spaceId);
  if (bare === '/m') return pathOf(PHONE_HOME, spaceId);
  if (!phone) return null;
  const twin = phoneTwin(path);
  const twinId = twin && matchRoute(twin, { ownSpaceId: null })?.route.id;
  return twin && twinId && mayOpen(twinId) ? twin : null;
}
