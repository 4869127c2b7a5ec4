import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartDraft, ChartResult } from '../../../../shared/dashboards/model.ts';
import { useServices } from '../../../shell/services.tsx';
import { chartApi } from './chart-api.ts';
import { previewBlockers } from './designer-model.ts';

export const PREVIEW_DELAY_MS = 400;

/**
 * A live preview of an unsaved chart (POST /preview): asked once the query and type settle (not on every
 * keystroke), only when the query is complete, the previous question cancelled when a new one starts.
 */
export function usePreview(draft: ChartDraft | null) {
  const { api } = useServices();
  const [result, setResult] = useState<ChartResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const key = draft ? JSON.stringify({ query: draft.query, type: draft.type }) : '';
  const blocked = useMemo(() => (draft ? previewBlockers(draft).length > 0 : true), [draft]);
  const latest = useRef(draft);
  latest.current = draft;

  useEffect(() => {
    if (!key || blocked) {
      setResult(null);
      setError(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const current = latest.current!;
      setPreviewing(true);
      chartApi(api)
        .preview(current.query, current.type, controller.signal)
        .then(
          (answer) => (setResult(answer), setError(null)),
          (failure: Error) => !controller.signal.aborted && (setResult(null), setError(failure.message)),
        )
        .finally(() => !controller.signal.aborted && setPreviewing(false));
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, key, blocked]);

  return { result, error, previewing, blocked };
}
