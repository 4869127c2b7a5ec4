import { Button, Empty, Spin, Tag } from '@arco-design/web-react';
import { IconStar, IconStarFill } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyApp } from '../../../shared/api/workbench.ts';
import type { RouteMatch } from '../../../shared/routes/match.ts';
import { useServices } from '../../shell/services.tsx';
import { AppIcon } from '../../shell/app-icon.tsx';
import { pathTo } from '../../shell/paths.ts';

/**
 * The member's apps on the workbench: favourites first, then the most recently opened (kept per member per space
 * by the server, /api/appcenter/my-apps). Opening an app from here notes it as recently opened.
 */
export function MyApps({ match }: { match: RouteMatch }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [apps, setApps] = useState<MyApp[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () =>
      api.get<{ apps: MyApp[] }>('/api/appcenter/my-apps').then(
        (answer) => (setApps(answer.data.apps), setError(null)),
        (failure: Error) => setError(failure.message),
      ),
    [api],
  );
  useEffect(() => void load(), [load]);

  async function toggle(app: MyApp) {
    try {
      await api.put(`/api/appcenter/apps/${app.id}/favourite`, { favourite: !app.favourite }, { json: true });
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  if (error) return <p className="qp-workbench-error" role="alert">{error}</p>;
  if (!apps) return <Spin />;
  if (apps.length === 0) return <Empty description={t('portal.apps.none')} />;
  return (
    <ul className="qp-workbench-apps" data-testid="workbench-apps">
      {apps.map((app) => (
        <li key={app.id} className="qp-workbench-app" data-testid={`workbench-app-${app.id}`}>
          <a
            href={pathTo(match, 'forms.appView', { appId: app.id })}
            className="qp-workbench-app-link"
            onClick={() => void api.post(`/api/appcenter/apps/${app.id}/opened`, {}, { json: true }).catch(() => undefined)}
          >
            <AppIcon name={app.icon} className="qp-workbench-app-icon" />
            <span className="qp-workbench-app-name">{app.name}</span>
            {app.openedAt && !app.favourite && <Tag size="small">{t('portal.apps.recent')}</Tag>}
          </a>
          <Button
            size="mini"
            type="text"
            icon={app.favourite ? <IconStarFill /> : <IconStar />}
            aria-pressed={app.favourite}
            aria-label={t(app.favourite ? 'portal.apps.unfavourite' : 'portal.apps.favourite', { name: app.name })}
            onClick={() => void toggle(app)}
            data-testid={`workbench-favourite-${app.id}`}
          />
        </li>
      ))}
    </ul>
  );
}
