import { Checkbox, DatePicker, Input, InputNumber, Radio, Select, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS } from '../../../../shared/forms/fields.ts';
import { FileInput } from './FileInput.tsx';
import { useInputOverride } from './input-override.ts';
import { DirectoryInput, RelationInput } from './ReferenceInputs.tsx';
import { RichTextInput } from './RichTextInput.tsx';
import type { FieldInputProps } from './types.ts';

const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const asTexts = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
/** The input's empty state is null in the values: validateValues treats it as "no value". */
const orNull = <T,>(value: T | undefined | '') => (value === undefined || value === '' ? null : value);

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** Placeholder hints for the format-checked text types (§5 formats). */
const FORMAT_HINT: Partial<Record<string, string>> = {
  phone: 'forms.ui.input.phoneHint',
  email: 'forms.ui.input.emailHint',
  idcard: 'forms.ui.input.idcardHint',
  postcode: 'forms.ui.input.postcodeHint',
  uscc: 'forms.ui.input.usccHint',
};

/**
 * serial: the server numbers a record on save, so an empty one says so; an existing number may be corrected
 * (§8 "number repeated"). Editable stays editable once shown, so clearing it does not pull the input away.
 */
function SerialInput({ field, value, onChange, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const [editable] = useState(() => asText(value) !== '');
  if (!editable && asText(value) === '') return <Typography.Text type="secondary" className="qp-rf-serial">{t('forms.ui.input.serialOnSave')}</Typography.Text>;
  // Named by its field: it has no placeholder, and the form's labels are not tied to their inputs.
  return <Input value={asText(value)} onChange={(v) => onChange(orNull(v))} disabled={disabled} aria-label={field.label} />;
}

/** Every field type except the sub-table: the inputs a record form and a sub-table cell share. */
export function SimpleInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const { field, value, onChange, disabled } = props;
  const override = useInputOverride()?.(props);
  if (override !== undefined) return override;
  const enter = t('forms.ui.input.enter');
  const choose = t('forms.ui.input.choose');
  const options = field.options ?? [];

  switch (field.type) {
    case 'text':
      return <Input value={asText(value)} onChange={(v) => onChange(orNull(v))} disabled={disabled} placeholder={enter} maxLength={FORM_LIMITS.text} allowClear />;
    case 'phone':
    case 'email':
    case 'idcard':
    case 'postcode':
    case 'uscc':
      return <Input value={asText(value)} onChange={(v) => onChange(orNull(v))} disabled={disabled} placeholder={t(FORMAT_HINT[field.type] ?? 'forms.ui.input.enter')} allowClear />;
    case 'textarea':
      return <Input.TextArea value={asText(value)} onChange={(v) => onChange(orNull(v))} disabled={disabled} placeholder={enter} autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'number':
    case 'amount':
      return (
        <InputNumber
          value={asNumber(value)}
          onChange={(v: number | undefined) => onChange(v === undefined || Number.isNaN(v) ? null : v)}
          disabled={disabled}
          placeholder={enter}
          precision={field.decimals}
          prefix={field.type === 'amount' ? '¥' : undefined}
          style={{ width: '100%' }}
        />
      );
    case 'date':
      return (
        <DatePicker
          value={asText(value) || undefined}
          format="YYYY-MM-DD"
          onChange={(text: string) => onChange(orNull(text))}
          disabled={disabled}
          placeholder={choose}
          style={{ width: '100%' }}
        />
      );
    case 'datetime': {
      // Stored as an ISO instant in UTC; shown and picked in the user's own time zone.
      const time = Date.parse(asText(value));
      return (
        <DatePicker
          showTime
          format="YYYY-MM-DD HH:mm:ss"
          value={Number.isNaN(time) ? undefined : time}
          onChange={(_text: string, date) => onChange(date ? date.toDate().toISOString() : null)}
          disabled={disabled}
          placeholder={choose}
          style={{ width: '100%' }}
        />
      );
    }
    case 'select':
      return <Select value={asText(value) || undefined} onChange={(v: string | undefined) => onChange(orNull(v))} options={options} disabled={disabled} placeholder={choose} allowClear showSearch />;
    case 'multiselect':
      return <Select mode="multiple" value={asTexts(value)} onChange={(v: string[]) => onChange(v.length ? v : null)} options={options} disabled={disabled} placeholder={choose} allowClear />;
    case 'radio':
      return <Radio.Group value={asText(value) || undefined} onChange={(v: string) => onChange(v)} options={options} disabled={disabled} />;
    case 'checkbox':
      return <Checkbox.Group value={asTexts(value)} onChange={(v: string[]) => onChange(v.length ? v : null)} options={options} disabled={disabled} />;
    case 'member':
    case 'department':
      return <DirectoryInput {...props} />;
    case 'relation':
      return <RelationInput {...props} />;
    case 'attachment':
    case 'image':
      return <FileInput {...props} />;
    case 'richtext':
      return <RichTextInput {...props} />;
    case 'serial':
      return <SerialInput {...props} />;
    default:
      return null;
  }
}
