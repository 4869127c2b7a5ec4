import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import type { RecordRow } from '../types.ts';

/** The column of records whose group field is empty. Not an option text: options are user text and could be "empty". */
export const EMPTY_COLUMN = '__empty__';

export const boardColumns = (field: FieldDef): string[] => [...(field.options ?? []), EMPTY_COLUMN];
export const optionOf = (column: string): string | null => (column === EMPTY_COLUMN ? null : column);

/** The records of one column: the group field equals the option, or is empty. */
export function columnFilter(field: FieldDef, column: string): FilterGroup {
  return {
    logic: 'and',
    items: [column === EMPTY_COLUMN ? { field: field.key, op: 'empty' } : { field: field.key, op: 'eq', value: column }],
  };
}

export interface BoardState {
  cards: Record<string, RecordRow[]>;
  /** Records per column as the server counted them (more than the cards shown when a column has more pages). */
  totals: Record<string, number>;
}

export interface Move {
  id: string;
  from: string;
  to: string;
}

/** Where a moved card was, so a refused move can put it back exactly there. */
export interface Undo {
  move: Move;
  card: RecordRow;
  index: number;
}

const bump = (totals: Record<string, number>, column: string, delta: number) => ({ ...totals, [column]: Math.max(0, (totals[column] ?? 0) + delta) });

/** Optimistic move: the card goes to the top of `to` with its group value changed. Null when there is nothing to move. */
export function applyMove(state: BoardState, move: Move, groupField: string): { state: BoardState; undo: Undo } | null {
  if (move.from === move.to) return null;
  const source = state.cards[move.from] ?? [];
  const index = source.findIndex((card) => card.id === move.id);
  if (index < 0) return null;
  const card = source[index]!;
  const moved = { ...card, values: { ...card.values, [groupField]: optionOf(move.to) } };
  return {
    state: {
      cards: { ...state.cards, [move.from]: source.filter((c) => c.id !== move.id), [move.to]: [moved, ...(state.cards[move.to] ?? [])] },
      totals: bump(bump(state.totals, move.from, -1), move.to, +1),
    },
    undo: { move, card, index },
  };
}

/** Puts the card back where it was (other cards that moved meanwhile stay where they are now). */
export function undoMove(state: BoardState, undo: Undo): BoardState {
  const { move, card, index } = undo;
  const back = (state.cards[move.from] ?? []).filter((c) => c.id !== card.id);
  back.splice(Math.min(index, back.length), 0, card);
  return {
    cards: { ...state.cards, [move.to]: (state.cards[move.to] ?? []).filter((c) => c.id !== card.id), [move.from]: back },
    totals: bump(bump(state.totals, move.to, -1), move.from, +1),
  };
}

/** The server's copy of the moved card (new row version) replaces the optimistic one. */
export function settleMove(state: BoardState, column: string, saved: RecordRow): BoardState {
  return { ...state, cards: { ...state.cards, [column]: (state.cards[column] ?? []).map((c) => (c.id === saved.id ? { ...c, ...saved } : c)) } };
}

export type MoveOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * Moves a card at once and saves in the background; a refusal (403 no permission to modify, 409 changed by
 * someone else) puts it back. `update` takes functional updates so moves made meanwhile are not lost.
 */
export async function moveCard(
  current: BoardState,
  update: (fn: (state: BoardState) => BoardState) => void,
  move: Move,
  groupField: string,
  save: (card: RecordRow, option: string | null) => Promise<RecordRow>,
): Promise<MoveOutcome> {
  const applied = applyMove(current, move, groupField);
  if (!applied) return { ok: true };
  update((state) => applyMove(state, move, groupField)?.state ?? state);
  try {
    const saved = await save(applied.undo.card, optionOf(move.to));
    update((state) => settleMove(state, move.to, saved));
    return { ok: true };
  } catch (error) {
    update((state) => undoMove(state, applied.undo));
    return { ok: false, error };
  }
}
