import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { canGoBack, useOnReturn } from '../../../shell/mobile/history.ts';

/**
 * A row of the page's own buttons (scan, edit) under the mobile frame's top bar, which already shows the page's
 * title (usePageTitle) and the way back (renderer/shell/mobile/MobileTopBar.tsx).
 */
export function MobileActions({ children }: { children: ReactNode }) {
  return <div className="qp-mf-actions">{children}</div>;
}

/**
 * Back to the page that opened this one, as the frame's back button does (its cached copy, reloaded by
 * useOnReturn); a page opened directly goes to `fallback` instead, replacing itself.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return () => (canGoBack() ? navigate(-1) : navigate(fallback, { replace: true }));
}

/** A cached page reloads its data when shown again (the shell's own helper, also used by the mobile frame). */
export { useOnReturn as useReshown };
