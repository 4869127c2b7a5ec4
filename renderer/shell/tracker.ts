import { useEffect, useRef } from 'react';
import { TRACK_API, TRACK_BATCH_MAX, type TrackEventInput } from '../../shared/api/console-watch.ts';

/** A batch leaves when this many events wait, after FLUSH_MS, or when the page is hidden or left. */
const BATCH_AT = 20;
const FLUSH_MS = 5_000;
const NAME = /^[A-Za-z0-9_.:-]{1,60}$/;

const queue: TrackEventInput[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Sends what waits as one beacon (decision 0086): `navigator.sendBeacon` survives the page being left, and its JSON
 * body is what lets the server accept it without the CSRF header a beacon cannot carry. The space is the session's.
 */
export function flushTracking(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length) {
    const body = new Blob([JSON.stringify({ events: queue.splice(0, TRACK_BATCH_MAX) })], { type: 'application/json' });
    // Without a beacon (or refused for size), a keep-alive fetch does the same. Telemetry never breaks a page:
    // whatever fails here is dropped.
    try {
      const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(TRACK_API, body);
      if (!sent && typeof fetch === 'function') {
        void fetch(TRACK_API, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' } }).catch(() => undefined);
      }
    } catch {
      // dropped
    }
  }
}

function push(event: TrackEventInput): void {
  queue.push({ ...event, at: Date.now() });
  if (queue.length >= BATCH_AT) flushTracking();
  else timer ??= setTimeout(flushTracking, FLUSH_MS);
}

/**
 * The shell's, not the console's: the console app only reads what is reported, and the shell imports no app
 * (decision 0091).
 *
 * The renderer's reporter, called once by the shell's router: a page view per visit (`visit`: the history entry's key), by route id, never the
 * URL (which holds ids), and a click on any element marked `data-track="name"` — only while signed in.
 */
export function useTracking(routeId: string | null, signedIn: boolean, visit: string): void {
  const current = useRef<{ routeId: string | null; signedIn: boolean }>({ routeId, signedIn });
  current.current = { routeId, signedIn };

  useEffect(() => {
    if (signedIn && routeId) push({ kind: 'view', page: routeId });
  }, [routeId, signedIn, visit]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const { routeId: page, signedIn: on } = current.current;
      const marked = (event.target as Element | null)?.closest?.('[data-track]');
      const target = marked?.getAttribute('data-track') ?? '';
      if (on && page && NAME.test(target)) push({ kind: 'click', page, target });
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flushTracking();
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flushTracking);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flushTracking);
    };
  }, []);
}
