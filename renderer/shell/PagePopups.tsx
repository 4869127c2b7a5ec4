import { ConfigProvider } from '@arco-design/web-react';
import { useContext, useRef, type ReactNode } from 'react';

/**
 * Modals, drawers and dropdowns of a page render inside that page's own box, not into <body>: a page kept in the
 * page cache while another is shown (spec §2.1) then hides its open dialogs with it instead of leaving them over
 * the next page.
 */
export function PagePopups({ children }: { children: ReactNode }) {
  const parent = useContext(ConfigProvider.ConfigContext);
  const box = useRef<HTMLDivElement>(null);
  return (
    <div ref={box} className="qp-page-popups">
      <ConfigProvider {...parent} getPopupContainer={() => box.current ?? document.body}>
        {children}
      </ConfigProvider>
    </div>
  );
}
