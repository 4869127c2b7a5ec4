import { describe, expect, it } from 'vitest';
import type { FieldDef, FieldType, FormDefinition } from './fields.ts';
import { validateDefinition } from './validate.ts';

const MB = 1024 * 1024;
const field = (type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ key: 'f1', type, label: 'Name', ...extra });
const problems = (...fields: FieldDef[]) => validateDefinition({ fields }).map((e) => `${e.field}:${e.key}`);
const only = (def: FieldDef) => {
  const errors = validateDefinition({ fields: [def] });
  expect(errors).toHaveLength(1);
  return errors[0];
};
const numbering = { prefix: 'PO-', datePart: 'yyyyMMdd', digits: 4 } as const;

const good: FormDefinition = {
  fields: [
    field('text', { required: true, title: true, defaultValue: 'x' }),
    field('number', { key: 'f2', decimals: 2, numberRule: { kind: 'between', min: 0, max: 100 }, defaultValue: 50 }),
    field('select', { key: 'f3', options: ['A', 'B'], defaultValue: 'A' }),
    field('attachment', { key: 'f4', maxFiles: 5, maxFileSize: 50 * MB }),
    field('serial', { key: 'f5', numbering }),
    field('relation', { key: 'f6', relation: { formId: '12' } }),
    field('date', { key: 'f7', defaultValue: 'today' }),
    field('datetime', { key: 'f8', defaultValue: 'now' }),
    field('subtable', { key: 'f9', columns: [field('text', { key: 'f10' }), field('radio', { key: 'f11', options: ['Y', 'N'] })] }),
  ],
};

describe('validateDefinition', () => {
  it('accepts a sound definition', () => {
    expect(validateDefinition(good)).toEqual([]);
  });

  it('allows at most 200 fields', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => field('text', { key: `f${i + 1}` }));
    expect(validateDefinition({ fields: many(200) })).toEqual([]);
    expect(validateDefinition({ fields: many(201) })).toEqual([{ field: '', key: 'forms.design.tooManyFields', params: { limit: 200 } }]);
  });

  it('requires well-formed keys, unique across the form and its sub-table columns', () => {
    expect(only(field('text', { key: 'x1' }))).toEqual({ field: 'x1', key: 'forms.design.badKey', params: { field: 'Name', key: 'x1' } });
    expect(problems(field('text'), field('number', { key: 'f1' }))).toEqual(['f1:forms.design.duplicateKey']);
    expect(problems(field('text'), field('subtable', { key: 'f2', columns: [field('text', { key: 'f1' })] }))).toEqual(['f1:forms.design.duplicateKey']);
  });

  it('requires a known type', () => {
    expect(only(field('colour' as FieldType))).toEqual({ field: 'f1', key: 'forms.design.badType', params: { field: 'Name', type: 'colour' } });
  });

  it('requires a label of 1 to 60 characters', () => {
    expect(problems(field('text', { label: 'x'.repeat(60) }))).toEqual([]);
    expect(only(field('text', { label: '   ' }))).toEqual({ field: 'f1', key: 'forms.design.labelRequired', params: { field: 'f1' } });
    expect(only(field('text', { label: 'x'.repeat(61) }))).toEqual({ field: 'f1', key: 'validation.tooLong', params: { field: 'f1', limit: 60 } });
  });

  it('lets only required fields be title fields (§5)', () => {
    expect(problems(field('text', { title: true, required: true }))).toEqual([]);
    expect(only(field('text', { title: true }))).toEqual({ field: 'f1', key: 'forms.design.titleNotRequired', params: { field: 'Name' } });
    expect(problems(field('subtable', { title: true, required: true, columns: [field('text', { key: 'f2' })] }))).toEqual([
      'f1:forms.design.subtableTitle',
    ]);
  });

  it('requires 1 to 200 distinct, non-empty options of at most 100 characters for choice fields', () => {
    for (const type of ['select', 'multiselect', 'radio', 'checkbox'] as const) {
      expect(problems(field(type, { options: ['x'.repeat(100)] }))).toEqual([]);
      for (const options of [undefined, [], ['A', ' '], ['x'.repeat(101)], Array.from({ length: 201 }, (_, i) => `o${i}`)])
        expect(only(field(type, { options }))).toEqual({ field: 'f1', key: 'forms.design.optionsRequired', params: { field: 'Name', max: 200, limit: 100 } });
      expect(only(field(type, { options: ['A', 'B', 'A '] }))).toEqual({
        field: 'f1',
        key: 'forms.design.duplicateOption',
        params: { field: 'Name', option: 'A ' },
      });
    }
  });

  it('allows 0 to 8 decimal places', () => {
    expect(problems(field('number', { decimals: 0 }), field('amount', { key: 'f2', decimals: 8 }))).toEqual([]);
    for (const decimals of [-1, 9, 1.5])
      expect(only(field('number', { decimals }))).toEqual({ field: 'f1', key: 'forms.design.decimals', params: { field: 'Name', max: 8 } });
  });

  it('requires number rules to be complete and consistent', () => {
    const rule = (numberRule: unknown) => field('number', { numberRule: numberRule as FieldDef['numberRule'] });
    for (const fine of [{ kind: 'greater', min: 0 }, { kind: 'less', max: -1 }, { kind: 'between', min: 2, max: 2 }]) expect(problems(rule(fine))).toEqual([]);
    for (const bad of [{ kind: 'greater' }, { kind: 'less', min: 1 }, { kind: 'between', min: 3, max: 2 }, { kind: 'between', min: 1 }, { kind: 'equal', min: 1 }, { kind: 'less', max: Number.NaN }])
      expect(only(rule(bad))?.key).toBe('forms.design.numberRule');
  });

  it('allows 1 to 5 files of at most 50 MB each', () => {
    expect(problems(field('image', { maxFiles: 1, maxFileSize: 1 }))).toEqual([]);
    for (const maxFiles of [0, 6, 2.5]) expect(only(field('attachment', { maxFiles }))).toEqual({ field: 'f1', key: 'forms.design.maxFiles', params: { field: 'Name', max: 5 } });
    for (const maxFileSize of [0, 50 * MB + 1])
      expect(only(field('image', { maxFileSize }))).toEqual({ field: 'f1', key: 'forms.design.maxFileSize', params: { field: 'Name', max: 50 } });
  });

  it('allows one serial field, with a valid numbering rule', () => {
    expect(problems(field('serial', { numbering }), field('serial', { key: 'f2', numbering }))).toEqual(['f2:forms.design.oneSerial']);
    expect(problems(field('serial', { numbering: { prefix: '', datePart: 'none', digits: 10 } }))).toEqual([]);
    for (const bad of [
      undefined,
      { ...numbering, prefix: 'x'.repeat(21) },
      { ...numbering, prefix: 'P O' },
      { ...numbering, datePart: 'yy' },
      { ...numbering, digits: 2 },
      { ...numbering, digits: 11 },
    ])
      expect(only(field('serial', { numbering: bad as FieldDef['numbering'] }))).toEqual({
        field: 'f1',
        key: 'forms.design.numbering',
        params: { field: 'Name', limit: 20, min: 3, max: 10 },
      });
  });

  it('requires 1 to 50 columns of the allowed types in a sub-table', () => {
    const columns = (n: number) => Array.from({ length: n }, (_, i) => field('text', { key: `f${i + 2}` }));
    expect(problems(field('subtable', { columns: columns(50) }))).toEqual([]);
    for (const bad of [undefined, [], columns(51)])
      expect(only(field('subtable', { columns: bad }))).toEqual({ field: 'f1', key: 'forms.design.subtableColumns', params: { field: 'Name', max: 50 } });
    expect(problems(field('subtable', { columns: [field('attachment', { key: 'f2' }), field('subtable', { key: 'f3', columns: [] })] }))).toEqual([
      'f2:forms.design.subtableColumns',
      'f3:forms.design.subtableColumns',
      'f3:forms.design.subtableColumns',
    ]);
  });

  it('checks sub-table columns like fields', () => {
    expect(problems(field('subtable', { columns: [field('select', { key: 'f2', label: '' })] }))).toEqual([
      'f2:forms.design.labelRequired',
      'f2:forms.design.optionsRequired',
    ]);
  });

  it('requires the related form of a relation', () => {
    expect(problems(field('relation', { relation: { formId: '99' } }))).toEqual([]);
    for (const relation of [undefined, { formId: '' }, { formId: 'abc' }])
      expect(only(field('relation', { relation }))).toEqual({ field: 'f1', key: 'forms.design.relationForm', params: { field: 'Name' } });
  });

  it('requires default values to be valid for their field', () => {
    for (const bad of [
      field('text', { defaultValue: 'x'.repeat(501) }),
      field('select', { options: ['A'], defaultValue: 'B' }),
      field('number', { decimals: 0, defaultValue: 1.5 }),
      field('email', { defaultValue: 'nobody' }),
      field('date', { defaultValue: 'now' }),
      field('datetime', { defaultValue: 'today' }),
    ])
      expect(only(bad)).toEqual({ field: 'f1', key: 'forms.design.badDefault', params: { field: 'Name' } });
    expect(problems(field('text', { required: true, defaultValue: '' }), field('uscc', { key: 'f2', defaultValue: '91350100m000100y43' }))).toEqual([]);
  });

  it('does not let a published field change its type', () => {
    const publishedKeys: Record<string, FieldType> = { f1: 'text', f2: 'number', f3: 'text' };
    const fields = [field('text'), field('textarea', { key: 'f2' }), field('subtable', { key: 'f4', columns: [field('number', { key: 'f3' })] })];
    expect(validateDefinition({ fields }, { publishedKeys })).toEqual([
      { field: 'f2', key: 'forms.design.typeChanged', params: { field: 'Name', type: 'number' } },
      { field: 'f3', key: 'forms.design.typeChanged', params: { field: 'Name', type: 'text' } },
    ]);
    expect(validateDefinition({ fields: [field('text')] }, { publishedKeys: { f1: 'text', f9: 'date' } })).toEqual([]);
  });

  it('rejects a definition whose fields are not a list', () => {
    expect(validateDefinition({ fields: 'f1' } as unknown as FormDefinition).map((e) => e.key)).toEqual(['validation.type']);
  });
});
