import { useEffect } from 'react';

/** The class the whole document carries while a mobile page is shown. */
export const MOBILE_DOCUMENT_CLASS = 'qp-mobile';

/**
 * Marks the document while the mobile layout is shown: Arco draws dialogs, drawers and dropdowns into `<body>`,
 * outside the frame, and they need the phone's sizes too (a dialog as wide as the screen, touch-sized buttons).
 */
export function useMobileDocument(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    document.documentElement.classList.add(MOBILE_DOCUMENT_CLASS);
    return () => document.documentElement.classList.remove(MOBILE_DOCUMENT_CLASS);
  }, [active]);
}
