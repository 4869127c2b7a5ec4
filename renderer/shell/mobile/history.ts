import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Whether this window's history has an earlier entry of the app to go back to (react-router keeps its index there). */
export const canGoBack = (): boolean => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * Calls `onReturn` when the member comes back to this page's own history entry (the top bar's back button after
 * acting on a to-do or saving a record): the shell keeps the page mounted meanwhile (page cache, spec §2.1), so what it
 * shows may be out of date. Every cached page sees the same location: a page is the one shown again when the
 * location's key is the one it was opened with.
 */
export function useOnReturn(onReturn: () => void): void {
  const key = useLocation().key;
  const own = useRef(key);
  const away = useRef(false);
  const latest = useRef(onReturn);
  latest.current = onReturn;
  useEffect(() => {
    if (key !== own.current) {
      away.current = true;
    } else if (away.current) {
      away.current = false;
      latest.current();
    }
  }, [key]);
}
