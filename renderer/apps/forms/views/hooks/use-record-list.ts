import { useCallback, useEffect, useState } from 'react';
import { SEARCH_RESULTS_CAP } from '../../../../../shared/constants.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { useServices } from '../../../../shell/services.tsx';
import type { RecordLabels } from '../../record-form/types.ts';
import { currentCursor, firstPage, goNext, goPrevious, hasNext, hasPrevious, pageNumber, received } from '../model/paging.ts';
import { fetchRecords } from '../records-api.ts';
import type { ListAnswer, RecordRow, SortSpec } from '../types.ts';

export interface RecordListOptions {
  formId: string;
  filter?: FilterGroup;
  sort?: SortSpec;
  columns?: readonly string[];
  pageSize: number;
  /** Search text: ranked results, at most 600 (§5), all in one answer (search has no cursor). */
  q?: string;
  /** Bumped by the page after a change (create, delete, import) to fetch again from the first page. */
  reloadKey?: number;
}

interface Loaded {
  records: RecordRow[];
  labels: RecordLabels;
  total: ListAnswer['total'] | null;
  loading: boolean;
  error: string | null;
}

/** One list view's records, page by page by cursor; any change of what is asked starts again at page 1. */
export function useRecordList(options: RecordListOptions) {
  const { api } = useServices();
  const q = options.q?.trim() || undefined;
  const key = JSON.stringify([options.formId, options.filter, options.sort, options.columns, options.pageSize, q, options.reloadKey]);
  const [paging, setPaging] = useState(firstPage);
  const [pagingKey, setPagingKey] = useState(key);
  const [loaded, setLoaded] = useState<Loaded>({ records: [], labels: {}, total: null, loading: true, error: null });
  if (pagingKey !== key) {
    // A new question: back to the first page before anything is fetched for it (set during render, no extra fetch).
    setPagingKey(key);
    setPaging(firstPage());
  }
  const cursor = pagingKey === key ? currentCursor(paging) : null;

  useEffect(() => {
    let live = true;
    setLoaded((old) => ({ ...old, loading: true }));
    fetchRecords(api, options.formId, {
      filter: options.filter,
      sort: q ? undefined : options.sort,
      columns: options.columns,
      pageSize: q ? SEARCH_RESULTS_CAP : options.pageSize,
      cursor: q ? null : cursor,
      // Counting costs a query: once per question, on its first page.
      count: cursor === null,
      q,
    }).then(
      (answer) => {
        if (!live) return;
        setLoaded((old) => ({ records: answer.records, labels: answer.labels ?? {}, total: answer.total ?? old.total, loading: false, error: null }));
        setPaging((old) => received(old, q ? null : answer.nextCursor));
      },
      (failure: Error) => live && setLoaded({ records: [], labels: {}, total: null, loading: false, error: failure.message }),
    );
    return () => {
      live = false;
    };
    // `key` stands for every option the request is built from.
  }, [api, key, cursor]);

  // "Show exact": the same question counted with the longer budget; the rows on screen stay as they are.
  const [exacting, setExacting] = useState(false);
  const exact = useCallback(() => {
    setExacting(true);
    fetchRecords(api, options.formId, { filter: options.filter, columns: options.columns, pageSize: 1, count: true, exactCount: true })
      .then(
        (answer) => answer.total && setLoaded((old) => ({ ...old, total: answer.total })),
        (failure: Error) => setLoaded((old) => ({ ...old, error: failure.message })),
      )
      .finally(() => setExacting(false));
    // `key` stands for the question asked.
  }, [api, key]);
  const next = useCallback(() => setPaging(goNext), []);
  const previous = useCallback(() => setPaging(goPrevious), []);
  return {
    ...loaded,
    searching: q !== undefined,
    /** §5: the search answered its cap; there may be more matches than shown. */
    capped: q !== undefined && loaded.records.length >= SEARCH_RESULTS_CAP,
    page: pageNumber(paging),
    hasNext: hasNext(paging),
    hasPrevious: hasPrevious(paging),
    next,
    previous,
    exact,
    exacting,
  };
}
