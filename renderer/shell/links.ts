import type { RouteEntry } from '../../shared/routes/types.ts';

export type LinkAction = 'browser' | 'full-load' | 'new-window' | 'in-page' | 'external';

export interface LinkFacts {
  href: string;
  target: string | null;
  /** Ctrl/Cmd/Shift/Alt or a middle click: the user asked the browser for something of its own. */
  modified: boolean;
  download: boolean;
  currentOrigin: string;
  route: RouteEntry | null;
}

/**
 * What a click on a link does (spec §2.1): `target=_blank` and modified clicks are left to the browser; links
 * to another origin go out; routes with the admin (root) layout load the full page; pages marked "always open
 * in a new window" open one; other matched links navigate in-page and add to history.
 */
export function linkAction(facts: LinkFacts): LinkAction {
  if (facts.modified || facts.download || (facts.target && facts.target !== '_self')) return 'browser';
  let url: URL;
  try {
    url = new URL(facts.href, facts.currentOrigin);
  } catch {
    return 'browser';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'browser';
  if (url.origin !== facts.currentOrigin) return 'external';
  if (!facts.route) return 'in-page'; // unknown paths show the not-found page in-page
  if (facts.route.layout === 'root') return 'full-load';
  if (facts.route.newWindow) return 'new-window';
  return 'in-page';
}
