import { Select } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemWithApps } from '../../../../shared/api/appcenter.ts';
import { useServices } from '../../../shell/services.tsx';

interface AppForm {
  id: string;
  name: string;
  version: number;
}

/** The member's apps as the application centre lists them (grouped by system). */
export function useApps(): { systems: SystemWithApps[]; error: string | null } {
  const { api } = useServices();
  const [state, setState] = useState<{ systems: SystemWithApps[]; error: string | null }>({ systems: [], error: null });
  useEffect(() => {
    let live = true;
    api.get<{ systems: SystemWithApps[] }>('/api/appcenter/systems').then(
      (answer) => live && setState({ systems: answer.data?.systems ?? [], error: null }),
      (failure: Error) => live && setState({ systems: [], error: failure.message }),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return state;
}

/** An app's published forms (a form never published has no records to chart). */
export function useAppForms(appId: string): AppForm[] {
  const { api } = useServices();
  const [forms, setForms] = useState<AppForm[]>([]);
  useEffect(() => {
    setForms([]);
    if (!appId) return;
    let live = true;
    api.get<{ forms: AppForm[] }>(`/api/forms/apps/${encodeURIComponent(appId)}/forms`).then(
      (answer) => live && setForms((answer.data?.forms ?? []).filter((f) => f.version > 0)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, appId]);
  return forms;
}

/** Where a chart's records come from: one app, then one of its forms. Changing either starts the query afresh. */
export function SourcePicker({ appId, formId, onChange, fixedApp }: { appId: string; formId: string; onChange(appId: string, formId: string): void; fixedApp?: boolean }) {
  const { t } = useTranslation();
  const { systems, error } = useApps();
  const forms = useAppForms(appId);
  return (
    <div className="qp-chart-source">
      {!fixedApp && (
        <div className="qp-chart-field">
          <span>{t('dashboards.chartUi.source.app')}</span>
          <Select
            showSearch
            value={appId || undefined}
            placeholder={error ?? t('dashboards.chartUi.source.pickApp')}
            onChange={(next: string) => onChange(next, '')}
            data-testid="chart-app"
            aria-label={t('dashboards.chartUi.source.app')}
          >
            {systems.map((system) => (
              <Select.OptGroup key={system.id} label={system.name}>
                {system.apps.map((app) => (
                  <Select.Option key={app.id} value={app.id}>{app.name}</Select.Option>
                ))}
              </Select.OptGroup>
            ))}
          </Select>
        </div>
      )}
      <div className="qp-chart-field">
        <span>{t('dashboards.chartUi.source.form')}</span>
        <Select
          showSearch
          value={formId || undefined}
          disabled={!appId}
          placeholder={appId && forms.length === 0 ? t('dashboards.chartUi.source.noForms') : t('dashboards.chartUi.source.pickForm')}
          onChange={(next: string) => onChange(appId, next)}
          options={forms.map((f) => ({ value: f.id, label: f.name }))}
          data-testid="chart-form"
          aria-label={t('dashboards.chartUi.source.form')}
        />
      </div>
    </div>
  );
}
