import { Button, Result } from '@arco-design/web-react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardItem, ScreenTheme } from '../../../../shared/dashboards/model.ts';
import { fitStage, type Size } from './screen-model.ts';

/** The size of an element's content box, followed as it changes (window resize, full screen, side panel). */
function useBoxSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/**
 * A data screen drawn at its design resolution and scaled to the box it is shown in, keeping the aspect ratio
 * (letterbox bars in the theme's background). Items are placed in design pixels; `children` gets the scale so the
 * designer can turn pointer moves into design pixels.
 */
export function ScreenStage({ size, theme, children, testId }: { size: Size; theme: ScreenTheme; children(scale: number): ReactNode; testId?: string }) {
  const box = useBoxSize();
  const fit = fitStage(size, box.size);
  return (
    <div ref={box.ref} className={`qp-screen-box qp-screen-theme-${theme}`} data-testid={testId}>
      <div
        className="qp-screen-stage"
        data-scale={fit.scale.toFixed(4)}
        style={{ width: size.width, height: size.height, transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})` }}
      >
        {children(fit.scale)}
      </div>
    </div>
  );
}

/** An item's box on the stage, in design pixels. */
export const placeStyle = (item: BoardItem) => ({ left: item.place.x, top: item.place.y, width: item.place.w, height: item.place.h });

/** The designer or viewer opened without `?id=` (from the menu): the way to the screens to pick one. */
export function NoScreen({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Result status="404" title={t('dashboards.boards.screen.missingId')} data-testid="screen-missing-id"
      extra={<Button type="primary" href={href} data-testid="screen-pick">{t('dashboards.boards.screen.pick')}</Button>}
    />
  );
}
