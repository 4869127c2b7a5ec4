import { describe, expect, it } from 'vitest';
import type { insertBatch } from './import-batch.ts';

describe('the import insert', () => {
  it('accepts only values made by the record API’s checkedValues (a type error otherwise)', () => {
    type Rows = Parameters<typeof insertBatch>[4];
    // @ts-expect-error plain values never reach the table: they must come from checkedValues
    const rows: Rows = [{ rowNo: 1, cells: [], values: { f1: 'unchecked' }, number: null }];
    expect(rows[0]!.values).toEqual({ f1: 'unchecked' });
  });
});
