import { Button, Form, Radio } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { isEmptyValue, type FieldDef, type FieldType } from '../../../../shared/forms/fields.ts';
import { DYNAMIC_DEFAULTS } from '../../../../shared/forms/validate-values.ts';
import { SimpleInput } from '../record-form/SimpleInput.tsx';

/**
 * Types a default makes sense for. Files, people, records and serials depend on who fills the form in and when,
 * so a fixed default there would be wrong for everyone but the designer.
 */
const DEFAULTABLE: readonly FieldType[] = [
  'text', 'textarea', 'number', 'amount', 'date', 'datetime', 'select', 'multiselect', 'radio', 'checkbox', 'phone', 'email', 'idcard', 'postcode', 'uscc',
];

type Mode = 'custom' | 'dynamic';

/** The default value, entered with the record form's own input for the type (so it is checked the same way). */
export function DefaultValueEditor({ field, onChange }: { field: FieldDef; onChange(field: FieldDef): void }) {
  const { t } = useTranslation();
  if (!DEFAULTABLE.includes(field.type)) return null;
  const dynamic = DYNAMIC_DEFAULTS[field.type];
  const value = field.defaultValue;
  const setDefault = (next: unknown) => {
    const { defaultValue: _old, ...rest } = field;
    onChange(isEmptyValue(next) ? rest : { ...rest, defaultValue: next });
  };
  // The input of the default itself is never required: "no default" is always a fine answer.
  // Radio buttons and some pickers cannot be emptied by themselves, hence the explicit clear.
  const input = (
    <>
      <SimpleInput field={{ ...field, required: false }} value={value === dynamic ? null : value} onChange={setDefault} path={field.key} errors={[]} />
      {!isEmptyValue(value) && value !== dynamic && (
        <Button size="mini" type="text" className="qp-fd-clear-default" data-testid="prop-default-clear" onClick={() => setDefault(null)}>{t('forms.ui.props.clearDefault')}</Button>
      )}
    </>
  );

  if (!dynamic) return <Form.Item label={t('forms.ui.props.default')}>{input}</Form.Item>;
  // "Custom" with an empty input means no default; "today"/"now" is resolved when a record is created.
  const mode: Mode = value === dynamic ? 'dynamic' : 'custom';
  return (
    <Form.Item label={t('forms.ui.props.default')}>
      <Radio.Group type="button" size="small" value={mode} onChange={(next: Mode) => setDefault(next === 'dynamic' ? dynamic : null)}>
        <Radio value="custom">{t('forms.ui.props.defaultCustom')}</Radio>
        <Radio value="dynamic">{t(field.type === 'date' ? 'forms.ui.props.defaultToday' : 'forms.ui.props.defaultNow')}</Radio>
      </Radio.Group>
      {mode === 'custom' && <div className="qp-fd-default-input">{input}</div>}
    </Form.Item>
  );
}
