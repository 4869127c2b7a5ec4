import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { HOURS, barOf, bookingsOf, isSlotFree, occupyFilter, slotValues } from './occupy.ts';
import { autoConfig, cleanConfig, configProblems, parsePageSize, sortableKeys } from './view-config.ts';
import type { RecordRow } from '../types.ts';

const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Name' },
  { key: 'f2', type: 'select', label: 'Room', options: ['A', 'B'] },
  { key: 'f3', type: 'datetime', label: 'Start' },
  { key: 'f4', type: 'datetime', label: 'End' },
  { key: 'f5', type: 'attachment', label: 'Files' },
  { key: 'f6', type: 'member', label: 'Who' },
];

describe('view config', () => {
  it('page size is §5: a positive integer of at most three digits', () => {
    expect(['1', '20', ' 999 ', 50].map(parsePageSize)).toEqual([1, 20, 999, 50]);
    expect(['0', '1000', '-1', '1.5', 'abc', '', '020'].map(parsePageSize)).toEqual([null, null, null, null, null, null, null]);
  });

  it('says what each kind is missing', () => {
    expect(configProblems('list', {}, fields)).toEqual([]);
    expect(configProblems('board', { groupField: 'f1' }, fields)).toEqual(['forms.views.problem.groupField']);
    expect(configProblems('calendar', {}, fields)).toEqual(['forms.views.problem.dateField']);
    expect(configProblems('occupy', { resourceField: 'f2', startField: 'f3', endField: 'f3' }, fields)).toEqual(['forms.views.problem.sameTimeFields']);
    expect(configProblems('cascade', { levels: ['f2', 'f6', 'f2'] }, fields)).toEqual(['forms.views.problem.levelsTwice']);
    expect(configProblems('cascade', { levels: [] }, fields)).toEqual(['forms.views.problem.levels']);
  });

  it('keeps only what the kind uses, and picks fitting fields for a quick look', () => {
    expect(cleanConfig('board', { groupField: 'f2', sort: { field: 'f1', dir: 'asc' }, pageSize: 20, columns: [] })).toEqual({ groupField: 'f2' });
    expect(autoConfig('occupy', fields)).toEqual({ filter: undefined, resourceField: 'f2', startField: 'f3', endField: 'f4' });
    expect(autoConfig('calendar', fields)).toMatchObject({ dateField: 'f3', mode: 'month' });
    expect(autoConfig('board', [fields[0]!])).toBeNull();
    expect(sortableKeys(fields)).not.toContain('f5');
  });
});

describe('occupy', () => {
  const day = new Date(2026, 2, 4);
  const at = (h: number, m = 0) => new Date(2026, 2, 4, h, m).toISOString();
  const record = (id: string, room: string, from: string, to: string) => ({ id, values: { f2: room, f3: from, f4: to } }) as unknown as RecordRow;
  const bookings = bookingsOf([record('1', 'A', at(9), at(10, 30)), record('2', 'B', new Date(2026, 2, 3, 22).toISOString(), at(1)), record('3', 'A', at(12), at(11))], { resourceField: 'f2', startField: 'f3', endField: 'f4' });

  it('reads bookings (skipping backwards ones) and tells free hours from taken ones', () => {
    expect(bookings.map((b) => b.record.id)).toEqual(['1', '2']);
    expect(isSlotFree(bookings, 'A', day, 8)).toBe(true);
    expect(isSlotFree(bookings, 'A', day, 9)).toBe(false);
    expect(isSlotFree(bookings, 'A', day, 10)).toBe(false);
    expect(isSlotFree(bookings, 'A', day, 11)).toBe(true);
    expect(isSlotFree(bookings, 'B', day, 0)).toBe(false);
    expect(HOURS.filter((h) => !isSlotFree(bookings, 'B', day, h))).toEqual([0]);
  });

  it('places bars clipped to the day and books one hour from a slot', () => {
    expect(barOf(bookings[0]!, day).left).toBeCloseTo((9 / 24) * 100);
    expect(barOf(bookings[0]!, day).width).toBeCloseTo((1.5 / 24) * 100);
    expect(barOf(bookings[1]!, day)).toEqual({ left: 0, width: (1 / 24) * 100 });
    expect(slotValues({ resourceField: 'f2', startField: 'f3', endField: 'f4' }, 'A', day, 14)).toEqual({ f2: 'A', f3: at(14), f4: at(15) });
    expect(occupyFilter({ resourceField: 'f2', startField: 'f3', endField: 'f4' }, day).items).toEqual([
      { field: 'f3', op: 'lt', value: new Date(2026, 2, 5).toISOString() },
      { field: 'f4', op: 'gt', value: new Date(2026, 2, 4).toISOString() },
    ]);
  });
});
