import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../../shell/services.tsx';
import { appendRows, EMPTY_FILTERS, queryOf, rememberForms, type MonitorFilters, type MonitorPage, type MonitorRow } from './monitor-model.ts';

export interface MonitorListState {
  /** The filters of the rows shown. */
  filters: MonitorFilters;
  /** Lists again from the first page under new filters. */
  apply(filters: MonitorFilters): void;
  /** Null until the first page arrives (or after a failed first page). */
  rows: MonitorRow[] | null;
  users: Record<string, string>;
  /** Forms met so far, for the form filter. */
  forms: Map<string, string>;
  next: string | null;
  loading: boolean;
  error: string | null;
  loadMore(): void;
  /** The first page again; `quiet` keeps the rows shown until it arrives (after an intervention). */
  reload(quiet?: boolean): void;
}

/**
 * The monitored instances under the applied filters, a page at a time (`next` → `after`). Every read starts from
 * the action that asks for it (apply, reload, more), not from an effect watching the filters, so an answer always
 * belongs to the request that was last made.
 */
export function useMonitorList(): MonitorListState {
  const { api } = useServices();
  const [filters, setFilters] = useState<MonitorFilters>(EMPTY_FILTERS);
  const [rows, setRows] = useState<MonitorRow[] | null>(null);
  const [users, setUsers] = useState<Record<string, string>>({});
  const [forms, setForms] = useState<Map<string, string>>(new Map());
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // An answer to older filters (changed meanwhile) or an older reload must not overwrite the newer list.
  const generation = useRef(0);

  const fetchPage = useCallback(
    (wanted: MonitorFilters, after: string | null, quiet: boolean) => {
      const mine = after ? generation.current : ++generation.current;
      if (!after && !quiet) setRows(null);
      setLoading(true);
      setError(null);
      api.get<MonitorPage>('/api/workflow/monitor', { params: queryOf(wanted, after) }).then(
        ({ data }) => {
          if (mine !== generation.current) return;
          setRows((old) => (after && old ? appendRows(old, data.rows) : data.rows));
          setUsers((old) => ({ ...old, ...data.users }));
          setForms((old) => rememberForms(old, data.rows));
          setNext(data.next);
          setLoading(false);
        },
        (failure: Error) => {
          if (mine !== generation.current) return;
          setError(failure.message);
          setLoading(false);
        },
      );
    },
    [api],
  );

  useEffect(() => fetchPage(EMPTY_FILTERS, null, false), [fetchPage]);

  const apply = useCallback(
    (wanted: MonitorFilters) => {
      setFilters(wanted);
      fetchPage(wanted, null, false);
    },
    [fetchPage],
  );
  const loadMore = useCallback(() => {
    if (!loading && next) fetchPage(filters, next, true);
  }, [fetchPage, filters, loading, next]);
  const reload = useCallback((quiet = false) => fetchPage(filters, null, quiet), [fetchPage, filters]);

  return { filters, apply, rows, users, forms, next, loading, error, loadMore, reload };
}
