import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { filterProblems } from '../../../../../shared/forms/filters.ts';
import {
  appendTo, combineFilters, emptyDraft, fromFilterGroup, newCondition, removeItem, setLogic, toFilterGroup, unfinishedCount, withField, withOperator,
  type DraftCondition, type DraftGroup,
} from './filter-model.ts';

const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Name' },
  { key: 'f2', type: 'number', label: 'Qty' },
  { key: 'f3', type: 'date', label: 'Due' },
  { key: 'f4', type: 'select', label: 'Status', options: ['Open', 'Done'] },
  { key: 'f5', type: 'member', label: 'Owner' },
  { key: 'f6', type: 'datetime', label: 'At' },
  { key: 'f7', type: 'checkbox', label: 'Tags', options: ['a', 'b'] },
];

const cond = (field: string, op: DraftCondition['op'], value: unknown): DraftCondition => ({ id: `${field}-${op}`, field, op, value });
const group = (logic: 'and' | 'or', ...items: DraftGroup['items']): DraftGroup => ({ id: `g-${Math.random()}`, logic, items });

describe('filter builder → FilterGroup', () => {
  it('converts values by the field kind: numbers, dates, instants, ids, lists', () => {
    const draft = group(
      'and',
      cond('f1', 'contains', '  bolt '),
      cond('f2', 'between', ['5', 10]),
      cond('f3', 'gte', '2026-03-01'),
      cond('f6', 'lt', '2026-03-01T08:00:00+08:00'),
      cond('f5', 'in', ['12', '13', '12']),
      cond('f4', 'empty', 'ignored'),
    );
    const filter = toFilterGroup(fields, draft)!;
    expect(filter).toEqual({
      logic: 'and',
      items: [
        { field: 'f1', op: 'contains', value: 'bolt' },
        { field: 'f2', op: 'between', value: [5, 10] },
        { field: 'f3', op: 'gte', value: '2026-03-01' },
        { field: 'f6', op: 'lt', value: '2026-03-01T00:00:00.000Z' },
        { field: 'f5', op: 'in', value: ['12', '13'] },
        { field: 'f4', op: 'empty' },
      ],
    });
    // What the builder produces is exactly what the server accepts.
    expect(filterProblems(fields, filter)).toEqual([]);
  });

  it('keeps nested and/or groups and drops unfinished conditions and empty groups', () => {
    const draft = group(
      'or',
      cond('f4', 'eq', 'Open'),
      group('and', cond('f2', 'gt', ''), cond('f2', 'lt', 'abc')),
      group('and', cond('f2', 'gt', 3), cond('f3', 'between', ['2026-01-01', null])),
    );
    expect(toFilterGroup(fields, draft)).toEqual({
      logic: 'or',
      items: [
        { field: 'f4', op: 'eq', value: 'Open' },
        { logic: 'and', items: [{ field: 'f2', op: 'gt', value: 3 }] },
      ],
    });
    expect(unfinishedCount(fields, draft)).toBe(3);
  });

  it('answers undefined when nothing is finished, and refuses operators the kind does not have', () => {
    expect(toFilterGroup(fields, emptyDraft())).toBeUndefined();
    expect(toFilterGroup(fields, group('and', cond('f6', 'eq', '2026-03-01T00:00:00Z'), cond('f5', 'eq', 'not-an-id')))).toBeUndefined();
  });

  it('resets operator and value when the field changes, and reshapes the value when the operator does', () => {
    const start = newCondition(fields, 'f1');
    expect(start.op).toBe('eq');
    const onNumber = withField(fields, { ...start, value: 'x' }, 'f2');
    expect(onNumber).toMatchObject({ field: 'f2', op: 'eq', value: null });
    expect(withOperator({ ...onNumber, value: 4 }, 'between').value).toEqual([null, null]);
    expect(withOperator({ ...onNumber, value: 4 }, 'in').value).toEqual([]);
    expect(withOperator({ ...onNumber, value: 4 }, 'gt').value).toBe(4);
    expect(withField(fields, start, 'f7').op).toBe('contains');
  });

  it('edits the tree: append to a nested group, switch its logic, remove items', () => {
    let draft = emptyDraft();
    const inner = { ...emptyDraft(), items: [] };
    draft = appendTo(draft, draft.id, inner);
    draft = appendTo(draft, inner.id, cond('f2', 'eq', 1));
    draft = setLogic(draft, inner.id, 'or');
    expect(toFilterGroup(fields, draft)).toEqual({ logic: 'and', items: [{ logic: 'or', items: [{ field: 'f2', op: 'eq', value: 1 }] }] });
    expect(toFilterGroup(fields, removeItem(draft, 'f2-eq'))).toBeUndefined();
  });

  it('reads a saved filter back into a draft that converts to the same filter', () => {
    const saved = { logic: 'or' as const, items: [{ field: 'f4', op: 'in' as const, value: ['Open'] }, { logic: 'and' as const, items: [{ field: 'f2', op: 'between' as const, value: [1, 2] }] }] };
    expect(toFilterGroup(fields, fromFilterGroup(saved))).toEqual(saved);
  });

  it('combines filters, flattening "and" groups so the depth limit is not used up', () => {
    const view = { logic: 'and' as const, items: [{ field: 'f4', op: 'eq' as const, value: 'Open' }] };
    const either = { logic: 'or' as const, items: [{ field: 'f2', op: 'gt' as const, value: 1 }, { field: 'f2', op: 'lt' as const, value: 0 }] };
    expect(combineFilters(undefined, { logic: 'and', items: [] })).toBeUndefined();
    expect(combineFilters(view, undefined)).toBe(view);
    expect(combineFilters(view, either)).toEqual({ logic: 'and', items: [view.items[0], either] });
  });
});
