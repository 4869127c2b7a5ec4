import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../types.ts';
import { EMPTY_COLUMN, applyMove, boardColumns, columnFilter, moveCard, undoMove, type BoardState } from './board.ts';

const card = (id: string, status: string | null, rowVersion = 1) => ({ id, rowVersion, values: { f1: status } }) as unknown as RecordRow;
const board = (): BoardState => ({
  cards: { Open: [card('1', 'Open'), card('2', 'Open'), card('3', 'Open')], Done: [card('9', 'Done')], [EMPTY_COLUMN]: [] },
  totals: { Open: 3, Done: 1, [EMPTY_COLUMN]: 0 },
});
const ids = (state: BoardState, column: string) => (state.cards[column] ?? []).map((c) => c.id);

/** A setState stand-in: functional updates applied in order, like React does. */
function store(initial: BoardState) {
  let state = initial;
  return { get: () => state, update: (fn: (s: BoardState) => BoardState) => void (state = fn(state)) };
}

describe('board', () => {
  it('has a column per option plus the empty column, each filtered on the group field', () => {
    expect(boardColumns({ key: 'f1', type: 'select', label: 'S', options: ['Open', 'Done'] })).toEqual(['Open', 'Done', EMPTY_COLUMN]);
    expect(columnFilter({ key: 'f1', type: 'select', label: 'S' }, 'Done')).toEqual({ logic: 'and', items: [{ field: 'f1', op: 'eq', value: 'Done' }] });
    expect(columnFilter({ key: 'f1', type: 'select', label: 'S' }, EMPTY_COLUMN)).toEqual({ logic: 'and', items: [{ field: 'f1', op: 'empty' }] });
  });

  it('moves a card optimistically and undoes it to its exact place', () => {
    const applied = applyMove(board(), { id: '2', from: 'Open', to: 'Done' }, 'f1')!;
    expect(ids(applied.state, 'Open')).toEqual(['1', '3']);
    expect(ids(applied.state, 'Done')).toEqual(['2', '9']);
    expect(applied.state.cards.Done![0]!.values.f1).toBe('Done');
    expect(applied.state.totals).toMatchObject({ Open: 2, Done: 2 });
    const undone = undoMove(applied.state, applied.undo);
    expect(ids(undone, 'Open')).toEqual(['1', '2', '3']);
    expect(undone.cards.Open![1]!.values.f1).toBe('Open');
    expect(undone.totals).toMatchObject({ Open: 3, Done: 1 });
    expect(applyMove(board(), { id: '2', from: 'Open', to: 'Open' }, 'f1')).toBeNull();
  });

  it('saves the new value with the card row version and keeps the server copy', async () => {
    const s = store(board());
    const saves: unknown[] = [];
    const outcome = await moveCard(s.get(), s.update, { id: '1', from: 'Open', to: EMPTY_COLUMN }, 'f1', async (c, option) => {
      saves.push([c.id, option, c.rowVersion]);
      return card('1', null, 2);
    });
    expect(outcome).toEqual({ ok: true });
    expect(saves).toEqual([['1', null, 1]]);
    expect(s.get().cards[EMPTY_COLUMN]![0]!.rowVersion).toBe(2);
  });

  it('puts the card back when the server refuses (403 / 409), keeping other moves made meanwhile', async () => {
    const s = store(board());
    let refuse!: (error: Error) => void;
    const pending = moveCard(s.get(), s.update, { id: '2', from: 'Open', to: 'Done' }, 'f1', () => new Promise((_, reject) => (refuse = reject)));
    expect(ids(s.get(), 'Done')).toEqual(['2', '9']);
    // Another card moves while the first save is on its way.
    s.update((state) => applyMove(state, { id: '9', from: 'Done', to: EMPTY_COLUMN }, 'f1')!.state);
    refuse(Object.assign(new Error('No permission to modify.'), { code: 403 }));
    const outcome = await pending;
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: Error }).error.message).toBe('No permission to modify.');
    expect(ids(s.get(), 'Open')).toEqual(['1', '2', '3']);
    expect(ids(s.get(), 'Done')).toEqual([]);
    expect(ids(s.get(), EMPTY_COLUMN)).toEqual(['9']);
    expect(s.get().totals).toMatchObject({ Open: 3, Done: 0, [EMPTY_COLUMN]: 1 });
  });
});
