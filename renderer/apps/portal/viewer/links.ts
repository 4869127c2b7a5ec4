import type { PortalLink } from '../../../../shared/portal/model.ts';
import { buildPath, type RouteMatch } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';

/**
 * Where a quick entry's link goes (§3, twelve link types). Platform pages are reached by route id so links stay in
 * the space being viewed; a page still `planned` (charts, dashboards, analysis, circles until their apps land) is
 * shown as plain text rather than a link to an empty page. Scan and search work the header's own controls.
 */
export type LinkAction =
  | { kind: 'href'; href: string; newTab: boolean }
  | { kind: 'scan' }
  | { kind: 'search' }
  | { kind: 'text' };

/** A built page's path (with its query) in the current space, or null when the route is unknown or not built yet. */
export function builtPath(match: RouteMatch, routeId: string, params: Record<string, string> = {}, query: Record<string, string> = {}): string | null {
  const route = ROUTES.find((r) => r.id === routeId);
  if (!route || route.status !== 'built') return null;
  try {
    const search = new URLSearchParams(query).toString();
    return buildPath(route, params, match.spaceUri ? match.spaceId : null) + (search ? `?${search}` : '');
  } catch {
    return null;
  }
}

/**
 * Route of each platform link type, the target going into a path parameter (`param`) or the query (`query`);
 * `circle` has no page in the route table (§2), so it stays text. A chart opens drawn on its own (the search page's
 * chart view), a dashboard on its page, an analysis — a data screen — in the screen viewer (decision 0067).
 */
const ROUTE_OF: Partial<Record<PortalLink['type'], { id: string; param?: string; query?: string }>> = {
  app: { id: 'forms.appView', param: 'appId' },
  system: { id: 'appcenter.system', param: 'appId' },
  portal: { id: 'portal.workbench', param: 'id' },
  chart: { id: 'dashboards.search', query: 'chart' },
  dashboard: { id: 'dashboards.dashboard', query: 'id' },
  analysis: { id: 'dashboards.viewer', query: 'id' },
};

export function linkAction(link: PortalLink, match: RouteMatch): LinkAction {
  switch (link.type) {
    case 'none':
    case 'circle':
      return { kind: 'text' };
    case 'url':
      return /^https?:\/\//i.test(link.target) ? { kind: 'href', href: link.target, newTab: true } : { kind: 'text' };
    case 'scan':
      return { kind: 'scan' };
    case 'search':
      return { kind: 'search' };
    case 'personalSetting': {
      // The personal settings centre; its address is fixed by §2.5 even while the page itself is being built.
      const route = ROUTES.find((r) => r.id === 'account.settings');
      return route ? { kind: 'href', href: buildPath(route, {}, match.spaceUri ? match.spaceId : null), newTab: false } : { kind: 'text' };
    }
    default: {
      const to = ROUTE_OF[link.type];
      if (!to || ((to.param || to.query) && !link.target)) return { kind: 'text' };
      const href = builtPath(match, to.id, to.param ? { [to.param]: link.target } : {}, to.query ? { [to.query]: link.target } : {});
      return href ? { kind: 'href', href, newTab: false } : { kind: 'text' };
    }
  }
}

/** Works the header's scan button (camera QR scanning) or, where there is none, the QR code page. */
export function startScan(fallback: string | null, navigate: (to: string) => void): void {
  const button = document.querySelector<HTMLElement>('[data-testid="scan-code"]');
  if (button) button.click();
  else if (fallback) navigate(fallback);
}

/** Puts the cursor in the header's global search. */
export function focusSearch(): void {
  document.querySelector<HTMLInputElement>('[data-testid="global-search"]')?.focus();
}
