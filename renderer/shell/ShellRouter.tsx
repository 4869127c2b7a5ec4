import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { PAGE_CACHE_SIZE } from '../../shared/constants.ts';
import { matchRoute, type RouteMatch } from '../../shared/routes/match.ts';
import { ROUTES } from '../../shared/routes/table.ts';
import { allowedRoutesAtom, sessionAtom, spaceRefusedAtom } from '../kernel/atoms.ts';
import { Frame } from './Frame.tsx';
import { PagePopups } from './PagePopups.tsx';
import { LoadingBar } from './loading-bar.tsx';
import { isMobilePath, loginPathFor } from './mobile/mobile-paths.ts';
import { choosePhone, currentDevice, redirectFor } from './mobile/phone-redirect.ts';
import { PageCache } from './page-cache.ts';
import { lazyPage } from './page-loader.tsx';
import { pageTitlesAtom, tabTitle } from './page-title.ts';
import { documentTitle } from './title.ts';
import { Watermark } from './Watermark.tsx';
import { useTracking } from './tracker.ts';

const byId = (id: string) => ROUTES.find((r) => r.id === id)!;

/** What a URL shows: its page, the no-permission page, the not-found page, or a redirect to login. */
export function resolveLocation(path: string, ownSpaceId: string | null, signedIn: boolean, allowedIds: ReadonlySet<string>, spaceRefused = false) {
  const match = matchRoute(path, { ownSpaceId });
  if (spaceRefused && match) return { kind: 'page' as const, match: { ...match, route: byId('shell.noPermission'), params: {} } as RouteMatch };
  if (!match) {
    const notFound = matchRoute('/notfound', { ownSpaceId })!;
    return { kind: 'page' as const, match: { ...notFound, query: {} } };
  }
  // Public pages (login, maintenance, not-found…) open even when the allowed list could not be loaded.
  if (allowedIds.has(match.route.id) || match.route.public) return { kind: 'page' as const, match };
  if (!signedIn) return { kind: 'login' as const, match };
  return { kind: 'page' as const, match: { ...match, route: byId('shell.noPermission'), params: {} } as RouteMatch };
}

interface Entry {
  match: RouteMatch;
  path: string;
}

/**
 * Client-side routing from the shared route table (spec §2.1), with the page cache: every history entry keeps
 * its mounted page (state and scroll) until ten newer pages push it out.
 */
export function ShellRouter() {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useAtomValue(sessionAtom);
  const allowed = useAtomValue(allowedRoutesAtom);
  const allowedIds = useMemo(() => new Set(allowed.map((r) => r.id)), [allowed]);
  const [cache] = useState(() => new PageCache<Entry>(PAGE_CACHE_SIZE));
  const scrollers = useRef(new Map<string, HTMLDivElement>());
  const path = location.pathname + location.search;

  const spaceRefused = useAtomValue(spaceRefusedAtom);
  const pageTitles = useAtomValue(pageTitlesAtom);
  // The site root, `/m/`, and a phone's desktop pages that have a phone twin (decision 0115). A guest may open
  // nothing yet: the twin's own sign-in follows.
  const device = currentDevice();
  const redirect = redirectFor(path, device, (id) => !user || allowedIds.has(id));
  const resolved = redirect ? null : resolveLocation(path, user?.ownSpaceId ?? null, !!user, allowedIds, spaceRefused);
  const active = resolved?.kind === 'page' ? cache.visit(location.key, () => ({ match: resolved.match, path })).page : null;
  // Event tracking (decision 0086): a page view per route change, tracked clicks, while signed in.
  useTracking(active?.value.match.route.id ?? null, !!user, location.key);

  // A phone arriving at a phone page (typed, bookmarked, back) has chosen the phone version again: its desktop
  // choice is forgotten. Keyed by the visit, so the "desktop version" click itself never undoes its choice.
  useEffect(() => {
    const now = currentDevice();
    if (now.phone && now.desktopChosen && isMobilePath(location.pathname)) choosePhone();
  }, [location.key, location.pathname]);

  useLayoutEffect(() => {
    if (!active) return;
    const scroller = scrollers.current.get(active.key);
    if (scroller) scroller.scrollTop = active.scrollTop;
    document.title = documentTitle(tabTitle(pageTitles, active.value.match, t(active.value.match.route.title)), user?.entName);
  });

  if (!resolved) return <Navigate to={redirect!} replace />;
  // A guest asking for a `/m/` page signs in on the phone sign-in (decision 0064), others on the web's.
  if (resolved.kind === 'login') return <Navigate to={loginPathFor(path)} replace />;

  return (
    <Frame route={active!.value.match.route} match={active!.value.match}>
      {cache.all.map((entry) => {
        const Page = lazyPage(entry.value.match.route);
        const shown = entry.key === active!.key;
        return (
          <div
            key={entry.key}
            className="qp-page"
            style={shown ? undefined : { display: 'none' }}
            data-page={entry.value.match.route.id}
            data-path={entry.value.path}
            data-active={shown}
            // The page scrolls inside this box: keyboard users must be able to focus it to scroll (axe:
            // scrollable-region-focusable, e.g. the device page's long table).
            tabIndex={0}
            ref={(node) => (node ? scrollers.current.set(entry.key, node) : scrollers.current.delete(entry.key))}
            onScroll={(event) => (entry.scrollTop = event.currentTarget.scrollTop)}
          >
            <PagePopups>
              <Suspense fallback={<LoadingBar path={entry.value.path} />}>
                <Page match={entry.value.match} />
              </Suspense>
            </PagePopups>
          </div>
        );
      })}
      <Watermark match={active!.value.match} />
    </Frame>
  );
}
