import { useCallback, useEffect, useState } from 'react';
import type { Chart } from '../../../../../shared/dashboards/model.ts';
import { useServices } from '../../../../shell/services.tsx';
import { chartApi } from '../chart-api.ts';
import { ratioOf } from './ratio-model.ts';

/** At most this many of an app's table and line charts are opened to find its ratio views (a page of them). */
const LOOKED_AT = 50;

/**
 * The app's ratio views: its charts (those the member may view) of the ratio view's types, opened to keep the ones
 * carrying a ratio. An app has a handful of charts, so reading each is cheaper than a second listing endpoint.
 */
export function useRatioViews(appId: string) {
  const { api } = useServices();
  const [items, setItems] = useState<Chart[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!appId) return;
    let live = true;
    (async () => {
      const calls = chartApi(api);
      const summaries = (await calls.ofApp(appId)).filter((c) => c.type === 'table' || c.type === 'line').slice(0, LOOKED_AT);
      const charts = await Promise.all(summaries.map((s) => calls.get(s.id).catch(() => null)));
      return charts.filter((c): c is Chart => !!c && ratioOf(c) !== null);
    })().then(
      (found) => live && (setItems(found), setError(null)),
      (failure: Error) => live && (setItems([]), setError(failure.message)),
    );
    return () => {
      live = false;
    };
  }, [api, appId, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { items, error, reload };
}
