import { describe, expect, it } from 'vitest';
import type { FieldDef, FieldType } from './fields.ts';
import { defaultValues, validateValues, type FieldError } from './validate.ts';

const field = (type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ key: 'f1', type, label: 'Name', ...extra });
const check = (def: FieldDef, value: unknown) => validateValues([def], { [def.key]: value });
const valueOf = (def: FieldDef, value: unknown) => {
  const result = check(def, value);
  expect(result.errors).toEqual([]);
  return result.values[def.key];
};
const errorOf = (def: FieldDef, value: unknown): FieldError | undefined => {
  const { errors } = check(def, value);
  expect(errors).toHaveLength(1);
  return errors[0];
};
const keyOf = (def: FieldDef, value: unknown) => errorOf(def, value)?.key;
const paths = (errors: FieldError[]) => errors.map((e) => `${e.field}:${e.key}`);
const file = (extra: Record<string, unknown> = {}) => ({ fileId: '42', name: 'a.pdf', size: 1000, mime: 'application/pdf', ...extra });

describe('validateValues: keys, required fields and partial updates', () => {
  const fields = [field('text', { required: true }), field('number', { key: 'f2', label: 'Count' }), field('serial', { key: 'f3', required: true })];

  it('reports keys that are no field of the form', () => {
    expect(validateValues(fields, { f1: 'a', f9: 'x' }).errors).toEqual([{ field: 'f9', key: 'forms.field.unknown', params: { field: 'f9' } }]);
  });

  it('requires every required field when creating, naming it by label', () => {
    expect(validateValues(fields, { f2: 1 }).errors).toEqual([{ field: 'f1', key: 'validation.required', params: { field: 'Name' } }]);
  });

  it.each([null, '', '   ', []])('treats %j as empty for a required field', (empty) => {
    expect(paths(validateValues(fields, { f1: empty }).errors)).toEqual(['f1:validation.required']);
  });

  it('leaves serial numbers to the server even when required', () => {
    expect(validateValues(fields, { f1: 'a' }).errors).toEqual([]);
  });

  it('checks only the keys present in a partial update, but a required field cannot be emptied', () => {
    expect(validateValues(fields, { f2: '3' }, { partial: true })).toEqual({ values: { f2: 3 }, errors: [] });
    expect(paths(validateValues(fields, { f1: '' }, { partial: true }).errors)).toEqual(['f1:validation.required']);
  });

  it('stores empty values as null and returns only the keys given', () => {
    const result = validateValues(fields, { f1: ' kept ', f2: '' });
    expect(result).toEqual({ values: { f1: 'kept', f2: null }, errors: [] });
  });

  it('leaves values with errors out', () => {
    expect(validateValues(fields, { f1: 'a', f2: 'x' }).values).toEqual({ f1: 'a' });
  });
});

describe('validateValues: numbers', () => {
  it.each([['12.5', 12.5], [' 7 ', 7], [3, 3], ['-4', -4], ['+0.25', 0.25], [-0, 0]])('turns %j into %j', (input, expected) => {
    expect(Object.is(valueOf(field('number'), input), expected)).toBe(true);
    expect(valueOf(field('amount'), input)).toBe(expected);
  });

  it.each(['1,234.5', 'abc', '1e3', '0x10', '1.', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY])('rejects %j as not a number', (input) => {
    expect(errorOf(field('number'), input)).toEqual({ field: 'f1', key: 'forms.validation.number', params: { field: 'Name' } });
  });

  it('rejects other JavaScript types', () => {
    expect(keyOf(field('number'), true)).toBe('validation.type');
    expect(keyOf(field('amount'), { value: 1 })).toBe('validation.type');
  });

  it('limits decimal places, counted as written', () => {
    const amount = field('amount', { decimals: 2 });
    expect(valueOf(amount, '1.25')).toBe(1.25);
    expect(errorOf(amount, '1.255')).toEqual({ field: 'f1', key: 'forms.validation.decimals', params: { field: 'Name', max: 2 } });
    expect(keyOf(field('number', { decimals: 1 }), '1.50')).toBe('forms.validation.decimals');
    expect(keyOf(field('number', { decimals: 0 }), 1.5)).toBe('forms.validation.decimals');
    expect(keyOf(field('number', { decimals: 6 }), 1e-7)).toBe('forms.validation.decimals');
    expect(valueOf(field('number', { decimals: 0 }), 1e21)).toBe(1e21);
  });

  it('applies the greater rule strictly', () => {
    const def = field('number', { numberRule: { kind: 'greater', min: 0 } });
    expect(valueOf(def, 0.1)).toBe(0.1);
    expect(errorOf(def, 0)).toEqual({ field: 'f1', key: 'forms.validation.greater', params: { field: 'Name', min: 0 } });
  });

  it('applies the less rule strictly', () => {
    const def = field('number', { numberRule: { kind: 'less', max: 10 } });
    expect(valueOf(def, '9.99')).toBe(9.99);
    expect(errorOf(def, '10')).toEqual({ field: 'f1', key: 'forms.validation.less', params: { field: 'Name', max: 10 } });
  });

  it('applies the between rule inclusively', () => {
    const def = field('amount', { numberRule: { kind: 'between', min: 1, max: 5 } });
    expect([valueOf(def, 1), valueOf(def, 5)]).toEqual([1, 5]);
    for (const outside of [0.99, 6])
      expect(errorOf(def, outside)).toEqual({ field: 'f1', key: 'forms.validation.between', params: { field: 'Name', min: 1, max: 5 } });
  });
});

describe('validateValues: dates and times', () => {
  it('accepts real calendar dates only', () => {
    expect(valueOf(field('date'), ' 2024-02-29 ')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-2-1', '2024-02-01T00:00:00Z', 'today'])
      expect(errorOf(field('date'), bad)).toEqual({ field: 'f1', key: 'forms.validation.date', params: { field: 'Name' } });
    expect(keyOf(field('date'), 20240101)).toBe('validation.type');
  });

  it.each([
    ['2024-05-01T08:00:00+08:00', '2024-05-01T00:00:00.000Z'],
    ['2024-05-01T08:00Z', '2024-05-01T08:00:00.000Z'],
    ['2024-05-01T08:00:00.123456Z', '2024-05-01T08:00:00.123Z'],
    ['2024-05-01T01:30:00-0230', '2024-05-01T04:00:00.000Z'],
    ['2024-03-01T00:00:00+08:00', '2024-02-29T16:00:00.000Z'],
  ])('normalises the date-time %s', (input, expected) => {
    expect(valueOf(field('datetime'), input)).toBe(expected);
  });

  it.each(['2024-05-01T08:00:00', '2024-05-01', '2024-05-01T24:00:00Z', '2024-02-30T08:00:00Z', '2024-05-01T08:00:00+15:00', 'yesterday'])(
    'rejects the date-time %j',
    (input) => expect(keyOf(field('datetime'), input)).toBe('forms.validation.date'),
  );
});

describe('validateValues: text and formats', () => {
  it('trims single-line text and limits it to 500 characters', () => {
    expect(valueOf(field('text'), '  a  ')).toBe('a');
    expect(valueOf(field('text'), '😀'.repeat(500))).toBe('😀'.repeat(500));
    expect(errorOf(field('text'), 'x'.repeat(501))).toEqual({ field: 'f1', key: 'validation.tooLong', params: { field: 'Name', limit: 500 } });
  });

  it('keeps textarea and rich text as written, with their own limits', () => {
    expect(valueOf(field('textarea'), ' line 1\nline 2 ')).toBe(' line 1\nline 2 ');
    expect(valueOf(field('richtext'), ' <p>x</p> ')).toBe(' <p>x</p> ');
    expect(valueOf(field('textarea'), 'x'.repeat(5000))).toHaveLength(5000);
    expect(errorOf(field('textarea'), 'x'.repeat(5001))?.params).toEqual({ field: 'Name', limit: 5000 });
    expect(errorOf(field('richtext'), 'x'.repeat(100_001))?.params).toEqual({ field: 'Name', limit: 100_000 });
  });

  it('reports a wrong JavaScript type', () => {
    for (const type of ['text', 'email', 'select', 'serial'] as const)
      expect(errorOf(field(type), { a: 1 })).toEqual({ field: 'f1', key: 'validation.type', params: { field: 'Name' } });
    expect(keyOf(field('text'), 12)).toBe('validation.type');
  });

  it.each([
    ['email', ' a@example.com ', 'a@example.com', 'a@', 'validation.email'],
    ['phone', '+86 138 0013 8000', '+86 138 0013 8000', '12345', 'validation.phone'],
    ['idcard', '11010519491231002x', '11010519491231002X', '110105194912310021', 'forms.validation.idCard'],
    ['postcode', '310000', '310000', '31000', 'forms.validation.postcode'],
    ['uscc', ' 91350100m000100y43 ', '91350100M000100Y43', '91350100M000100Y44', 'forms.validation.uscc'],
  ] as const)('%s: normalises a good value and rejects a bad one', (type, good, stored, bad, key) => {
    expect(valueOf(field(type), good)).toBe(stored);
    expect(errorOf(field(type), bad)).toEqual({ field: 'f1', key, params: { field: 'Name' } });
  });

  it('keeps serial numbers of up to 60 characters', () => {
    expect(valueOf(field('serial'), ' NO-2024-001 ')).toBe('NO-2024-001');
    expect(errorOf(field('serial'), 'x'.repeat(61))?.params).toEqual({ field: 'Name', limit: 60 });
  });
});

describe('validateValues: choices and references', () => {
  const options = ['Red', 'Green', 'Blue'];

  it('accepts one of the options for select and radio', () => {
    for (const type of ['select', 'radio'] as const) {
      expect(valueOf(field(type, { options }), 'Green')).toBe('Green');
      expect(errorOf(field(type, { options }), 'green')).toEqual({ field: 'f1', key: 'forms.validation.option', params: { field: 'Name' } });
    }
  });

  it('accepts a list of distinct options for multiselect and checkbox', () => {
    for (const type of ['multiselect', 'checkbox'] as const) {
      expect(valueOf(field(type, { options }), ['Blue', 'Red'])).toEqual(['Blue', 'Red']);
      expect(keyOf(field(type, { options }), ['Red', 'Red'])).toBe('forms.validation.option');
      expect(keyOf(field(type, { options }), ['Red', 'Pink'])).toBe('forms.validation.option');
      expect(keyOf(field(type, { options }), 'Red')).toBe('validation.type');
      expect(keyOf(field(type, { options }), [1])).toBe('validation.type');
    }
  });

  it('takes ids of members, departments and related records as strings', () => {
    for (const type of ['member', 'department', 'relation'] as const) {
      expect(valueOf(field(type), ' 123 ')).toBe('123');
      expect(valueOf(field(type), 456)).toBe('456');
      for (const bad of ['abc', '-1', '1234567890123456789', 1.5, -3])
        expect(errorOf(field(type), bad)).toEqual({ field: 'f1', key: 'forms.validation.reference', params: { field: 'Name' } });
      expect(keyOf(field(type), { id: '1' })).toBe('validation.type');
    }
  });
});

describe('validateValues: attachments and images', () => {
  it('keeps only the file reference and trims the name', () => {
    expect(valueOf(field('attachment'), [file({ fileId: 7, name: ' a.pdf ', extra: 'dropped' })])).toEqual([
      { fileId: '7', name: 'a.pdf', size: 1000, mime: 'application/pdf' },
    ]);
  });

  it('allows 5 files unless the field says fewer', () => {
    expect(valueOf(field('attachment'), Array.from({ length: 5 }, () => file()))).toHaveLength(5);
    expect(errorOf(field('attachment'), Array.from({ length: 6 }, () => file()))).toEqual({
      field: 'f1',
      key: 'forms.validation.files',
      params: { field: 'Name', max: 5 },
    });
    expect(errorOf(field('attachment', { maxFiles: 2 }), [file(), file(), file()])?.params).toEqual({ field: 'Name', max: 2 });
  });

  it('requires a file name (§5)', () => {
    expect(keyOf(field('attachment'), [file({ name: '   ' })])).toBe('forms.validation.fileName');
  });

  it('limits the file size, 20 MB unless the field says otherwise', () => {
    const mb = 1024 * 1024;
    expect(valueOf(field('attachment'), [file({ size: 20 * mb })])).toHaveLength(1);
    expect(errorOf(field('attachment'), [file({ size: 20 * mb + 1 })])?.params).toEqual({ field: 'Name', name: 'a.pdf', max: 20 });
    expect(errorOf(field('attachment', { maxFileSize: mb }), [file({ size: mb + 1 })])).toEqual({
      field: 'f1',
      key: 'forms.validation.fileSize',
      params: { field: 'Name', name: 'a.pdf', max: 1 },
    });
  });

  it('accepts only images in image fields', () => {
    expect(valueOf(field('image'), [file({ name: 'p.png', mime: 'image/png' })])).toHaveLength(1);
    expect(errorOf(field('image'), [file()])).toEqual({ field: 'f1', key: 'forms.validation.imageType', params: { field: 'Name', name: 'a.pdf' } });
  });

  it('rejects malformed file references', () => {
    expect(keyOf(field('attachment'), file())).toBe('validation.type');
    expect(keyOf(field('attachment'), ['a.pdf'])).toBe('validation.type');
    expect(keyOf(field('attachment'), [file({ size: -1 })])).toBe('validation.type');
    expect(keyOf(field('attachment'), [file({ size: '10' })])).toBe('validation.type');
    expect(keyOf(field('attachment'), [file({ fileId: 'x1' })])).toBe('forms.validation.reference');
  });
});

describe('validateValues: sub-tables', () => {
  const table = field('subtable', {
    key: 'f5',
    label: 'Items',
    columns: [field('text', { key: 'f6', label: 'Item', required: true }), field('number', { key: 'f7', label: 'Qty', decimals: 0 })],
  });

  it('normalises every row', () => {
    expect(valueOf(table, [{ f6: ' bolt ', f7: '3' }, { f6: 'nut' }])).toEqual([{ f6: 'bolt', f7: 3 }, { f6: 'nut' }]);
  });

  it('names cell errors by sub-table, row and column, with required columns applied even in partial updates', () => {
    const { errors } = validateValues([table], { f5: [{ f6: 'bolt', f7: '1.5' }, { f7: 2, f99: 'x' }, 'row'] }, { partial: true });
    expect(errors).toEqual([
      { field: 'f5.0.f7', key: 'forms.validation.decimals', params: { field: 'Qty', max: 0 } },
      { field: 'f5.1.f99', key: 'forms.field.unknown', params: { field: 'f99' } },
      { field: 'f5.1.f6', key: 'validation.required', params: { field: 'Item' } },
      { field: 'f5.2', key: 'validation.type', params: { field: 'Items' } },
    ]);
  });

  it('allows at most 500 rows', () => {
    expect(valueOf(table, Array.from({ length: 500 }, () => ({ f6: 'a' })))).toHaveLength(500);
    expect(errorOf(table, Array.from({ length: 501 }, () => ({ f6: 'a' })))).toEqual({
      field: 'f5',
      key: 'forms.validation.rows',
      params: { field: 'Items', max: 500 },
    });
  });

  it('stores an empty sub-table as null and rejects a non-list', () => {
    expect(valueOf(table, [])).toBeNull();
    expect(keyOf(table, { f6: 'a' })).toBe('validation.type');
  });
});

describe('defaultValues', () => {
  const now = new Date(2026, 0, 5, 23, 30);

  it('fills validated defaults and resolves today and now', () => {
    const fields = [
      field('text', { defaultValue: ' hello ' }),
      field('number', { key: 'f2', defaultValue: '5' }),
      field('date', { key: 'f3', defaultValue: 'today' }),
      field('datetime', { key: 'f4', defaultValue: 'now' }),
      field('select', { key: 'f5', options: ['A', 'B'], defaultValue: 'B' }),
      field('text', { key: 'f6' }),
    ];
    expect(defaultValues(fields, now)).toEqual({ f1: 'hello', f2: 5, f3: '2026-01-05', f4: now.toISOString(), f5: 'B' });
  });

  it('leaves out defaults that are not valid', () => {
    const fields = [
      field('select', { options: ['A'], defaultValue: 'Z' }),
      field('number', { key: 'f2', numberRule: { kind: 'greater', min: 10 }, defaultValue: 5 }),
      field('date', { key: 'f3', defaultValue: 'now' }),
      field('text', { key: 'f4', defaultValue: '' }),
    ];
    expect(defaultValues(fields, now)).toEqual({});
  });
});
