import { DatePicker, Input, InputNumber, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Condition } from '../../../../shared/forms/filters.ts';
import { departmentPaths, useDirectory } from '../record-form/directory.tsx';
import { takesList, takesNoValue, type FieldChoice } from './condition-model.ts';

interface ValueInputProps {
  choice: FieldChoice;
  row: Condition;
  onChange(value: unknown): void;
}

type Option = { value: string; label: string };

/** The choices a value may take when the field has a fixed set: options, members, departments. */
function useOptions(choice: FieldChoice): Option[] | null {
  const directory = useDirectory();
  const field = choice.field;
  if (field?.options?.length) return field.options.map((o) => ({ value: o, label: o }));
  if (field?.type === 'department') {
    const paths = departmentPaths(directory?.departments ?? []);
    return (directory?.departments ?? []).map((d) => ({ value: d.id, label: paths.get(d.id) ?? d.name }));
  }
  // Member fields and the system people fields (creator, modifier, owner, handler) hold user ids.
  if (choice.kind === 'ref' && (!field || field.type === 'member')) return (directory?.users ?? []).map((u) => ({ value: u.id, label: u.name }));
  return null;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The value part of one condition, shaped by the field's kind and the operator (none, one, two or a list). */
export function ValueInput({ choice, row, onChange }: ValueInputProps) {
  const { t } = useTranslation();
  const options = useOptions(choice);
  const { kind } = choice;
  const { op, value } = row;
  if (takesNoValue(op)) return null;
  const placeholder = t('forms.ui.input.enter');

  if (options) {
    const multiple = takesList(op);
    return (
      <Select
        className="qp-fd-condition-value"
        mode={multiple ? 'multiple' : undefined}
        value={multiple ? asList(value).map(String) : asText(value) || undefined}
        onChange={onChange}
        showSearch
        placeholder={t('forms.ui.input.choose')}
        options={options}
        filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.toLowerCase())}
      />
    );
  }
  if (takesList(op)) {
    // Free lists: each typed entry becomes a tag (numbers are converted when the rule is saved).
    return <Select className="qp-fd-condition-value" mode="multiple" allowCreate value={asList(value).map(String)} onChange={onChange} placeholder={t('forms.detail.rules.listHint')} />;
  }
  if (kind === 'date' || kind === 'datetime') {
    const showTime = kind === 'datetime';
    // Dates travel as 'YYYY-MM-DD'; instants as ISO strings, which the server compares in UTC.
    const out = (text: string, date: { toISOString(): string } | undefined) => (showTime ? (date?.toISOString() ?? '') : text);
    if (op === 'between') {
      const [from, to] = asList(value).map(asText);
      return (
        <DatePicker.RangePicker
          className="qp-fd-condition-value"
          showTime={showTime}
          value={from && to ? [from, to] : undefined}
          onChange={(texts, dates) => onChange(texts ? [out(texts[0]!, dates?.[0]), out(texts[1]!, dates?.[1])] : [])}
        />
      );
    }
    return <DatePicker className="qp-fd-condition-value" showTime={showTime} value={asText(value) || undefined} onChange={(text, date) => onChange(text ? out(text, date) : '')} />;
  }
  if (kind === 'number') {
    const number = (v: unknown) => (v === '' || v === undefined || v === null ? undefined : Number(v));
    if (op === 'between') {
      const [from, to] = asList(value);
      return (
        <span className="qp-fd-condition-value">
          <InputNumber style={{ width: '45%' }} value={number(from)} onChange={(v) => onChange([v ?? '', to ?? ''])} placeholder={t('forms.detail.rules.from')} />
          {' ~ '}
          <InputNumber style={{ width: '45%' }} value={number(to)} onChange={(v) => onChange([from ?? '', v ?? ''])} placeholder={t('forms.detail.rules.to')} />
        </span>
      );
    }
    return <InputNumber className="qp-fd-condition-value" value={number(value)} onChange={(v) => onChange(v ?? '')} placeholder={placeholder} />;
  }
  return <Input className="qp-fd-condition-value" value={asText(value)} onChange={onChange} maxLength={200} placeholder={placeholder} />;
}
