import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_RESULTS_CAP } from '../../../../shared/constants.ts';
import { useServices } from '../../../shell/services.tsx';
import type { RecordLabels } from '../record-form/types.ts';
import { fetchRecords } from '../views/records-api.ts';
import type { RecordRow } from '../views/types.ts';

export const MOBILE_PAGE_SIZE = 20;

interface State {
  records: RecordRow[];
  labels: RecordLabels;
  /** The cursor of the next page; null when the list is complete. */
  next: string | null;
  loading: boolean;
  error: string | null;
  /** At least one page answered for the current question. */
  started: boolean;
}

const EMPTY: State = { records: [], labels: {}, next: null, loading: true, error: null, started: false };

/** Names of later pages join those already known (each page names only its own people and records). */
export function mergeLabels(a: RecordLabels, b: RecordLabels): RecordLabels {
  const relations = { ...a.relations };
  for (const [key, names] of Object.entries(b.relations ?? {})) relations[key] = { ...relations[key], ...names };
  return { users: { ...a.users, ...b.users }, departments: { ...a.departments, ...b.departments }, relations };
}

/**
 * A form's records as the phone scrolls them: the web list's API (same permissions), page after page by its
 * cursor, appended. A search answers its ranked matches at once (the API has no cursor for search, §5).
 */
export function useInfiniteRecords(formId: string, q: string, columns: readonly string[] | null) {
  const { api } = useServices();
  const [state, setState] = useState<State>(EMPTY);
  // Each question (form, search, columns) counts its answers: a late page of an older question is dropped.
  const question = useRef(0);
  const busy = useRef(false);
  const search = q.trim();
  const columnKey = columns?.join(',') ?? null;

  const load = useCallback(
    async (cursor: string | null, mine: number) => {
      busy.current = true;
      setState((old) => ({ ...old, loading: true, error: null }));
      try {
        const answer = await fetchRecords(api, formId, {
          columns: columnKey ? columnKey.split(',') : undefined,
          pageSize: search ? SEARCH_RESULTS_CAP : MOBILE_PAGE_SIZE,
          cursor,
          q: search || undefined,
        });
        if (mine !== question.current) return;
        setState((old) => ({
          records: cursor ? [...old.records, ...answer.records.filter((r) => !old.records.some((o) => o.id === r.id))] : answer.records,
          labels: cursor ? mergeLabels(old.labels, answer.labels ?? {}) : (answer.labels ?? {}),
          next: search ? null : answer.nextCursor,
          loading: false,
          error: null,
          started: true,
        }));
      } catch (failure) {
        if (mine === question.current) setState((old) => ({ ...old, loading: false, error: (failure as Error).message, started: true }));
      } finally {
        if (mine === question.current) busy.current = false;
      }
    },
    [api, formId, search, columnKey],
  );

  const [round, setRound] = useState(0);
  useEffect(() => {
    if (columnKey === null) return; // the form is not known yet: which columns to ask for is not either
    const mine = ++question.current;
    setState(EMPTY);
    void load(null, mine);
  }, [load, columnKey, round]);

  /** The same question from its first page again (records were added or changed meanwhile). */
  const reload = useCallback(() => setRound((n) => n + 1), []);

  /** The next page, unless one is on its way or there is none. */
  const more = useCallback(() => {
    if (busy.current || !state.next || state.error) return;
    void load(state.next, question.current);
  }, [load, state.next, state.error]);

  const retry = useCallback(() => void load(state.records.length ? state.next : null, question.current), [load, state.next, state.records.length]);

  return { ...state, hasMore: state.next !== null, more, retry, reload };
}
