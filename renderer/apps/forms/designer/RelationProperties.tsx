import { Form, Select } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { useServices } from '../../../shell/services.tsx';

const VALID_ID = /^[0-9]{1,18}$/;
/** A related record is named by a value a person can read; files, tables and rich text are not that. */
const NAMING_TYPES = new Set(['text', 'number', 'amount', 'date', 'select', 'radio', 'phone', 'email', 'idcard', 'postcode', 'uscc', 'serial']);

/** relation: the target form (a form of the same app) and which of its fields names a record. */
export function RelationProperties({ field, onChange, appId }: { field: FieldDef; onChange(field: FieldDef): void; appId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [forms, setForms] = useState<Array<{ id: string; name: string }> | null>(null);
  const [targetFields, setTargetFields] = useState<FieldDef[] | null>(null);
  const formId = field.relation?.formId ?? '';

  useEffect(() => {
    if (!VALID_ID.test(appId)) return setForms([]);
    let live = true;
    api.get<{ forms: Array<{ id: string; name: string }> }>(`/api/forms/apps/${appId}/forms`).then(
      (answer) => live && setForms(answer.data.forms),
      () => live && setForms([]),
    );
    return () => {
      live = false;
    };
  }, [api, appId]);

  useEffect(() => {
    setTargetFields(null);
    if (!VALID_ID.test(formId)) return;
    let live = true;
    // The published fields of the target: an unpublished form answers 422/404 and offers no display field.
    api.get<{ fields: FieldDef[] }>(`/api/forms/forms/${formId}`).then(
      (answer) => live && setTargetFields(answer.data.fields),
      () => live && setTargetFields([]),
    );
    return () => {
      live = false;
    };
  }, [api, formId]);

  const formOptions = (forms ?? []).map((f) => ({ value: f.id, label: f.name }));
  if (formId && !formOptions.some((o) => o.value === formId)) formOptions.unshift({ value: formId, label: `#${formId}` });

  return (
    <>
      <Form.Item label={t('forms.ui.props.relationForm')} required>
        <Select
          data-testid="prop-relation-form"
          showSearch
          loading={forms === null}
          value={formId || undefined}
          placeholder={t('forms.ui.props.relationFormPlaceholder')}
          options={formOptions}
          // Typing an id still works where the form is in another app of the space.
          allowCreate
          onChange={(next: string) => onChange({ ...field, relation: { formId: String(next ?? '').trim() } })}
        />
      </Form.Item>
      <Form.Item label={t('forms.ui.props.displayField')} extra={t('forms.ui.props.displayFieldHint')}>
        <Select
          data-testid="prop-relation-display"
          allowClear
          loading={VALID_ID.test(formId) && targetFields === null}
          disabled={!VALID_ID.test(formId)}
          value={field.relation?.displayField}
          placeholder={t('forms.ui.props.displayFieldPlaceholder')}
          options={(targetFields ?? []).filter((f) => NAMING_TYPES.has(f.type)).map((f) => ({ value: f.key, label: f.label }))}
          onChange={(displayField: string | undefined) => onChange({ ...field, relation: { formId, ...(displayField ? { displayField } : {}) } })}
        />
      </Form.Item>
    </>
  );
}
