import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { RecordRow } from '../types.ts';
import { calendarRange, dayKey, dayKeyOf, rangeFilter, recordsByDay, shiftAnchor, startOfWeek, valueForDay } from './calendar.ts';

const dateField: FieldDef = { key: 'f1', type: 'date', label: 'Due' };
const timeField: FieldDef = { key: 'f2', type: 'datetime', label: 'At' };
const keys = (days: Date[]) => days.map(dayKey);

describe('calendar ranges', () => {
  it('a month grid runs from the Monday on or before the 1st to the Sunday on or after the last day', () => {
    // March 2026: the 1st is a Sunday, the 31st a Tuesday.
    const range = calendarRange('month', new Date(2026, 2, 17, 15, 30));
    expect(dayKey(range.start)).toBe('2026-02-23');
    expect(dayKey(range.days.at(-1)!)).toBe('2026-04-05');
    expect(range.days).toHaveLength(42);
    expect(range.end).toEqual(new Date(2026, 3, 5, 23, 59, 59, 999));
  });

  it('a month that starts on a Monday starts its grid on the 1st', () => {
    const range = calendarRange('month', new Date(2026, 5, 10)); // June 2026: the 1st is a Monday
    expect(dayKey(range.start)).toBe('2026-06-01');
    expect(range.days.length % 7).toBe(0);
  });

  it('a week is Monday to Sunday around the anchor; a day is the anchor day', () => {
    expect(keys(calendarRange('week', new Date(2026, 2, 1)).days)).toEqual(['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01']);
    const day = calendarRange('day', new Date(2026, 2, 4, 18));
    expect(keys(day.days)).toEqual(['2026-03-04']);
    expect(day.start).toEqual(new Date(2026, 2, 4));
    expect(day.end).toEqual(new Date(2026, 2, 4, 23, 59, 59, 999));
    expect(dayKey(startOfWeek(new Date(2026, 2, 8)))).toBe('2026-03-02');
  });

  it('moves by a month (to its 1st, so Jan 31 + 1 is February), a week or a day', () => {
    expect(dayKey(shiftAnchor('month', new Date(2026, 0, 31), 1))).toBe('2026-02-01');
    expect(dayKey(shiftAnchor('month', new Date(2026, 0, 15), -1))).toBe('2025-12-01');
    expect(dayKey(shiftAnchor('week', new Date(2026, 2, 4), 1))).toBe('2026-03-11');
    expect(dayKey(shiftAnchor('day', new Date(2026, 2, 1), -1))).toBe('2026-02-28');
  });

  it('filters a date field by local dates and a date-time field by the instants of the range', () => {
    const range = calendarRange('week', new Date(2026, 2, 4));
    expect(rangeFilter(dateField, range)).toEqual({ logic: 'and', items: [{ field: 'f1', op: 'between', value: ['2026-03-02', '2026-03-08'] }] });
    expect(rangeFilter(timeField, range)).toEqual({
      logic: 'and',
      items: [{ field: 'f2', op: 'between', value: [new Date(2026, 2, 2).toISOString(), new Date(2026, 2, 8, 23, 59, 59, 999).toISOString()] }],
    });
  });

  it('puts records on their local day and prefills new ones from a day', () => {
    const at = new Date(2026, 2, 4, 23, 30);
    const record = (id: string, values: Record<string, unknown>) => ({ id, values }) as RecordRow;
    const byDay = recordsByDay([record('1', { f2: at.toISOString() }), record('2', { f2: null }), record('3', { f2: 'nonsense' })], timeField);
    expect([...byDay.keys()]).toEqual(['2026-03-04']);
    expect(dayKeyOf(dateField, '2026-03-04')).toBe('2026-03-04');
    expect(valueForDay(dateField, new Date(2026, 2, 4))).toBe('2026-03-04');
    expect(valueForDay(timeField, new Date(2026, 2, 4))).toBe(new Date(2026, 2, 4, 9).toISOString());
  });
});
