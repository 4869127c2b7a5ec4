import { useEffect } from 'react';

/**
 * While `dirty`, leaving or reloading the page asks first (the browser's own prompt); in-app navigation keeps the
 * page cached (ShellRouter), so only a real unload is asked about. The designers use it.
 */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
