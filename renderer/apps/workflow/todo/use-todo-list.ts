import { useCallback, useEffect, useRef, useState } from 'react';
import type { TodoBox } from '../../../../shared/api/workflow.ts';
import { useServices } from '../../../shell/services.tsx';
import { useMessagePush } from '../../../shell/message-live.ts';
import { appendRows, type TodoCounts, type TodoPage, type TodoRow } from './todo-model.ts';

const PAGE = 20;

export interface TodoListState {
  rows: TodoRow[];
  users: Record<string, string>;
  next: string | null;
  loading: boolean;
  /** A failed first page (nothing to show) or a failed further page (the rows stay, with a retry). */
  error: string | null;
  counts: TodoCounts | null;
  loadMore(): void;
  /** Reads the first page and the counts again. */
  reload(): void;
}

/**
 * One box of the process centre: keyset pages (`next` → `after`), the tab counts, and live updates — a workflow
 * notice over the socket (a new to-do, an urge, a CC, a result), a reconnect, or the window regaining focus read
 * the first page and the counts again, in place, without emptying the list first.
 */
export function useTodoList(box: TodoBox, appId: string | null): TodoListState {
  const { api } = useServices();
  const [rows, setRows] = useState<TodoRow[]>([]);
  const [users, setUsers] = useState<Record<string, string>>({});
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [counts, setCounts] = useState<TodoCounts | null>(null);
  // An answer for another box or app (the member switched meanwhile) is dropped.
  const generation = useRef(0);

  const page = useCallback(
    (after: string | null) => {
      const params: Record<string, string | number> = { box, limit: PAGE };
      if (after) params['after'] = after;
      if (appId) params['appId'] = appId;
      return api.get<TodoPage>('/api/workflow/todo', { params }).then((answer) => answer.data);
    },
    [api, appId, box],
  );

  const readCounts = useCallback(() => {
    api.get<TodoCounts>('/api/workflow/todo/counts').then(
      (answer) => setCounts(answer.data),
      () => undefined, // a badge is a hint: the list shows its own error
    );
  }, [api]);

  /** The first page; `quiet` keeps the rows shown until it arrives (a live refresh). */
  const first = useCallback(
    (quiet: boolean) => {
      const mine = ++generation.current;
      if (!quiet) {
        setRows([]);
        setNext(null);
      }
      setLoading(true);
      setError(null);
      readCounts();
      page(null).then(
        (answer) => {
          if (mine !== generation.current) return;
          setRows(answer.rows);
          setUsers(answer.users);
          setNext(answer.next);
          setLoading(false);
        },
        (failure: Error) => {
          if (mine !== generation.current) return;
          setError(failure.message);
          setLoading(false);
        },
      );
    },
    [page, readCounts],
  );

  useEffect(() => first(false), [first]);

  const loadMore = useCallback(() => {
    if (loading || !next) return;
    const mine = generation.current;
    setLoading(true);
    setError(null);
    page(next).then(
      (answer) => {
        if (mine !== generation.current) return;
        setRows((old) => appendRows(old, answer.rows));
        setUsers((old) => ({ ...old, ...answer.users }));
        setNext(answer.next);
        setLoading(false);
      },
      (failure: Error) => {
        if (mine !== generation.current) return;
        setError(failure.message);
        setLoading(false);
      },
    );
  }, [loading, next, page]);

  const refresh = useRef(() => first(true));
  refresh.current = () => first(true);
  useMessagePush({
    onNew: (item) => item.sourceApp === 'workflow' && refresh.current(),
    onReconnect: () => refresh.current(),
  });
  useEffect(() => {
    // Coming back to the tab fires both events: one read is enough.
    let last = 0;
    const onFocus = () => {
      if (document.visibilityState === 'hidden' || Date.now() - last < 2000) return;
      last = Date.now();
      refresh.current();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, []);

  return { rows, users, next, loading, error, counts, loadMore, reload: useCallback(() => first(false), [first]) };
}
