import { useEffect, useState } from 'react';
import { SAAS_API } from '../../../../shared/api/org-saas.ts';
import { buildPath, type RouteMatch } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import { useServices } from '../../../shell/services.tsx';
import { useGet } from '../../../shell/use-load.ts';

export { SAAS_API };

/**
 * A settings page of this console: the loaded value, the copy being edited, and `save`, which PUTs the copy to the
 * same address and puts the server's answer back (the error, in the user's language, stays on the page).
 */
export function useSettingsDraft<T extends object>(path: string) {
  const { api } = useServices();
  const loaded = useGet<T>(path);
  const [draft, setDraft] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(loaded.data), [loaded.data]);
  async function save(body: T): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      setDraft((await api.put<T>(path, body, { json: true })).data);
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { loaded, draft, setDraft, error, setError, busy, save };
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
