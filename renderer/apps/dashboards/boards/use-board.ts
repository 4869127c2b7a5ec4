import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Board, BoardDraft, FilterValues } from '../../../../shared/dashboards/model.ts';
import { boardProblems, type DashboardProblem } from '../../../../shared/dashboards/validate.ts';
import { useServices } from '../../../shell/services.tsx';
import { chartIdsOf, draftOf } from './board-model.ts';
import { boardsApi, failureCode, isStale, serverProblems, type BoardChartAnswer } from './boards-api.ts';

export interface LoadFailure {
  status: number;
  message: string;
}

/**
 * One board open: the board as loaded, its charts' data (one call for all, answered from the server's per-viewer
 * cache when nothing changed), and its draft while editing — the shared rules run on every change (shown once the
 * user tried to save), the server's 422 problems until the next edit, saving with the version read (409: someone
 * else saved meanwhile). A refetch keeps the charts shown until the new answer lands, so live updates do not flicker.
 */
export function useBoard(boardId: string) {
  const { t } = useTranslation();
  const { api } = useServices();
  const calls = useMemo(() => boardsApi(api), [api]);
  const [board, setBoard] = useState<Board | null>(null);
  const [loadFailure, setLoadFailure] = useState<LoadFailure | null>(null);
  const [charts, setCharts] = useState<Record<string, BoardChartAnswer>>({});
  const [dataError, setDataError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const [fetchedAt, setFetchedAt] = useState<Date | null>(null);
  const [draft, setDraft] = useState<BoardDraft | null>(null);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<{ problems: DashboardProblem[]; message: string | null }>({ problems: [], message: null });
  const [busy, setBusy] = useState(false);
  const filtersRef = useRef<FilterValues>({});
  const round = useRef(0);

  const load = useCallback(() => {
    calls.board(boardId).then(
      (loaded) => (setBoard(loaded), setLoadFailure(null)),
      (failure: Error) => setLoadFailure({ status: failureCode(failure), message: failure.message }),
    );
  }, [calls, boardId]);
  useEffect(load, [load]);

  /** Reads every chart again with the filters given (or the last ones). */
  const refresh = useCallback(
    async (filters?: FilterValues) => {
      if (filters) filtersRef.current = filters;
      const mine = ++round.current;
      setFetching(true);
      try {
        const answer = await calls.data(boardId, filtersRef.current);
        if (mine !== round.current) return;
        setCharts(answer.charts);
        setDataError(null);
        setFetchedAt(new Date());
      } catch (failure) {
        if (mine === round.current) setDataError((failure as Error).message);
      } finally {
        if (mine === round.current) setFetching(false);
      }
    },
    [calls, boardId],
  );
  // The charts of the saved board; a save that adds charts reads them again.
  const chartKey = board ? chartIdsOf(board.items).join(',') : null;
  useEffect(() => {
    if (chartKey !== null) void refresh();
  }, [chartKey, refresh]);

  // While editing, charts just added are not on the saved board: each is read on its own until the board is saved.
  const missing = draft ? chartIdsOf(draft.items).filter((id) => !(id in charts)).join(',') : '';
  useEffect(() => {
    if (!missing) return;
    for (const id of missing.split(',')) {
      Promise.all([calls.chart(id), calls.chartData(id)]).then(
        ([chart, result]) => setCharts((old) => ({ ...old, [id]: { ok: true, chart, result } })),
        (failure: Error) => setCharts((old) => ({ ...old, [id]: { ok: false, error: failure.message, status: failureCode(failure) } })),
      );
    }
  }, [calls, missing]);

  const local = useMemo(() => (draft ? boardProblems(draft) : []), [draft]);
  const problems = useMemo(() => [...(checked ? local : []), ...server.problems], [checked, local, server.problems]);
  const dirty = !!board && !!draft && JSON.stringify(draftOf(board)) !== JSON.stringify(draft);

  const change = useCallback((next: BoardDraft) => {
    setDraft(next);
    setServer((old) => (old.problems.length || old.message ? { problems: [], message: null } : old));
  }, []);
  const startEditing = useCallback(() => board && (setDraft(draftOf(board)), setChecked(false)), [board]);
  const stopEditing = useCallback(() => (setDraft(null), setServer({ problems: [], message: null })), []);

  /** `keepEditing`: the screen designer has no view mode, it goes on with the saved board as its draft. */
  async function save(keepEditing = false): Promise<boolean> {
    if (!draft || !board) return false;
    setChecked(true);
    if (boardProblems(draft).length > 0) return false;
    setBusy(true);
    try {
      const next = await calls.save(board.id, draft, board.version);
      setBoard(next);
      setDraft(keepEditing ? draftOf(next) : null);
      setServer({ problems: [], message: null });
      return true;
    } catch (failure) {
      const message = isStale(failure) ? t('dashboards.boards.edit.stale') : (failure as Error).message;
      setServer({ problems: serverProblems(failure), message });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { board, loadFailure, charts, dataError, fetching, fetchedAt, refresh, reload: load, draft, dirty, problems, serverMessage: server.message, busy, change, startEditing, stopEditing, save };
}

export type BoardState = ReturnType<typeof useBoard>;
