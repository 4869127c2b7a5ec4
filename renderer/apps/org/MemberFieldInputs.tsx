import { DatePicker, Form, Grid, Input, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { fieldKey, fieldLabel, MEMBER_FIELD_LIMITS, type MemberFieldDef, type MemberFieldValues } from '../../../shared/org/member-fields.ts';

/**
 * The space's enabled extension fields in the member dialog (decision 0048), in the administrator's order, each
 * with the input of its kind. Problems arrive under `fields.<id>` from the shared rules or the server's 422.
 */
export function MemberFieldInputs(props: { fields: MemberFieldDef[]; values: MemberFieldValues; onChange(id: string, value: string | null): void; errorOf(field: string): string | undefined }) {
  const { t, i18n } = useTranslation();
  const shown = props.fields.filter((f) => f.enabled);
  if (!shown.length) return null;
  return (
    <Grid.Row gutter={16} data-testid="member-fields-inputs">
      <Grid.Col span={24}>
        <h4 className="qp-gap">{t('org.fields.inDialog')}</h4>
      </Grid.Col>
      {shown.map((field) => {
        const label = fieldLabel(field, i18n.language);
        const value = props.values[field.id] ?? '';
        const error = props.errorOf(fieldKey(field.id));
        const common = { 'aria-label': label, 'data-testid': `member-field-${field.label}` };
        return (
          <Grid.Col span={12} key={field.id}>
            <Form.Item label={label} required={field.required} validateStatus={error ? 'error' : undefined} help={error}>
              {field.kind === 'select' ? (
                <Select allowClear value={value || undefined} onChange={(v: string | undefined) => props.onChange(field.id, v ?? null)} options={field.options} {...common} />
              ) : field.kind === 'date' ? (
                <DatePicker style={{ width: '100%' }} value={value || undefined} onChange={(v: string) => props.onChange(field.id, v || null)} {...common} />
              ) : (
                <Input value={value} maxLength={field.kind === 'text' ? MEMBER_FIELD_LIMITS.text : 24} inputMode={field.kind === 'number' ? 'decimal' : undefined}
                  onChange={(v) => props.onChange(field.id, v)} {...common} />
              )}
            </Form.Item>
          </Grid.Col>
        );
      })}
    </Grid.Row>
  );
}
