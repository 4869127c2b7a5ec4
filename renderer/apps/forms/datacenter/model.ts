import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableItem } from '../../../../shared/api/forms-datacenter.ts';
import { useServices } from '../../../shell/services.tsx';
import { failureText, statusOf } from '../detail/model.ts';

/** A call's state: its data once answered, the failure's text and status otherwise; `reload` asks again. */
export interface Loaded<T> {
  data: T | null;
  error: { text: string; status: number } | null;
  reload(): void;
}

/** GET one data-centre call (shared/api/forms-datacenter.ts), refetched when `path` changes or on `reload`. */
export function useDataCenter<T>(path: string | null): Loaded<T> {
  const { t } = useTranslation();
  const { api } = useServices();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Loaded<T>['error']>(null);
  const reload = useCallback(() => {
    if (!path) return;
    api.get<T>(path).then(
      (answer) => (setData(answer.data), setError(null)),
      (failure: unknown) => setError({ text: failureText(failure, t('common.fetchFailed')), status: statusOf(failure) }),
    );
  }, [api, path, t]);
  useEffect(reload, [reload]);
  return { data, error, reload };
}

/** A count as people read it; a large table's estimate says "about". */
export function countText(t: (key: string, options?: Record<string, unknown>) => string, n: number, estimated: boolean, language: string): string {
  const text = n.toLocaleString(language);
  return estimated ? t('forms.datacenter.about', { n: text }) : text;
}

/** "1.2 GB": table sizes as people read them (binary units, one decimal). */
export function sizeText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Whether an item matches the search words: every word in its app or form name (or table), case-insensitive. */
export function matches(item: DataTableItem, search: string): boolean {
  const haystack = `${item.appName} ${item.formName} ${item.table}`.toLowerCase();
  return search.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}
