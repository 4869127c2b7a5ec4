import { describe, expect, it } from 'vitest';
import { chosenOptions } from './import-cells.ts';

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
