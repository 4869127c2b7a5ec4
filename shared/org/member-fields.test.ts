import { describe, expect, it } from 'vitest';
import { memberProblems } from './member.ts';
import { canonicalNumber, definitionProblems, fieldValueProblems, storedFieldValues, type MemberFieldDef } from './member-fields.ts';

const def = (id: string, more: Partial<MemberFieldDef>): MemberFieldDef => ({
  id, label: `字段${id}`, labelEn: `Field ${id}`, kind: 'text', options: [], required: false, onCard: false, selfEdit: false, enabled: true, sort: Number(id), ...more,
});
const FIELDS = [
  def('1', { label: '工牌号', labelEn: 'Badge', required: true }),
  def('2', { label: '班次', labelEn: 'Shift', kind: 'select', options: ['早班', 'Night'] }),
  def('3', { kind: 'date' }),
  def('4', { kind: 'number' }),
  def('5', { enabled: false, required: true }),
];

describe('member extension values (decision 0048)', () => {
  it('numbers take one stored form whatever was typed', () => {
    expect(['007', '1.50', '-0', '-0.0', '12.000001', '-3.10'].map(canonicalNumber)).toEqual(['7', '1.5', '0', '0', '12.000001', '-3.1']);
    expect(['1e3', '1,000', '', '.5', '1.', '0x10', '1.1234567', '1234567890123456'].map(canonicalNumber)).toEqual(Array(8).fill(null));
  });

  it('names each problem by the field and its label in the language asked', () => {
    const problems = fieldValueProblems(FIELDS, { '2': '白班', '3': '2026-02-30', '4': 'ten', '9': 'x' }, 'en');
    expect(problems.map((p) => [p.field, p.key])).toEqual([
      ['fields.9', 'org.fields.unknown'],
      ['fields.1', 'validation.required'],
      ['fields.2', 'org.fields.notOption'],
      ['fields.3', 'org.member.dateFormat'],
      ['fields.4', 'org.fields.notNumber'],
    ]);
    expect(problems[1]!.params).toMatchObject({ field: 'Badge' });
    expect(problems[2]!.params).toMatchObject({ field: 'Shift', options: '早班, Night' });
    expect(fieldValueProblems(FIELDS, {}, 'zh-CN')[0]!.params).toMatchObject({ field: '工牌号' });
    // A disabled field takes no value and is never required.
    expect(fieldValueProblems(FIELDS, { '1': 'G', '5': 'x' }, 'en').map((p) => p.key)).toEqual(['org.fields.unknown']);
  });

  it('stores trimmed text, the option as written, and leaves empty values out', () => {
    const stored = storedFieldValues(FIELDS, { '1': ' G-1 ', '2': 'night', '3': '', '4': '08.50' });
    expect([...stored]).toEqual([['1', 'G-1'], ['2', 'Night'], ['4', '8.5']]);
  });

  it('runs inside memberProblems only when values are being written', () => {
    const base = { loginId: 'li.lei', name: '李雷' };
    expect(memberProblems(base, new Date(), FIELDS)).toEqual([]);
    expect(memberProblems({ ...base, fields: {} }, new Date(), FIELDS).map((p) => p.field)).toEqual(['fields.1']);
  });

  it('checks definitions: label, options of select fields only, no duplicates', () => {
    const draft = { label: '班次', labelEn: '', kind: 'select' as const, options: ['早班'], required: false, onCard: false, selfEdit: false, enabled: true };
    expect(definitionProblems(draft)).toEqual([]);
    expect(definitionProblems({ ...draft, label: ' ' })[0]!.field).toBe('label');
    expect(definitionProblems({ ...draft, options: [] })[0]!.key).toBe('org.fields.optionsRequired');
    expect(definitionProblems({ ...draft, options: ['A', 'a'] })[0]!.key).toBe('org.fields.optionTwice');
    expect(definitionProblems({ ...draft, options: ['A', ''] })[0]!.key).toBe('org.fields.optionFormat');
    expect(definitionProblems({ ...draft, kind: 'text' })[0]!.key).toBe('org.fields.optionsOnlySelect');
  });
});
