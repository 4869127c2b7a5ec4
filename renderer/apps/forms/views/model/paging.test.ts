import { describe, expect, it } from 'vitest';
import { currentCursor, firstPage, goNext, goPrevious, hasNext, hasPrevious, pageNumber, received } from './paging.ts';

describe('cursor stack paging', () => {
  it('walks forward by the next cursors and back by the remembered ones', () => {
    let state = firstPage();
    expect(currentCursor(state)).toBeNull();
    expect(hasPrevious(state)).toBe(false);
    state = received(state, 'c2');
    expect(hasNext(state)).toBe(true);
    state = goNext(state);
    expect(currentCursor(state)).toBe('c2');
    expect(pageNumber(state)).toBe(2);
    expect(hasNext(state)).toBe(false); // unknown until page 2 arrives
    state = goNext(received(state, 'c3'));
    expect(state.cursors).toEqual([null, 'c2', 'c3']);
    state = received(state, null);
    expect(hasNext(state)).toBe(false);
    expect(goNext(state)).toBe(state);
    state = goPrevious(state);
    expect(currentCursor(state)).toBe('c2');
    state = goPrevious(goPrevious(state));
    expect(state.cursors).toEqual([null]);
    expect(pageNumber(state)).toBe(1);
  });
});
