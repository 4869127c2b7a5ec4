import { Alert, Button, Card, Input, Select, Space } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormInfo } from '../../../../../shared/api/forms.ts';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { PORTAL_LIMITS, type AppDataComponent, type DataLabel } from '../../../../../shared/portal/model.ts';
import { useServices } from '../../../../shell/services.tsx';
import { newComponentId } from '../designer-model.ts';
import { useSources } from '../sources.tsx';

type Config = AppDataComponent['config'];

/** The app's published forms, and the chosen form's fields, read as the forms renderer reads them. */
function useFormChoices(appId: string, formId: string) {
  const { api } = useServices();
  const [forms, setForms] = useState<Array<{ id: string; name: string }>>([]);
  const [fields, setFields] = useState<FieldDef[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!appId) return setForms([]);
    let live = true;
    api.get<{ forms: Array<{ id: string; name: string; version: number }> }>(`/api/forms/apps/${encodeURIComponent(appId)}/forms`).then(
      (answer) => live && setForms(answer.data.forms.filter((f) => f.version > 0)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, appId]);
  useEffect(() => {
    if (!formId) return setFields([]);
    let live = true;
    api.get<FormInfo>(`/api/forms/forms/${encodeURIComponent(formId)}`).then(
      (answer) => live && (setFields(answer.data.fields), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, formId]);
  return { forms, fields, error };
}

function LabelRow({ label, index, onChange, onRemove }: { label: DataLabel; index: number; onChange(label: DataLabel): void; onRemove(): void }) {
  const { t } = useTranslation();
  const { systems } = useSources();
  const { forms, fields, error } = useFormChoices(label.appId, label.formId);
  // §5: only required fields can be title fields; any field may be the content line.
  const titles = fields.filter((f) => f.required === true);
  const tid = `label-${index}`;
  return (
    <Card size="small" className="qp-design-subcard" data-testid={tid}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Input value={label.name} maxLength={PORTAL_LIMITS.componentName} onChange={(name) => onChange({ ...label, name })} aria-label={t('portal.ui.label.name')} data-testid={`${tid}-name`} />
          <Button size="mini" status="danger" icon={<IconDelete />} onClick={onRemove} aria-label={t('portal.ui.label.remove', { name: label.name })} />
        </Space>
        <Select value={label.appId || undefined} placeholder={t('portal.ui.label.app')} showSearch onChange={(appId: string) => onChange({ ...label, appId, formId: '', titleField: '', contentField: null })} aria-label={t('portal.ui.label.app')} data-testid={`${tid}-app`}>
          {systems.filter((s) => s.apps.length > 0).map((s) => (
            <Select.OptGroup key={s.id} label={s.name}>
              {s.apps.map((a) => (
                <Select.Option key={a.id} value={a.id}>{a.name}</Select.Option>
              ))}
            </Select.OptGroup>
          ))}
        </Select>
        <Select value={label.formId || undefined} disabled={!label.appId} placeholder={t('portal.ui.label.form')} onChange={(formId: string) => onChange({ ...label, formId, titleField: '', contentField: null })} aria-label={t('portal.ui.label.form')} data-testid={`${tid}-form`}>
          {forms.map((f) => (
            <Select.Option key={f.id} value={f.id}>{f.name}</Select.Option>
          ))}
        </Select>
        <Select value={label.titleField || undefined} disabled={!label.formId} placeholder={t('portal.ui.label.title')} notFoundContent={t('portal.ui.label.noRequired')} onChange={(titleField: string) => onChange({ ...label, titleField })} aria-label={t('portal.ui.label.title')} data-testid={`${tid}-title`}>
          {titles.map((f) => (
            <Select.Option key={f.key} value={f.key}>{f.label}</Select.Option>
          ))}
        </Select>
        <Select value={label.contentField ?? undefined} allowClear disabled={!label.formId} placeholder={t('portal.ui.label.content')} onChange={(contentField?: string) => onChange({ ...label, contentField: contentField ?? null })} aria-label={t('portal.ui.label.content')} data-testid={`${tid}-content`}>
          {fields.map((f) => (
            <Select.Option key={f.key} value={f.key}>{f.label}</Select.Option>
          ))}
        </Select>
        {error && <Alert type="error" content={error} />}
      </Space>
    </Card>
  );
}

/** Labels (tabs) of an application-data component: up to 10 in the list and announcement styles, one otherwise (§5). */
export function LabelsEditor({ component, onChange }: { component: AppDataComponent; onChange(config: Config): void }) {
  const { t } = useTranslation();
  const { labels, linkedLabel } = component.config;
  const max = component.style === 'list' || component.style === 'announcement' ? PORTAL_LIMITS.labels : 1;
  const setLabels = (next: DataLabel[]) => onChange({ ...component.config, labels: next, linkedLabel: next.some((l) => l.id === linkedLabel) ? linkedLabel : null });
  const add = () => setLabels([...labels, { id: newComponentId(), name: t('portal.ui.label.newLabel', { n: labels.length + 1 }), appId: '', formId: '', titleField: '', contentField: null }]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {labels.map((label, j) => (
        <LabelRow key={label.id} label={label} index={j} onChange={(next) => setLabels(labels.map((l) => (l.id === label.id ? next : l)))} onRemove={() => setLabels(labels.filter((l) => l.id !== label.id))} />
      ))}
      <Button long disabled={labels.length >= max} onClick={add} data-testid="label-add">
        {t('portal.ui.label.add', { count: labels.length, max })}
      </Button>
      <label className="qp-design-field">
        <span>{t('portal.ui.label.linked')}</span>
        <Select value={linkedLabel ?? ''} onChange={(id: string) => onChange({ ...component.config, linkedLabel: id || null })} aria-label={t('portal.ui.label.linked')} data-testid="label-linked">
          <Select.Option value="">{t('portal.ui.label.noLinked')}</Select.Option>
          {labels.map((l) => (
            <Select.Option key={l.id} value={l.id}>{l.name}</Select.Option>
          ))}
        </Select>
      </label>
    </Space>
  );
}
