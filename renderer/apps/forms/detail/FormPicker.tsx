import { Alert, Card, Empty, Select, Space, Typography } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemWithApps } from '../../../../shared/api/appcenter.ts';
import { useServices } from '../../../shell/services.tsx';
import { failureText } from './model.ts';

interface FormRow {
  id: string;
  name: string;
  version: number;
}

/**
 * Choosing a form when the address names none: an application (grouped by system, as the application centre
 * shows them to this user), then one of its forms. Forms never published have no records and are not offered.
 */
export function FormPicker({ hint, onPick }: { hint: string; onPick(formId: string): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [systems, setSystems] = useState<SystemWithApps[] | null>(null);
  const [appId, setAppId] = useState<string | undefined>();
  const [forms, setForms] = useState<FormRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.get<{ systems: SystemWithApps[] }>('/api/appcenter/systems').then(
      (answer) => setSystems(answer.data.systems),
      (failure: unknown) => setError(failureText(failure, t('common.fetchFailed'))),
    );
  }, [api, t]);

  useEffect(() => {
    if (!appId) return setForms(null);
    let live = true;
    setForms(null);
    api.get<{ forms: FormRow[] }>(`/api/forms/apps/${appId}/forms`).then(
      (answer) => live && (setForms(answer.data.forms.filter((f) => f.version > 0)), setError(null)),
      (failure: unknown) => live && setError(failureText(failure, t('common.fetchFailed'))),
    );
    return () => {
      live = false;
    };
  }, [api, appId, t]);

  const withApps = (systems ?? []).filter((s) => s.apps.length > 0);
  return (
    <Card data-testid="form-picker">
      <Space direction="vertical" size="medium">
        <Typography.Text>{hint}</Typography.Text>
        {error && <Alert type="error" content={error} />}
        <Space wrap>
          <Select
            className="qp-fd-picker"
            placeholder={t('forms.detail.picker.app')}
            loading={systems === null && !error}
            value={appId}
            onChange={setAppId}
            showSearch
            notFoundContent={t('forms.detail.picker.noApps')}
            data-testid="picker-app"
          >
            {withApps.map((system) => (
              <Select.OptGroup key={system.id} label={system.name}>
                {system.apps.map((app) => (
                  <Select.Option key={app.id} value={app.id}>
                    {app.name}
                  </Select.Option>
                ))}
              </Select.OptGroup>
            ))}
          </Select>
          <Select
            className="qp-fd-picker"
            placeholder={t('forms.detail.picker.form')}
            disabled={!appId}
            loading={!!appId && forms === null && !error}
            onChange={(value: string) => onPick(value)}
            showSearch
            notFoundContent={t('forms.detail.picker.noForms')}
            data-testid="picker-form"
          >
            {(forms ?? []).map((form) => (
              <Select.Option key={form.id} value={form.id}>
                {form.name}
              </Select.Option>
            ))}
          </Select>
        </Space>
        {systems !== null && withApps.length === 0 && <Empty description={t('forms.detail.picker.noApps')} />}
      </Space>
    </Card>
  );
}
