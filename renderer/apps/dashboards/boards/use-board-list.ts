import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoardKind } from '../../../../shared/dashboards/model.ts';
import { useServices } from '../../../shell/services.tsx';
import { boardsApi, type BoardSummary } from './boards-api.ts';

/**
 * The boards of one kind the member may open, searched by name, a page at a time (the server's cursor). `reload`
 * starts again from the first page (after a create, copy or delete).
 */
export function useBoardList(kind: BoardKind, search: string) {
  const { api } = useServices();
  const [items, setItems] = useState<BoardSummary[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const round = useRef(0);

  const reload = useCallback(() => {
    const mine = ++round.current;
    setItems(null);
    boardsApi(api)
      .boards(kind, search)
      .then(
        (page) => mine === round.current && (setItems(page.items), setNext(page.next), setError(null)),
        (failure: Error) => mine === round.current && (setItems([]), setNext(null), setError(failure.message)),
      );
  }, [api, kind, search]);
  useEffect(reload, [reload]);

  async function more() {
    if (!next || busy) return;
    const mine = round.current;
    setBusy(true);
    try {
      const page = await boardsApi(api).boards(kind, search, next);
      if (mine !== round.current) return;
      setItems((old) => [...(old ?? []), ...page.items]);
      setNext(page.next);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return { items, next, error, setError, busy, reload, more };
}
