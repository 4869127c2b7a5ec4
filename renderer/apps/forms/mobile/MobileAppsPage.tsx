import { Button, Empty, Result, Spin, Typography } from '@arco-design/web-react';
import { IconDown, IconRight } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SystemWithApps } from '../../../../shared/api/appcenter.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { useAppForms } from '../views/hooks/use-form.ts';
import { MobileActions } from './mobile-kit.tsx';
import { mobileListPath } from './paths.ts';
import { ScanButton } from './ScanButton.tsx';
import './mobile.css';

/** An opened app's forms: the published ones (a form never published has no records to fill in yet). */
function AppForms({ match, appId }: { match: RouteMatch; appId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forms = useAppForms(appId);
  if (forms.error) return <Typography.Text type="error">{forms.error}</Typography.Text>;
  if (!forms.data) return <Spin className="qp-mf-inline-spin" />;
  const published = forms.data.filter((form) => form.version > 0);
  if (published.length === 0) return <Typography.Text type="secondary">{t('forms.mobile.noForms')}</Typography.Text>;
  return (
    <ul className="qp-mf-forms">
      {published.map((form) => (
        <li key={form.id}>
          <Button long className="qp-mf-touch qp-mf-form" onClick={() => navigate(mobileListPath(match, appId, form.id))} data-testid={`mf-form-${form.id}`}>
            <span>{form.name}</span>
            <IconRight />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The apps a member may use on the phone (route forms.mobileApps): the application centre's systems and apps as
 * it lists them for him (its roles), each app opening to its forms; the scan button opens a record's QR code.
 */
export function MobileAppsPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [systems, setSystems] = useState<SystemWithApps[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api.get<{ systems: SystemWithApps[] }>('/api/appcenter/systems').then(
      (answer) => live && (setSystems(answer.data.systems), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  const withApps = (systems ?? []).filter((system) => system.apps.length > 0);
  return (
    <div className="qp-mf-page" data-testid="mf-apps">
      <MobileActions>
        <ScanButton match={match} />
      </MobileActions>
      {error && <Result status="error" title={error} extra={<Button onClick={() => setRound((n) => n + 1)}>{t('forms.mobile.retry')}</Button>} />}
      {!error && !systems && <Spin className="qp-mf-inline-spin" tip={t('forms.mobile.loading')} />}
      {systems && withApps.length === 0 && <Empty description={t('forms.mobile.noApps')} />}
      {withApps.map((system) => (
        <section key={system.id} className="qp-mf-system" aria-label={system.name}>
          <Typography.Title heading={2} className="qp-mf-system-name">
            {system.name}
          </Typography.Title>
          {system.apps.map((app) => {
            const expanded = open === app.id;
            return (
              <div key={app.id} className="qp-mf-app">
                <Button
                  long
                  className="qp-mf-touch qp-mf-app-button"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : app.id)}
                  data-testid={`mf-app-${app.id}`}
                >
                  <span>{app.name}</span>
                  {expanded ? <IconDown /> : <IconRight />}
                </Button>
                {expanded && <AppForms match={match} appId={app.id} />}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
