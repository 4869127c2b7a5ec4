/**
 * Keyset paging: the server only answers "the page after this cursor", so going back means remembering the
 * cursors that led here. `cursors[i]` is the cursor page i+1 was fetched with (null for the first page).
 */
export interface PagingState {
  cursors: Array<string | null>;
  /** The cursor of the page after the current one; null on the last page. */
  next: string | null;
}

export const firstPage = (): PagingState => ({ cursors: [null], next: null });

export const currentCursor = (state: PagingState) => state.cursors.at(-1) ?? null;
export const pageNumber = (state: PagingState) => state.cursors.length;
export const hasNext = (state: PagingState) => state.next !== null;
export const hasPrevious = (state: PagingState) => state.cursors.length > 1;

/** The answer for the current page arrived: remember where the next one starts. */
export const received = (state: PagingState, nextCursor: string | null): PagingState => ({ ...state, next: nextCursor });

/** Forward: the next cursor becomes current (its own next is unknown until that page arrives). */
export function goNext(state: PagingState): PagingState {
  if (state.next === null) return state;
  return { cursors: [...state.cursors, state.next], next: null };
}

/** Back: drop the current cursor; the page before is fetched again with its own cursor. */
export function goPrevious(state: PagingState): PagingState {
  if (state.cursors.length <= 1) return state;
  return { cursors: state.cursors.slice(0, -1), next: null };
}
