import { Descriptions } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RecordLabels } from '../record-form/types.ts';
import { formatTime } from './model.ts';
import type { ApiRecord } from './types.ts';

/** The record fields every record has (§3): who made and changed it, when, whose it is, who handles it, its number. */
export function SystemFields({ record, labels }: { record: ApiRecord; labels: RecordLabels }) {
  const { t, i18n } = useTranslation();
  const none = t('forms.detail.system.none');
  const person = (id: string | null) => (id ? (labels.users?.[id] ?? `#${id}`) : none);
  const data = [
    { key: 'number', label: t('forms.detail.system.number'), value: record.number || none },
    { key: 'ownerId', label: t('forms.detail.system.owner'), value: person(record.ownerId) },
    { key: 'handlerId', label: t('forms.detail.system.handler'), value: person(record.handlerId) },
    { key: 'createdBy', label: t('forms.detail.system.creator'), value: person(record.createdBy) },
    { key: 'createdAt', label: t('forms.detail.system.createdAt'), value: formatTime(record.createdAt, i18n.language) },
    { key: 'updatedBy', label: t('forms.detail.system.modifier'), value: person(record.updatedBy) },
    { key: 'updatedAt', label: t('forms.detail.system.updatedAt'), value: formatTime(record.updatedAt, i18n.language) },
  ].map(({ key, label, value }) => ({ label, value: <span data-testid={`system-${key}`}>{value}</span> }));
  return <Descriptions column={{ xs: 1, sm: 2, md: 3, lg: 4 }} data={data} size="small" layout="inline-vertical" className="qp-fd-system" />;
}
