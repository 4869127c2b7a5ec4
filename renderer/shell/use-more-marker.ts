import { useEffect, useRef } from 'react';

/**
 * Keyset paging by scrolling (the message centre, the process centre and the phone's lists): `onMore` runs when the returned marker (an element under the
 * rows) comes within 200 px of view, while `canLoad`. Without IntersectionObserver (jsdom, old browsers) nothing runs
 * by itself: the lists keep a "more" button under the rows for that, and for keyboards.
 */
export function useMoreMarker(canLoad: boolean, onMore: () => void, shown: number) {
  const marker = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const element = marker.current;
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, shown]);
  return marker;
}
