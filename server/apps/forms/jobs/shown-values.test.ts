import { describe, expect, it } from 'vitest';
import { serialWall, shownDateTime, shownDay, shownNumber } from './shown-values.ts';

describe('numbers as shown', () => {
  it.each([
    ['1,234.56', '1234.56'], ['¥12,345.77', '12345.77'], ['￥12,345.77', '12345.77'], ['-¥1,234', '-1234'], ['¥-1,234', '-1234'],
    ['$1,000,000', '1000000'], ['12.5%', '0.125'], ['33.3%', '0.333'], ['3%', '0.03'], ['100%', '1'], ['-0.5%', '-0.005'],
    ['１２３．４', '123.4'], ['12,345.77元', '12345.77'], ['RMB 88', '88'], [' 42 ', '42'], ['+7', '7'], ['0', '0'],
    ['(1,234.56)', '-1234.56'], ['(¥88)', '-88'], ['1,234,567.89', '1234567.89'], ['1e-8', '0.00000001'], ['-1.5E+3', '-1500'],
    ['2.5e0', '2.5'], ['1e3', '1000'], ['1.2345e2', '123.45'], ['0e5', '0'],
  ])('%s → %s', (text, expected) => expect(shownNumber(text)).toBe(expected));

  it.each(['1,23', '1.234,5', '12,34,567', 'abc', '1e', 'e5', '--1', '¥', '%', '1 000', '(-5)', '((5))', '()', '0x10', 'Infinity', ''])('%s is refused', (text) =>
    expect(shownNumber(text)).toBeNull());
});

describe('dates as shown', () => {
  it.each([
    ['2026/3/5', { year: 2026, month: 3, day: 5 }], ['2026-03-05', { year: 2026, month: 3, day: 5 }], ['2026.3.5', { year: 2026, month: 3, day: 5 }],
    ['2026年3月5日', { year: 2026, month: 3, day: 5 }], ['2026年3月5', { year: 2026, month: 3, day: 5 }], ['20260305', { year: 2026, month: 3, day: 5 }],
    ['2024-2-29', { year: 2024, month: 2, day: 29 }],
  ])('%s', (text, expected) => expect(shownDay(text)).toEqual(expected));

  it.each(['3/5/2026', '5/3/2026', '26/3/5', '2023-2-29', '2026/13/1', '2026/3', '2026-03-05 08:30', '12345'])('%s is refused', (text) => expect(shownDay(text)).toBeNull());

  it.each([
    ['2026/3/5 8:30', [2026, 3, 5, 8, 30, 0]], ['2024-2-9 8:30', [2024, 2, 9, 8, 30, 0]], ['2026年3月5日 8:30', [2026, 3, 5, 8, 30, 0]],
    ['2026/3/5 下午2:05', [2026, 3, 5, 14, 5, 0]], ['2026/3/5 12:00 AM', [2026, 3, 5, 0, 0, 0]], ['2024-02-29 23:59:59', [2024, 2, 29, 23, 59, 59]],
    ['2024-02-29T23:59', [2024, 2, 29, 23, 59, 0]], ['2026年3月5日 8时30分', [2026, 3, 5, 8, 30, 0]],
  ])('%s', (text, [year, month, day, hour, minute, second]) =>
    expect(shownDateTime(text)).toEqual({ year, month, day, hour, minute, second, ms: 0 }));

  it.each(['2026/3/5 24:00', '2026/3/5 8:60', '2026/3/5 13:00 PM', '3/5/2026 8:30', '2026/3/5', '2026/3/5 8'])('%s is refused', (text) =>
    expect(shownDateTime(text)).toBeNull());

  it('Excel serial dates from 1927 to 9999; smaller numbers are not taken as days', () => {
    expect(new Date(serialWall(46086)!).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(new Date(serialWall(46086.354166666664)!).toISOString()).toBe('2026-03-05T08:30:00.000Z');
    expect(serialWall(2024)).toBeNull();
    expect(serialWall(9_999_999)).toBeNull();
  });
});
