import { Input } from '@arco-design/web-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldType } from '../../../../shared/forms/fields.ts';
import { useServices } from '../../../shell/services.tsx';
import { departmentPaths, useDirectory } from '../record-form/directory.tsx';
import type { InputOverride } from '../record-form/input-override.ts';
import type { FieldInputProps } from '../record-form/types.ts';
import { SubtableCards } from './SubtableCards.tsx';
import { TouchPicker, type Choice } from './TouchPicker.tsx';

/**
 * How each field type is entered on the phone (decision 0064). `web`: the web input, made touch-sized by
 * mobile.css (text, numbers, radios and checkboxes, files, rich text: all usable by touch as they are); `native`:
 * the phone's own keyboard or picker (Arco's date pop-ups are wider than a phone); `drawer`: a full-screen
 * TouchPicker; `cards`: a sub-table as stacked cards. The record form, its checks and its save stay the web's.
 */
export const TOUCH_KIND: Record<FieldType, 'web' | 'native' | 'drawer' | 'cards'> = {
  text: 'web', textarea: 'web', number: 'web', amount: 'web', idcard: 'web', postcode: 'web', uscc: 'web', serial: 'web',
  radio: 'web', checkbox: 'web', attachment: 'web', image: 'web', richtext: 'web',
  date: 'native', datetime: 'native', phone: 'native', email: 'native',
  select: 'drawer', multiselect: 'drawer', member: 'drawer', department: 'drawer', relation: 'drawer',
  subtable: 'cards',
};

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const asTexts = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const two = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as `<input type="datetime-local">` shows it: the user's own time zone, to the minute. */
export function localInputValue(iso: unknown): string {
  const time = Date.parse(asText(iso));
  if (Number.isNaN(time)) return '';
  const d = new Date(time);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The picked local time back to the stored ISO instant (UTC), as the web's date-time picker stores it. */
export function fromLocalInput(text: string): string | null {
  if (!text) return null;
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function NativeDate({ field, value, onChange, disabled }: FieldInputProps) {
  const withTime = field.type === 'datetime';
  return (
    <input
      className="qp-mf-native"
      type={withTime ? 'datetime-local' : 'date'}
      aria-label={field.label}
      disabled={disabled}
      value={withTime ? localInputValue(value) : asText(value)}
      onChange={(event) => onChange(withTime ? fromLocalInput(event.target.value) : event.target.value || null)}
      data-testid={`mf-input-${field.key}`}
    />
  );
}

/** Phone numbers and mail addresses bring up the phone's matching keyboard. */
function KeyboardText({ field, value, onChange, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const phone = field.type === 'phone';
  return (
    <Input
      type={phone ? 'tel' : 'email'}
      inputMode={phone ? 'tel' : 'email'}
      aria-label={field.label}
      value={asText(value)}
      onChange={(next) => onChange(next === '' ? null : next)}
      disabled={disabled}
      placeholder={t(phone ? 'forms.ui.input.phoneHint' : 'forms.ui.input.emailHint')}
      allowClear
      data-testid={`mf-input-${field.key}`}
    />
  );
}

function OptionPicker({ field, value, onChange, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const multiple = field.type === 'multiselect';
  const choices = useMemo(() => (field.options ?? []).map((option) => ({ value: option, label: option })), [field.options]);
  return (
    <TouchPicker
      label={field.label}
      placeholder={t('forms.ui.input.choose')}
      multiple={multiple}
      value={multiple ? asTexts(value) : asText(value) ? [asText(value)] : []}
      choices={choices}
      onChange={(next) => onChange(multiple ? (next.length ? next : null) : (next[0] ?? null))}
      disabled={disabled}
      testId={`mf-input-${field.key}`}
    />
  );
}

function DirectoryPicker({ field, value, onChange, labels, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const directory = useDirectory();
  const member = field.type === 'member';
  const choices = useMemo<Choice[] | null>(() => {
    if (!directory) return null;
    if (member) return directory.users.map((u) => ({ value: u.id, label: u.name }));
    const paths = departmentPaths(directory.departments);
    return directory.departments.map((d) => ({ value: d.id, label: paths.get(d.id) ?? d.name }));
  }, [directory, member]);
  return (
    <TouchPicker
      label={field.label}
      placeholder={t(member ? 'forms.ui.input.pickMember' : 'forms.ui.input.pickDepartment')}
      value={asText(value) ? [asText(value)] : []}
      known={member ? labels?.users : labels?.departments}
      choices={choices}
      onChange={(next) => onChange(next[0] ?? null)}
      disabled={disabled}
      testId={`mf-input-${field.key}`}
    />
  );
}

const RELATION_PAGE = 20;
const SEARCH_DELAY_MS = 300;

/** A related record, searched on the server as the web's relation input does (the related form's permissions). */
function RelationPicker({ field, value, onChange, labels, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  const formId = field.relation?.formId ?? '';
  const shownField = field.relation?.displayField;
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = (text: string) => {
    const call = ++latest.current;
    const q = text.trim();
    const params = { ...(q ? { q } : {}), pageSize: RELATION_PAGE, ...(shownField ? { columns: shownField } : {}) };
    api.get<{ records: Array<{ id: string; number: string | null; values: Record<string, unknown> }> }>(`/api/forms/forms/${formId}/records`, { params }).then(
      (answer) =>
        call === latest.current &&
        setChoices(
          answer.data.records.map((r) => {
            const shown = shownField ? r.values[shownField] : undefined;
            return { value: r.id, label: typeof shown === 'string' || typeof shown === 'number' ? String(shown) : (r.number ?? `#${r.id}`) };
          }),
        ),
      () => call === latest.current && setChoices([]),
    );
  };
  return (
    <TouchPicker
      label={field.label}
      placeholder={t('forms.ui.input.pickRecord')}
      value={asText(value) ? [asText(value)] : []}
      known={labels?.relations?.[field.key]}
      choices={choices}
      onOpen={() => load('')}
      onSearch={(text) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => load(text), SEARCH_DELAY_MS);
      }}
      onChange={(next) => onChange(next[0] ?? null)}
      disabled={disabled || !/^[0-9]{1,18}$/.test(formId)}
      testId={`mf-input-${field.key}`}
    />
  );
}

/** The phone's inputs, given to the web record form through its InputOverrideContext. */
export const touchInput: InputOverride = (props) => {
  switch (props.field.type) {
    case 'date':
    case 'datetime':
      return <NativeDate {...props} />;
    case 'phone':
    case 'email':
      return <KeyboardText {...props} />;
    case 'select':
    case 'multiselect':
      return <OptionPicker {...props} />;
    case 'member':
    case 'department':
      return <DirectoryPicker {...props} />;
    case 'relation':
      return <RelationPicker {...props} />;
    case 'subtable':
      return <SubtableCards {...props} />;
    default:
      return undefined;
  }
};
