import { describe, expect, it } from 'vitest';
import { formatMinor, yuanToMinor } from './console-finance.ts';

describe('money as text (decision 0087: never a float)', () => {
  it('reads yuan as typed into exact minor units, refusing anything but at most two decimals', () => {
    expect(yuanToMinor('199')).toBe(19_900);
    expect(yuanToMinor('199.5')).toBe(19_950);
    expect(yuanToMinor(' 0.29 ')).toBe(29);
    expect(yuanToMinor('0.1')).toBe(10);
    expect(yuanToMinor('1000000000.00')).toBe(100_000_000_000);
    for (const bad of ['', '1.005', '-1', '1e3', '1,000', '¥5', '.5', '12345678901']) expect(yuanToMinor(bad), bad).toBeNull();
  });

  it('writes minor units as yuan with two decimals, from their digits', () => {
    expect(formatMinor('19950')).toBe('199.50');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor('100000000029')).toBe('1000000000.29');
    expect(formatMinor('-120')).toBe('-1.20');
  });
});
