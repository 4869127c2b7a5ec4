import { describe, expect, it } from 'vitest';
import type { GlobalFilter } from '../../../shared/dashboards/model.ts';
import { bothOf, globalFilterFor } from './global-filters.ts';
import { LruCache } from './cache.ts';

const status: GlobalFilter = { id: 'status', label: 'Status', kind: 'text', targets: [{ formId: '1', field: 'f2' }, { formId: '2', field: 'f5' }] };
const due: GlobalFilter = { id: 'due', label: 'Due', kind: 'date', targets: [{ formId: '1', field: 'f4' }, { formId: '1', field: 'f9' }] };

describe('globalFilterFor', () => {
  it('applies a filter to the charts of its target forms only, on that form’s field', () => {
    const values = { status: { op: 'eq' as const, value: 'open' } };
    expect(globalFilterFor([status, due], values, '1')).toEqual({ logic: 'and', items: [{ field: 'f2', op: 'eq', value: 'open' }] });
    expect(globalFilterFor([status, due], values, '2')).toEqual({ logic: 'and', items: [{ field: 'f5', op: 'eq', value: 'open' }] });
    expect(globalFilterFor([status, due], values, '3')).toBeNull();
  });

  it('two targets in one form are alternatives; unset values and unknown filters are ignored', () => {
    const values = { due: { op: 'between' as const, value: ['2026-01-01', '2026-01-31'] }, status: { op: 'in' as const, value: [] }, gone: { op: 'eq' as const, value: 'x' } };
    expect(globalFilterFor([status, due], values, '1')).toEqual({
      logic: 'and',
      items: [{ logic: 'or', items: [{ field: 'f4', op: 'between', value: ['2026-01-01', '2026-01-31'] }, { field: 'f9', op: 'between', value: ['2026-01-01', '2026-01-31'] }] }],
    });
    expect(globalFilterFor([status], undefined, '1')).toBeNull();
  });
});

describe('bothOf', () => {
  it('ANDs two filters flat, or keeps the one there is', () => {
    const a = { logic: 'and' as const, items: [{ field: 'f1', op: 'eq' as const, value: 1 }] };
    const b = { logic: 'or' as const, items: [{ field: 'f2', op: 'eq' as const, value: 2 }, { field: 'f3', op: 'eq' as const, value: 3 }] };
    expect(bothOf(a, b)).toEqual({ logic: 'and', items: [a.items[0], b] });
    expect(bothOf(null, b)).toBe(b);
    expect(bothOf(a, undefined)).toBe(a);
    expect(bothOf(null, { logic: 'and', items: [] })).toBeNull();
  });
});

describe('LruCache', () => {
  it('forgets the least recently used entry beyond its size', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});
