import { useCallback, useEffect, useState } from 'react';
import { FINANCE_API, formatMinor } from '../../../../shared/api/console-finance.ts';
import { buildPath } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';

export { FINANCE_API };

/** "¥12.34" from minor units; the digits come from the text, never through a float. */
export const money = (minor: string | number) => `¥${formatMinor(minor)}`;

/** The address of another payments page (root's pages take no space prefix). */
export function financePath(routeId: 'financialShop' | 'financialShopEdit', query: Record<string, string> = {}): string {
  const path = buildPath(ROUTES.find((r) => r.id === `console.${routeId}`)!, {}, null);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Loads a page's data, keeps the server's refusal (already in the reader's language) and offers a reload. */
export function useFinanceData<T>(load: () => Promise<T>, deps: readonly unknown[] = []) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  // `load` is recreated each render; `deps` says when its answer would differ.
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await load());
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setLoading(false);
    }
  }, deps);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}
