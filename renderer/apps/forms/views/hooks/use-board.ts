import { Message } from '@arco-design/web-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { TransportError } from '../../../../kernel/transport.ts';
import { useServices } from '../../../../shell/services.tsx';
import type { RecordLabels } from '../../record-form/types.ts';
import { boardColumns, columnFilter, moveCard, settleMove, type BoardState } from '../model/board.ts';
import { combineFilters } from '../model/filter-model.ts';
import { fetchRecords, updateRecord } from '../records-api.ts';
import type { RecordRow } from '../types.ts';

/** Cards per column and per "load more" (the list API's page). */
export const BOARD_PAGE_SIZE = 50;

const mergeLabels = (a: RecordLabels, b: RecordLabels | undefined): RecordLabels => ({
  users: { ...a.users, ...b?.users },
  departments: { ...a.departments, ...b?.departments },
  relations: { ...a.relations, ...b?.relations },
});

interface Options {
  formId: string;
  field: FieldDef;
  filter: FilterGroup | undefined;
  /** Field keys the cards show (group field and titles included). */
  columns: string[];
  reloadKey: number;
}

/** A board's columns: one list request per option (filter field = option), cards moved by drag and drop. */
export function useBoard({ formId, field, filter, columns, reloadKey }: Options) {
  const { api } = useServices();
  const [state, setState] = useState<BoardState>({ cards: {}, totals: {} });
  const [cursors, setCursors] = useState<Record<string, string | null>>({});
  const [labels, setLabels] = useState<RecordLabels>({});
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // moveCard needs the state as it is when the drop happens, not as it was when this render's closure was made.
  const current = useRef(state);
  current.current = state;
  const request = JSON.stringify([formId, field.key, field.options, filter, columns, reloadKey]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const keys = boardColumns(field);
    Promise.all(keys.map((column) => fetchRecords(api, formId, { filter: combineFilters(filter, columnFilter(field, column)), columns, pageSize: BOARD_PAGE_SIZE, count: true }))).then(
      (answers) => {
        if (!live) return;
        setState({
          cards: Object.fromEntries(keys.map((k, i) => [k, answers[i]!.records])),
          totals: Object.fromEntries(keys.map((k, i) => [k, answers[i]!.total?.count ?? answers[i]!.records.length])),
        });
        setCursors(Object.fromEntries(keys.map((k, i) => [k, answers[i]!.nextCursor])));
        setLabels(answers.reduce<RecordLabels>((all, a) => mergeLabels(all, a.labels), {}));
        setError(null);
        setLoading(false);
      },
      (failure: Error) => live && (setError(failure.message), setLoading(false)),
    );
    return () => {
      live = false;
    };
    // `request` stands for every input of the requests.
  }, [api, request]);

  const loadMore = useCallback(
    async (column: string) => {
      const cursor = cursors[column];
      if (!cursor) return;
      try {
        const answer = await fetchRecords(api, formId, { filter: combineFilters(filter, columnFilter(field, column)), columns, pageSize: BOARD_PAGE_SIZE, cursor });
        const known = new Set((current.current.cards[column] ?? []).map((c) => c.id));
        setState((s) => ({ ...s, cards: { ...s.cards, [column]: [...(s.cards[column] ?? []), ...answer.records.filter((r) => !known.has(r.id))] } }));
        setCursors((c) => ({ ...c, [column]: answer.nextCursor }));
        setLabels((l) => mergeLabels(l, answer.labels));
      } catch (failure) {
        Message.error((failure as Error).message);
      }
    },
    [api, formId, field, filter, columns, cursors],
  );

  const move = useCallback(
    async (id: string, from: string, to: string) => {
      const outcome = await moveCard(current.current, setState, { id, from, to }, field.key, (card, option) =>
        updateRecord(api, formId, card.id, { [field.key]: option }, card.rowVersion),
      );
      if (outcome.ok) return;
      // 403 no permission to modify, 409 changed meanwhile: the card is back; the server says why.
      Message.error((outcome.error as Error).message);
      const latest = outcome.error instanceof TransportError && outcome.error.code === 409 ? (outcome.error.data as { current?: RecordRow } | null)?.current : undefined;
      // The conflict answer carries the record as it is now: the next drag then uses its row version.
      if (latest) setState((s) => settleMove(s, from, latest));
    },
    [api, formId, field.key],
  );

  return { state, cursors, labels, loading, error, loadMore, move };
}
