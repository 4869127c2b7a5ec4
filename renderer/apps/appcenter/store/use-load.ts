import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../../shell/services.tsx';

/** One GET of the store's API with its error (already in the user's language) and a reload after changes. */
export function useLoad<T>(path: string, params?: Record<string, string>) {
  const { api } = useServices();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(params ?? {});
  const reload = useCallback(async () => {
    try {
      setData((await api.get<T>(path, params ? { params } : undefined)).data);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    }
    // `params` is compared by its JSON (key): a new object of the same values loads nothing again.
  }, [api, path, key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
