import { describe, expect, it } from 'vitest';
import { fieldsOf } from './sheet-form.ts';

describe('fields of a form made from a sheet', () => {
  it('numbers the chosen columns f1…fn, makes the first the required title, and keeps options and decimals', () => {
    const fields = fieldsOf([
      { column: 0, label: ' 设备 ', type: 'text', include: true },
      { column: 1, label: '备注', type: 'textarea', include: false },
      { column: 2, label: '数量', type: 'number', decimals: 0, include: true },
      { column: 3, label: '状态', type: 'select', options: ['运行', '停机'], include: true },
    ]);
    expect(fields).toEqual([
      { key: 'f1', type: 'text', label: '设备', required: true, title: true },
      { key: 'f2', type: 'number', label: '数量', decimals: 0 },
      { key: 'f3', type: 'select', label: '状态', options: ['运行', '停机'] },
    ]);
  });
});
