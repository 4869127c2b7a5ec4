import { DatePicker, Input, InputNumber, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { kindOf } from '../../../../../shared/forms/filters.ts';
import type { Directory } from '../../record-form/types.ts';
import { takesList, takesNoValue, type DraftCondition } from '../model/filter-model.ts';
import { isSystemField } from '../model/records.ts';

interface Choice {
  value: string;
  label: string;
}

/** The fixed choices of a field, if it has any: options, or the space's members / departments. */
export function choicesOf(fields: readonly FieldDef[], key: string, directory: Directory | null): Choice[] | null {
  if (isSystemField(key)) return kindOf(fields, key) === 'ref' ? (directory?.users ?? []).map((u) => ({ value: u.id, label: u.name })) : null;
  const field = fields.find((f) => f.key === key);
  if (!field) return null;
  if (field.options?.length) return field.options.map((o) => ({ value: o, label: o }));
  if (field.type === 'member') return (directory?.users ?? []).map((u) => ({ value: u.id, label: u.name }));
  if (field.type === 'department') return (directory?.departments ?? []).map((d) => ({ value: d.id, label: d.name }));
  return null;
}

/** Whether the condition's field is named by the directory (so the builder knows to load it). */
export const needsDirectory = (fields: readonly FieldDef[], key: string) =>
  kindOf(fields, key) === 'ref' && fields.find((f) => f.key === key)?.type !== 'relation';

interface Props {
  fields: readonly FieldDef[];
  condition: DraftCondition;
  directory: Directory | null;
  onChange(value: unknown): void;
}

/** The value part of a condition, by the field's kind and the operator: none, one, two (between) or a list. */
export function FilterValueInput({ fields, condition, directory, onChange }: Props) {
  const { t } = useTranslation();
  const { field: key, op, value } = condition;
  if (takesNoValue(op)) return null;
  const kind = kindOf(fields, key);
  const choices = choicesOf(fields, key, directory);
  const placeholder = t('forms.views.filter.value');

  if (takesList(op)) {
    const list = Array.isArray(value) ? value.map(String) : [];
    return (
      <Select
        className="qp-fv-filter-value"
        mode="multiple"
        allowCreate={!choices}
        showSearch
        value={list}
        options={choices ?? undefined}
        placeholder={choices ? t('forms.views.filter.choose') : t('forms.views.filter.typeEnter')}
        onChange={(next: string[]) => onChange(next)}
      />
    );
  }

  const single = (current: unknown, set: (v: unknown) => void, hint = placeholder) => {
    if (choices) {
      return <Select className="qp-fv-filter-value" showSearch allowClear value={current == null ? undefined : String(current)} options={choices} placeholder={t('forms.views.filter.choose')} onChange={(v: string | undefined) => set(v ?? null)} />;
    }
    if (kind === 'number') {
      return <InputNumber className="qp-fv-filter-value" value={typeof current === 'number' ? current : current == null || current === '' ? undefined : Number(current)} placeholder={hint} onChange={(v: number | undefined) => set(v ?? null)} />;
    }
    if (kind === 'date') {
      return <DatePicker className="qp-fv-filter-value" value={typeof current === 'string' && current ? current : undefined} format="YYYY-MM-DD" onChange={(text: string) => set(text || null)} />;
    }
    if (kind === 'datetime') {
      const at = typeof current === 'string' ? Date.parse(current) : NaN;
      return (
        <DatePicker
          className="qp-fv-filter-value"
          showTime
          format="YYYY-MM-DD HH:mm"
          value={Number.isNaN(at) ? undefined : at}
          onChange={(_: string, date?: { toISOString(): string }) => set(date ? date.toISOString() : null)}
        />
      );
    }
    return <Input className="qp-fv-filter-value" value={current == null ? '' : String(current)} placeholder={hint} onChange={(v) => set(v)} allowClear />;
  };

  if (op === 'between') {
    const [from, to] = Array.isArray(value) ? value : [null, null];
    return (
      <span className="qp-fv-between">
        {single(from, (v) => onChange([v, to]), t('forms.views.filter.from'))}
        <span className="qp-fv-between-sep">~</span>
        {single(to, (v) => onChange([from, v]), t('forms.views.filter.to'))}
      </span>
    );
  }
  return single(value, onChange);
}
