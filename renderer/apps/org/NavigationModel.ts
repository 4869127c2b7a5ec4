import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { AppcenterApp } from '../../../shared/api/appcenter.ts';
import { NAVIGATION_PATH, type NavigationEntry, type Terminal } from '../../../shared/org/navigation.ts';
import { buildPath, type RouteMatch } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { navigationRoundAtom } from '../../shell/navigation-menu.ts';
import { useServices } from '../../shell/services.tsx';

export interface RoleGroupOption {
  id: string;
  name: string;
}

/** The app terminal's list is mounted on appEntry and its console copy; the editor is told by `?terminal=app`. */
export function terminalOf(match: RouteMatch): Terminal {
  if (match.route.id === 'org.appEntry' || match.route.id === 'org.consoleAppEntry') return 'app';
  return match.query['terminal'] === 'app' ? 'app' : 'web';
}

// Pages opened from the console stay in the console's addresses, the others in the bare ones.
const consoleSide = (match: RouteMatch) => match.route.id.startsWith('org.console');
const path = (match: RouteMatch, id: string, params: Record<string, string> = {}) =>
  buildPath(ROUTES.find((r) => r.id === id)!, params, match.spaceUri ? match.spaceId : null);

export function listPath(match: RouteMatch, terminal: Terminal): string {
  // The web list exists only as console/webEntry (spec §2.6), so both sides lead there.
  if (terminal === 'web') return path(match, 'org.consoleWebEntry');
  return path(match, consoleSide(match) ? 'org.consoleAppEntry' : 'org.appEntry');
}
export const newPath = (match: RouteMatch, terminal: Terminal) =>
  `${path(match, consoleSide(match) ? 'org.consoleNewWebEntry' : 'org.newWebEntry')}${terminal === 'app' ? '?terminal=app' : ''}`;
export const editPath = (match: RouteMatch, id: string) => path(match, consoleSide(match) ? 'org.consoleWebConfigEntry' : 'org.webConfigEntry', { id });

/**
 * What the navigation pages read: the terminal's entries, the role groups and the apps (for names and choices).
 * Reloads after any change the pages or the side menu's atom announce (the pages stay mounted in the page cache).
 */
export function useNavigationData(terminal: Terminal) {
  const { api } = useServices();
  const round = useAtomValue(navigationRoundAtom);
  const [entries, setEntries] = useState<NavigationEntry[] | null>(null);
  const [groups, setGroups] = useState<RoleGroupOption[]>([]);
  const [apps, setApps] = useState<AppcenterApp[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [local, setLocal] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all([
      api.get<{ entries: NavigationEntry[] }>(`${NAVIGATION_PATH}?terminal=${terminal}`),
      api.get<{ groups: RoleGroupOption[] }>('/api/org/role-groups'),
      api.get<{ apps: AppcenterApp[] }>('/api/appcenter/apps'),
    ]).then(
      ([list, roleGroups, appList]) => {
        if (!live) return;
        setEntries(list.data.entries);
        setGroups(roleGroups.data.groups.map((g) => ({ id: g.id, name: g.name })));
        setApps(appList.data.apps);
        setError(null);
      },
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, terminal, round, local]);
  // `reorder` shows a move at once, so a second click computes from the order the admin sees, not the one loading.
  const reorder = useCallback((ids: readonly string[]) => setEntries((list) => list && [...list].sort((a, b) => rank(ids, a.id) - rank(ids, b.id))), []);
  return { entries, groups, apps, error, reorder, reload: useCallback(() => setLocal((n) => n + 1), []) };
}

// Entries outside the moved siblings keep their place (a stable sort leaves equal ranks in order).
const rank = (ids: readonly string[], id: string) => (ids.includes(id) ? ids.indexOf(id) : -1);

/** Entries in menu order: each top-level entry followed by the entries its group holds. */
export function treeOrder(entries: readonly NavigationEntry[]): Array<NavigationEntry & { depth: 0 | 1 }> {
  const out: Array<NavigationEntry & { depth: 0 | 1 }> = [];
  for (const top of entries.filter((e) => e.parentId === null)) {
    out.push({ ...top, depth: 0 });
    for (const child of entries.filter((e) => e.parentId === top.id)) out.push({ ...child, depth: 1 });
  }
  return out;
}

/** The sibling ids after moving `id` one place up or down among the entries of its own level; null at an end. */
export function movedSiblings(entries: readonly NavigationEntry[], id: string, delta: -1 | 1): string[] | null {
  const entry = entries.find((e) => e.id === id);
  if (!entry) return null;
  const ids = entries.filter((e) => e.parentId === entry.parentId).map((e) => e.id);
  const from = ids.indexOf(id);
  const to = from + delta;
  if (to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
