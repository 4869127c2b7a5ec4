import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../forms/fields.ts';
import type { Condition, FilterGroup } from '../forms/filters.ts';
import { branchHolds, chooseBranch, isDefaultCondition } from './conditions.ts';
import type { Branch, BranchCondition } from './model.ts';

const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title' },
  { key: 'f2', type: 'amount', label: 'Amount' },
  { key: 'f3', type: 'date', label: 'Due' },
  { key: 'f4', type: 'datetime', label: 'At' },
  { key: 'f5', type: 'multiselect', label: 'Tags', options: ['a', 'b', 'c'] },
  { key: 'f6', type: 'member', label: 'Buyer' },
  { key: 'f7', type: 'select', label: 'Status', options: ['open', 'done'] },
];
const someone = { departments: ['10', '11'], roles: ['5'] };
const values = { f1: 'Pump Order', f2: 1500, f3: '2026-03-15', f4: '2026-03-15T08:00:00.000Z', f5: ['a', 'b'], f6: '42', f7: 'open' };
const one = (c: Condition, v: Record<string, unknown> = values) => branchHolds(FIELDS, { filter: { logic: 'and', items: [c] } }, v, someone);

describe('branchHolds: operators as the server filters mean them', () => {
  it('compares numbers as numbers (a condition value may be text)', () => {
    expect(one({ field: 'f2', op: 'gt', value: 1000 })).toBe(true);
    expect(one({ field: 'f2', op: 'gt', value: '1500' })).toBe(false);
    expect(one({ field: 'f2', op: 'gte', value: '1500' })).toBe(true);
    expect(one({ field: 'f2', op: 'lt', value: 2000 })).toBe(true);
    expect(one({ field: 'f2', op: 'lte', value: 1499.99 })).toBe(false);
    expect(one({ field: 'f2', op: 'eq', value: 1500 })).toBe(true);
    expect(one({ field: 'f2', op: 'ne', value: 1500 })).toBe(false);
    expect(one({ field: 'f2', op: 'between', value: [1500, 2000] })).toBe(true);
    expect(one({ field: 'f2', op: 'between', value: [2000, 1000] })).toBe(false);
    expect(one({ field: 'f2', op: 'in', value: [1, 1500] })).toBe(true);
    expect(one({ field: 'f2', op: 'notIn', value: [1, 1500] })).toBe(false);
  });

  it('text: equality is exact, contains and starts-with ignore case', () => {
    expect(one({ field: 'f1', op: 'eq', value: 'pump order' })).toBe(false);
    expect(one({ field: 'f1', op: 'eq', value: 'Pump Order' })).toBe(true);
    expect(one({ field: 'f1', op: 'contains', value: 'ORDER' })).toBe(true);
    expect(one({ field: 'f1', op: 'startsWith', value: 'pump' })).toBe(true);
    expect(one({ field: 'f1', op: 'startsWith', value: 'order' })).toBe(false);
    expect(one({ field: 'f7', op: 'in', value: ['open', 'doing'] })).toBe(true);
    expect(one({ field: 'f7', op: 'notIn', value: ['done'] })).toBe(true);
    expect(one({ field: 'f7', op: 'ne', value: 'done' })).toBe(true);
  });

  it('days compare in calendar order, date-times as instants (no zone = UTC)', () => {
    expect(one({ field: 'f3', op: 'gt', value: '2026-03-09' })).toBe(true);
    expect(one({ field: 'f3', op: 'eq', value: '2026-03-15' })).toBe(true);
    expect(one({ field: 'f3', op: 'between', value: ['2026-03-01', '2026-03-15'] })).toBe(true);
    expect(one({ field: 'f4', op: 'gt', value: '2026-03-15T15:59:00+08:00' })).toBe(true);
    expect(one({ field: 'f4', op: 'gte', value: '2026-03-15 08:00' })).toBe(true);
    expect(one({ field: 'f4', op: 'gt', value: '2026-03-15 08:00' })).toBe(false);
  });

  it('multi-choice: contains one choice, "in" means any overlap', () => {
    expect(one({ field: 'f5', op: 'contains', value: 'b' })).toBe(true);
    expect(one({ field: 'f5', op: 'contains', value: 'c' })).toBe(false);
    expect(one({ field: 'f5', op: 'in', value: ['c', 'a'] })).toBe(true);
    expect(one({ field: 'f5', op: 'in', value: ['c'] })).toBe(false);
  });

  it('members compare by id', () => {
    expect(one({ field: 'f6', op: 'eq', value: '42' })).toBe(true);
    expect(one({ field: 'f6', op: 'eq', value: 42 })).toBe(true);
    expect(one({ field: 'f6', op: 'in', value: ['7', '042'] })).toBe(true);
    expect(one({ field: 'f6', op: 'ne', value: '7' })).toBe(true);
  });

  it('a missing or empty field makes every condition false but "empty" (Part 2 §3.4)', () => {
    const blank = { f1: '', f2: null, f5: [] };
    for (const c of [
      { field: 'f1', op: 'ne', value: 'x' },
      { field: 'f2', op: 'notIn', value: [1] },
      { field: 'f2', op: 'lt', value: 1 },
      { field: 'f5', op: 'in', value: ['a'] },
      { field: 'f3', op: 'ne', value: '2026-01-01' },
      { field: 'f1', op: 'notEmpty' },
    ] as Condition[]) expect(one(c, blank), JSON.stringify(c)).toBe(false);
    expect(one({ field: 'f1', op: 'empty' }, blank)).toBe(true);
    expect(one({ field: 'f3', op: 'empty' }, blank)).toBe(true);
    expect(one({ field: 'f1', op: 'empty' })).toBe(false);
    expect(one({ field: 'f1', op: 'notEmpty' })).toBe(true);
    // A field the form does not have never holds.
    expect(one({ field: 'f99', op: 'empty' })).toBe(false);
  });

  it('and / or groups nest; an empty "and" holds and an empty "or" does not, as in SQL', () => {
    const group: FilterGroup = {
      logic: 'or',
      items: [
        { field: 'f2', op: 'gt', value: 5000 },
        { logic: 'and', items: [{ field: 'f7', op: 'eq', value: 'open' }, { field: 'f1', op: 'contains', value: 'pump' }] },
      ],
    };
    expect(branchHolds(FIELDS, { filter: group }, values, someone)).toBe(true);
    expect(branchHolds(FIELDS, { filter: group }, { ...values, f7: 'done' }, someone)).toBe(false);
    expect(branchHolds(FIELDS, { filter: { logic: 'and', items: [{ logic: 'or', items: [] }] } }, values, someone)).toBe(false);
    expect(branchHolds(FIELDS, { filter: { logic: 'or', items: [{ logic: 'and', items: [] }] } }, values, someone)).toBe(true);
  });
});

describe('branchHolds: the initiator', () => {
  it('holds when one of his departments is listed, and one of his roles', () => {
    expect(branchHolds(FIELDS, { initiatorDepartments: ['11', '99'] }, values, someone)).toBe(true);
    expect(branchHolds(FIELDS, { initiatorDepartments: ['99'] }, values, someone)).toBe(false);
    expect(branchHolds(FIELDS, { initiatorRoles: ['5'] }, values, someone)).toBe(true);
    expect(branchHolds(FIELDS, { initiatorRoles: ['6'] }, values, { departments: [], roles: [] })).toBe(false);
  });

  it('every part given must hold', () => {
    const when: BranchCondition = { filter: { logic: 'and', items: [{ field: 'f2', op: 'gt', value: 1000 }] }, initiatorRoles: ['5'], initiatorDepartments: ['10'] };
    expect(branchHolds(FIELDS, when, values, someone)).toBe(true);
    expect(branchHolds(FIELDS, when, { ...values, f2: 10 }, someone)).toBe(false);
    expect(branchHolds(FIELDS, when, values, { departments: ['10'], roles: ['6'] })).toBe(false);
    expect(branchHolds(FIELDS, when, values, { departments: ['12'], roles: ['5'] })).toBe(false);
  });
});

describe('chooseBranch', () => {
  const big: BranchCondition = { filter: { logic: 'and', items: [{ field: 'f2', op: 'gt', value: 1000 }] } };
  const huge: BranchCondition = { filter: { logic: 'and', items: [{ field: 'f2', op: 'gt', value: 10000 }] } };
  const branches: Branch[] = [
    { id: 'huge', name: '', when: huge, nodes: [] },
    { id: 'big', name: '', when: big, nodes: [] },
    { id: 'else', name: '', when: null, nodes: [] },
  ];
  const pick = (amount: unknown) => chooseBranch(branches, (when) => branchHolds(FIELDS, when, { f2: amount }, someone))?.id;

  it('takes the first branch that holds, in order, else the default', () => {
    expect(pick(20000)).toBe('huge');
    expect(pick(1500)).toBe('big');
    expect(pick(10)).toBe('else');
    expect(pick(null)).toBe('else');
  });

  it('never takes the default while another branch holds, wherever the default sits', () => {
    const defaultFirst = [branches[2]!, branches[1]!];
    expect(chooseBranch(defaultFirst, () => true)?.id).toBe('big');
    expect(chooseBranch([branches[1]!], () => false)).toBeNull();
  });

  it('a condition with no part given is the default', () => {
    expect(isDefaultCondition(null)).toBe(true);
    expect(isDefaultCondition({ filter: { logic: 'and', items: [] }, initiatorRoles: [] })).toBe(true);
    expect(isDefaultCondition({ initiatorRoles: ['1'] })).toBe(false);
  });
});
