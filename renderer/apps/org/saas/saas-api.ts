import { useCallback, useEffect, useState } from 'react';
import { SAAS_API } from '../../../../shared/api/org-saas.ts';
import { buildPath, type RouteMatch } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import { useServices } from '../../../shell/services.tsx';

export { SAAS_API };

/** Loads one call's data, again on `reload()`; `error` is the server's message in the user's language. */
export function useSaas<T>(path: string | null): { data: T | null; error: string | null; reload: () => void } {
  const { api } = useServices();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!path) return undefined;
    let live = true;
    api.get(path).then(
      (answer) => {
        if (!live) return;
        setData(answer.data as T);
        setError(null);
      },
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, path, round]);
  return { data, error, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/** The address of another page of this console, in the space the current page is in. */
export function pagePath(match: RouteMatch, routeId: string, query?: Record<string, string>): string {
  const path = buildPath(ROUTES.find((route) => route.id === routeId)!, {}, match.spaceUri ? match.spaceId : null);
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

/** Bytes as a person reads them (KB, MB, GB), in the page's language. */
export function size(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) (value /= 1024), (unit += 1);
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

export const STATUS_COLOR = { active: 'green', suspended: 'orange', archived: 'gray' } as const;

export const dateTime = (iso: string, language: string) => new Date(iso).toLocaleString(language);
