import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useServices } from './services.tsx';

export interface Loaded<T> {
  data: T | null;
  /** Puts an answer the page already has (a save's reply) in place without loading again. */
  setData: Dispatch<SetStateAction<T | null>>;
  /** The server's refusal, already in the reader's language. */
  error: string | null;
  loading: boolean;
  /** Loads again (after a change); resolves once the answer is in. */
  reload(): Promise<void>;
}

/**
 * A page's data: loaded on mount and whenever `deps` change. A slower earlier answer never overwrites a newer
 * one, and a failure keeps the last good data beside its message.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const answer = await loader.current();
      if (ticket !== latest.current) return;
      setData(answer);
      setError(null);
    } catch (failure) {
      if (ticket === latest.current) setError((failure as Error).message);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, []);
  // The caller's deps decide when to load again (`load` itself is a new function on every render).
  useEffect(() => {
    void reload();
  }, deps);
  return { data, setData, error, loading, reload };
}

/** One GET of the platform's API, loaded again when `path` or the values of `params` change; none while `path` is null. */
export function useGet<T>(path: string | null, params?: Record<string, string>): Loaded<T> {
  const { api } = useServices();
  const key = JSON.stringify(params ?? {});
  return useLoad<T>(async () => (path === null ? (null as T) : (await api.get<T>(path, params ? { params } : undefined)).data), [api, path, key]);
}
