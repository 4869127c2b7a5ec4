import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../../../shell/services.tsx';
import { formPath, viewsPath } from '../records-api.ts';
import type { AppForm, FormInfo, SavedView } from '../types.ts';

interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload(): void;
}

/** One GET whose answer the page shows; the error is the server's translated text. */
function useLoad<T>(path: string | null, pick: (data: unknown) => T): Loaded<T> {
  const { api } = useServices();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    api.get(path).then(
      (answer) => live && (setData(pick(answer.data)), setError(null)),
      (failure: Error) => live && (setData(null), setError(failure.message)),
    );
    return () => {
      live = false;
    };
    // `pick` is a module-level function of each caller: its identity never changes.
  }, [api, path, round, pick]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, reload };
}

const pickForms = (data: unknown) => (data as { forms?: AppForm[] } | null)?.forms ?? [];
const pickForm = (data: unknown) => data as FormInfo;
const pickViews = (data: unknown) => (data as { views?: SavedView[] } | null)?.views ?? [];

export const useAppForms = (appId: string) => useLoad(appId ? `/api/forms/apps/${encodeURIComponent(appId)}/forms` : null, pickForms);
export const useFormInfo = (formId: string | null) => useLoad(formId ? formPath(formId) : null, pickForm);
export const useSavedViews = (formId: string | null) => useLoad(formId ? viewsPath(formId) : null, pickViews);
