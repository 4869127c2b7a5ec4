import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { RouteMatch } from '../../shared/routes/match.ts';

/**
 * Titles pages give their browser tab (an app's form, a record) instead of the route's page-type title, keyed by the
 * page's own match (each cached page keeps its match, so a page loading in the background names only itself).
 */
export const pageTitlesAtom = atom<{ byMatch: WeakMap<RouteMatch, string> }>({ byMatch: new WeakMap() });

/** Names this page's tab `title` (nothing: the route's title) while the page is shown. */
export function usePageTitle(match: RouteMatch, title: string | null | undefined): void {
  const setTitles = useSetAtom(pageTitlesAtom);
  useEffect(() => {
    setTitles((old) => {
      if ((old.byMatch.get(match) ?? null) === (title || null)) return old;
      if (title) old.byMatch.set(match, title);
      else old.byMatch.delete(match);
      return { byMatch: old.byMatch };
    });
  }, [match, title, setTitles]);
}

/** What the shell writes in the tab for a page: the title the page gave itself, else its route's title. */
export const tabTitle = (titles: { byMatch: WeakMap<RouteMatch, string> }, match: RouteMatch, routeTitle: string) => titles.byMatch.get(match) ?? routeTitle;
