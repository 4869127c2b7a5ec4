import { describe, expect, it } from 'vitest';
import type { DataTableItem } from '../../../../shared/api/forms-datacenter.ts';
import { countText, matches, sizeText } from './model.ts';

const item = (over: Partial<DataTableItem> = {}): DataTableItem => ({
  formId: '7', appId: '3', appName: '设备点检 Equipment', formName: 'Inspection', table: 'forms_data_7',
  rows: 0, bytes: 0, added7d: 0, added30d: 0, updatedAt: null, estimated: false, ...over,
});

describe('data centre figures as people read them', () => {
  it('sizes in binary units with one decimal', () => {
    expect(sizeText(0)).toBe('0 B');
    expect(sizeText(1023)).toBe('1023 B');
    expect(sizeText(188_416)).toBe('184.0 KB');
    expect(sizeText(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('an estimated count says "about", an exact one does not', () => {
    const t = (key: string, options?: Record<string, unknown>) => `${key}:${String(options?.n)}`;
    expect(countText(t, 1_234_567, true, 'en')).toBe('forms.datacenter.about:1,234,567');
    expect(countText(t, 12, false, 'en')).toBe('12');
  });

  it('search matches every word in the app, form or table name, in any case', () => {
    expect(matches(item(), '点检 inspection')).toBe(true);
    expect(matches(item(), 'EQUIP')).toBe(true);
    expect(matches(item(), 'forms_data_7')).toBe(true);
    expect(matches(item(), '点检 orders')).toBe(false);
    expect(matches(item(), '   ')).toBe(true);
  });
});
