import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/** Loads on mount and whenever `deps` change; a slower earlier answer never overwrites a newer one. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(() => {
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    loader.current().then(
      (data) => ticket === latest.current && setState({ data, error: null, loading: false }),
      (failure: unknown) => ticket === latest.current && setState((s) => ({ ...s, error: (failure as Error).message, loading: false })),
    );
  }, []);
  // The caller's deps decide when to load again.
  useEffect(reload, deps);
  return { ...state, reload };
}
