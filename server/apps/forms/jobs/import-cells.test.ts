import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { CellRefused, cellValue, chosenOptions, type CellContext } from './import-cells.ts';

describe('the options of a list cell', () => {
  const options = ['红,蓝', '绿', 'a; b', '红'];

  it('keeps an option that holds a separator whole, as the export wrote it', () => {
    expect(chosenOptions('红,蓝, 绿', options)).toEqual(['红,蓝', '绿']);
    expect(chosenOptions('a; b、红', options)).toEqual(['a; b', '红']);
  });

  it('splits on every separator people use when no option spans them', () => {
    expect(chosenOptions('绿，红；绿、红', options)).toEqual(['绿', '红', '绿', '红']);
  });

  it('takes the longest option at each place, and leaves unknown pieces for the record check to name', () => {
    expect(chosenOptions('红,蓝', ['红', '蓝', '红,蓝'])).toEqual(['红,蓝']);
    expect(chosenOptions('紫, 绿,,', options)).toEqual(['紫', '绿']);
  });
});

describe('cells as the sheet shows them', () => {
  const context = { directory: { users: new Map(), departments: new Map() }, zone: 'Asia/Shanghai' } as unknown as CellContext;
  const field = (type: FieldDef['type'], options?: string[]): FieldDef => ({ key: 'f1', type, label: 'ID', ...(options ? { options } : {}) });

  it('a TRUE/FALSE cell is TRUE or FALSE, so it matches those options', () => {
    expect(cellValue(field('select', ['TRUE', 'FALSE']), true, context)).toBe('TRUE');
    expect(cellValue(field('text'), false, context)).toBe('FALSE');
  });

  it('a number of more than 15 digits is refused for text fields, as the sheet rounded it; a number field takes it', () => {
    for (const type of ['text', 'idcard', 'postcode'] as const) {
      expect(() => cellValue(field(type), 110101199003071000, context)).toThrow(CellRefused);
    }
    expect(cellValue(field('text'), 123456789012345, context)).toBe('123456789012345');
    expect(cellValue(field('number'), 110101199003071000, context)).toBe(110101199003071000);
  });

  it('a number in a format of its own is the text shown for text fields, and the shown value where the format rounds it', () => {
    expect(cellValue(field('text'), 7, context, '00007')).toBe('00007');
    expect(cellValue(field('postcode'), 10010, context, '010010')).toBe('010010');
    expect(cellValue({ key: 'f1', type: 'amount', label: 'Price', decimals: 2 }, 0.3955, context, '0.40')).toBe('0.40');
    expect(cellValue(field('number'), 1234, context, '1,234.00')).toBe(1234);
    expect(cellValue(field('number'), 5, context)).toBe(5);
  });
});

