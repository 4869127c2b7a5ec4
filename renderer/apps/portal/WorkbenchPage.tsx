import { Alert, Select, Spin, Typography } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OpenPortalAnswer } from '../../../shared/portal/data.ts';
import { canOpen } from '../../../shared/routes/access.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { greetingKey } from '../../shell/greeting.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { BuiltInWorkbench } from './BuiltInWorkbench.tsx';
import { portalApi } from './portal-api.ts';
import { builtPath } from './viewer/links.ts';
import { PortalView } from './viewer/PortalView.tsx';

/**
 * The workbench (§2.7 `user/workbench/{id?}`): the greeting by time of day, then the member's portal of the web
 * terminal from ONE `open` call (the one named by the address, else the default in scope, else the first in scope)
 * with a switcher among the others; the built-in workbench when the member may see none. Root uses no space and
 * sees the built-in page without asking.
 */
export function WorkbenchPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const user = useAtomValue(sessionAtom);
  const centre = ROUTES.find((route) => route.id === 'appcenter.home');
  const usesApps = !!user && !!centre && canOpen(centre, { roles: user.roles });
  const requested = match.params.id || undefined;
  const [answer, setAnswer] = useState<OpenPortalAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(usesApps);

  useEffect(() => {
    if (!usesApps) return;
    let live = true;
    setLoading(true);
    portalApi(api)
      .open('web', requested)
      .then(
        (next) => live && (setAnswer(next), setError(null)),
        (failure: Error) => live && (setAnswer(null), setError(failure.message)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, requested, usesApps]);

  const portal = answer?.portal ?? null;
  const choices = answer?.choices ?? [];
  // The built-in cards (his apps, recent records) are a choice of their own: the empty value.
  const switchTo = (id: string) => {
    const to = builtPath(match, 'portal.workbench', id ? { id } : {});
    if (to) navigate(to);
  };
  const switchable = portal ? choices.length > 1 : choices.length > 0;

  return (
    <div className="qp-workbench">
      <Typography.Title heading={4} data-testid="greeting">
        {t(greetingKey(new Date().getHours()), { name: user?.name ?? '' })}
      </Typography.Title>
      <Typography.Text type="secondary">{user?.entName}</Typography.Text>
      {switchable && (
        <div className="qp-portal-switch">
          <span aria-hidden>{t('portal.ui.view.switch')}</span>
          <Select value={portal?.id ?? ''} onChange={switchTo} style={{ width: 240 }} data-testid="portal-switch" aria-label={t('portal.ui.view.switch')}>
            {!choices.some((choice) => choice.isDefault) && <Select.Option value="">{t('portal.ui.view.builtIn')}</Select.Option>}
            {choices.map((choice) => (
              <Select.Option key={choice.id} value={choice.id}>
                {choice.isDefault ? t('portal.ui.view.defaultChoice', { name: choice.name }) : choice.name}
              </Select.Option>
            ))}
          </Select>
        </div>
      )}
      {error && <Alert type="error" content={error} className="qp-workbench-alert" data-testid="portal-open-error" />}
      {loading ? (
        <Spin className="qp-workbench-loading" />
      ) : portal && answer ? (
        <div className="qp-workbench-portal">
          <PortalView portal={portal} components={answer.components} match={match} />
        </div>
      ) : (
        <BuiltInWorkbench match={match} usesApps={usesApps} />
      )}
    </div>
  );
}
