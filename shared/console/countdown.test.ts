import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown.ts';

describe('maintenance countdown', () => {
  it('splits the remaining time into days and a clock, never below zero', () => {
    expect(countdownParts(0)).toEqual({ d: 0, h: '00', m: '00', s: '00' });
    expect(countdownParts(-5000)).toEqual({ d: 0, h: '00', m: '00', s: '00' });
    expect(countdownParts(((26 * 60 + 3) * 60 + 9) * 1000 + 999)).toEqual({ d: 1, h: '02', m: '03', s: '09' });
  });
});
