import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pageAppId, watermarkLines, watermarkShownOn } from '../../shared/org/appearance.ts';
import type { RouteMatch } from '../../shared/routes/match.ts';
import { sessionAtom } from '../kernel/atoms.ts';
import { appearanceAtom } from './appearance.ts';
import { mountWatermark, type WatermarkOverlay } from './watermark-guard.ts';
import { watermarkTile } from './watermark-image.ts';

/** The current minute, ticking on the minute while `ticking` (the mark shows hours and minutes, not seconds). */
function useMinute(ticking: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return;
    setNow(new Date());
    let timer = setTimeout(function tick() {
      setNow(new Date());
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    }, 60_000 - (Date.now() % 60_000) + 50);
    return () => clearTimeout(timer);
  }, [ticking]);
  return now;
}

/**
 * The space's page watermark (spec §2.6 watermark; decision 0037) over the page the shell shows: the viewer's name,
 * login ID and time, on every page of the space or on the chosen apps' pages. Drawn outside React's tree (see
 * watermark-guard.ts) so that a removed node can be put back without confusing React.
 */
export function Watermark({ match }: { match: RouteMatch }) {
  const { watermark } = useAtomValue(appearanceAtom);
  const user = useAtomValue(sessionAtom);
  const shown = !!user && match.route.layout !== 'access' && watermarkShownOn(watermark, pageAppId(match.route.id, match.params));
  const now = useMinute(shown && watermark.content.includes('time'));
  const minute = Math.floor(now.getTime() / 60_000);
  const tile = useMemo(
    () => (shown && user ? watermarkTile(watermarkLines(watermark.content, user, new Date(minute * 60_000)), watermark) : null),
    [shown, user, watermark, minute],
  );
  const overlay = useRef<WatermarkOverlay | null>(null);

  useEffect(() => {
    if (!tile) {
      overlay.current?.destroy();
      overlay.current = null;
    } else if (overlay.current) overlay.current.draw(tile);
    else overlay.current = mountWatermark(document, tile);
  }, [tile]);
  useEffect(
    () => () => {
      overlay.current?.destroy();
      overlay.current = null;
    },
    [],
  );
  return null;
}
