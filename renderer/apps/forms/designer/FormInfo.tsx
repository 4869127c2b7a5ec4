import { Descriptions } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { DesignForm } from './use-designer.ts';

/** The form as a whole: what is published, when the draft was saved, how big it is. */
export function FormInfo({ form, fields, problems }: { form: DesignForm; fields: readonly FieldDef[]; problems: number }) {
  const { t, i18n } = useTranslation();
  const data = [
    { label: t('forms.ui.info.name'), value: form.name },
    { label: t('forms.ui.info.id'), value: form.id },
    { label: t('forms.ui.info.published'), value: form.version > 0 ? t('forms.ui.versions.version', { version: form.version }) : t('forms.ui.designer.unpublished') },
    { label: t('forms.ui.info.draftSaved'), value: new Date(form.draftUpdatedAt).toLocaleString(i18n.language) },
    { label: t('forms.ui.info.fields'), value: String(fields.length) },
    { label: t('forms.ui.info.problems'), value: String(problems) },
  ];
  return <Descriptions column={1} size="small" data={data} labelStyle={{ width: 110 }} />;
}
