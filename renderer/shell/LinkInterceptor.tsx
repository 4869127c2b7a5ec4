import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { matchRoute } from '../../shared/routes/match.ts';
import { sessionAtom } from '../kernel/atoms.ts';
import { linkAction } from './links.ts';
import { useServices } from './services.tsx';

/** Applies the link rules of spec §2.1 to every `<a>` click in the document (see links.ts). */
export function LinkInterceptor() {
  const navigate = useNavigate();
  const { bridge, hardNavigate } = useServices();
  const user = useAtomValue(sessionAtom);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      const href = anchor?.getAttribute('href');
      if (!anchor || !href) return;
      const url = new URL(anchor.href, location.origin);
      const route = url.origin === location.origin ? (matchRoute(url.pathname + url.search, { ownSpaceId: user?.ownSpaceId ?? null })?.route ?? null) : null;
      const action = linkAction({
        href: anchor.href,
        target: anchor.getAttribute('target'),
        modified: event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
        download: anchor.hasAttribute('download'),
        currentOrigin: location.origin,
        route,
      });
      if (action === 'browser') return;
      event.preventDefault();
      if (action === 'external') bridge.openExternal(url.href);
      else if (action === 'new-window') bridge.openWindow(url.href);
      else if (action === 'full-load') hardNavigate(url.pathname + url.search + url.hash);
      else navigate(url.pathname + url.search + url.hash);
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, bridge, hardNavigate, user]);

  return null;
}
