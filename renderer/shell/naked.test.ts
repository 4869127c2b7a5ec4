import { describe, expect, it } from 'vitest';
import { nakedFromQuery } from './naked.ts';

describe('naked mode', () => {
  it('turns on with __NAKED__ (any value but 0/false), off with 0/false, and is left alone otherwise', () => {
    expect(nakedFromQuery('?__NAKED__=1')).toBe(true);
    expect(nakedFromQuery('?a=b&__NAKED__')).toBe(true);
    expect(nakedFromQuery('?__NAKED__=0')).toBe(false);
    expect(nakedFromQuery('?__NAKED__=false')).toBe(false);
    expect(nakedFromQuery('?a=b')).toBeNull();
  });
});
