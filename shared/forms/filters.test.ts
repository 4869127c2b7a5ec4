import { describe, expect, it } from 'vitest';
import type { FieldDef } from './fields.ts';
import { filterProblems, valueFitsKind, type FilterGroup } from './filters.ts';

describe('valueFitsKind: only values PostgreSQL accepts for the column type', () => {
  it('numbers: finite numbers and numeric text only', () => {
    expect([5, -1.5, '7', ' 2.5e3 '].every((v) => valueFitsKind('number', v))).toBe(true);
    expect([Infinity, NaN, 'abc', '1e400', '1e-400', `0.${'0'.repeat(400)}1`, 'Infinity', '', '0x10', null, true, ['1']].some((v) => valueFitsKind('number', v))).toBe(false);
    expect(['0', '0.000', '-0e5', 1e-400].every((v) => valueFitsKind('number', v))).toBe(true);
  });

  it('days: real calendar days of years 1–9999, as text', () => {
    expect(['2024-02-29', '0001-01-01', '9999-12-31'].every((v) => valueFitsKind('date', v))).toBe(true);
    expect(['2026-02-29', '2026-02-30', '0000-01-01', '2026-1-1', 'yesterday', 20260301].some((v) => valueFitsKind('date', v))).toBe(false);
  });

  it('date-times: ISO instants with real days and times', () => {
    expect(['2026-03-01T10:00:00.000Z', '2026-03-01 10:00', '2026-03-01T10:00:00+08:00', '2026-03-01'].every((v) => valueFitsKind('datetime', v))).toBe(true);
    expect(['2026-03-01T24:00Z', '2026-02-30T10:00Z', '2026-03-01T10:00+99:00', '2026-03-01T10:00+08:75', 'soon', 1_772_409_600_000].some((v) => valueFitsKind('datetime', v))).toBe(false);
  });

  it('references: digits only; text: anything without NUL', () => {
    expect([valueFitsKind('ref', '123'), valueFitsKind('ref', 5), valueFitsKind('text', 'a b'), valueFitsKind('text', 3)]).toEqual([true, true, true, true]);
    expect([valueFitsKind('ref', 'me'), valueFitsKind('ref', 1.5), valueFitsKind('text', 'a\u0000'), valueFitsKind('json', 'x')]).toEqual([false, false, false, false]);
  });
});

describe('filterProblems checks the shape as well as the values', () => {
  const fields: FieldDef[] = [{ key: 'f1', type: 'number', label: 'Amount' }];
  it('null items, non-array items and conditions without a field name are malformed', () => {
    for (const group of [{ logic: 'and', items: [null] }, { logic: 'and', items: 'x' }, { logic: 'and', items: [{ logic: 'or', items: null }] }, { logic: 'and', items: [{ field: 1, op: 'eq' }] }, null]) {
      expect(filterProblems(fields, group as unknown as FilterGroup).map((p) => p.key)).toContain('forms.filter.malformed');
    }
  });

  it('a wrong-typed element of an in-list is a bad value', () => {
    expect(filterProblems(fields, { logic: 'and', items: [{ field: 'f1', op: 'in', value: [1, 'abc'] }] }).map((p) => p.key)).toEqual(['forms.filter.badValue']);
    expect(filterProblems(fields, { logic: 'and', items: [{ field: 'f1', op: 'in', value: [1, '2'] }] })).toEqual([]);
  });
});
