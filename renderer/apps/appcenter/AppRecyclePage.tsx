import { Alert, Button, Card, Popconfirm, Result, Space, Table, type ButtonProps } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecycledApp, SystemWithApps } from '../../../shared/api/appcenter.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { AppIcon } from '../../shell/app-icon.tsx';
import { systemPath } from './model.ts';
import { useAppcenterActions } from './use-actions.ts';

/**
 * The app recycle bin of one system (spec §2.7 `apprecycle/{appId}/{module}`): `appId` is read as the system's id
 * and `module` must be `app`, the only kind of item this bin holds (shared/routes/table/forms.ts). Restore puts an
 * app back in its system; purge deletes it for good. The route belongs to the forms app, which re-exports this page.
 */
export function AppRecyclePage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const systemId = match.params.appId ?? '';
  const isAppBin = (match.params.module ?? '').toLowerCase() === 'app';
  const [system, setSystem] = useState<SystemWithApps | null>(null);
  const [apps, setApps] = useState<RecycledApp[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!isAppBin) return;
    Promise.all([
      api.get<SystemWithApps>(`/api/appcenter/systems/${encodeURIComponent(systemId)}`),
      api.get<{ apps: RecycledApp[] }>('/api/appcenter/recycle', { params: { systemId } }),
    ]).then(
      ([own, bin]) => (setSystem(own.data), setApps(bin.data.apps), setError(null)),
      (failure: Error) => setError(failure.message),
    );
  }, [api, systemId, isAppBin]);
  useEffect(load, [load]);
  const actions = useAppcenterActions(load);

  if (!isAppBin) return <Result status="warning" title={t('appcenter.recycle.badModule')} data-testid="recycle-bad-module" />;

  const columns = [
    {
      title: t('appcenter.field.name'),
      render: (_: unknown, app: RecycledApp) => (
        <Space data-testid={`recycle-row-${app.id}`}>
          <AppIcon name={app.icon} />
          {app.name}
        </Space>
      ),
    },
    { title: t('appcenter.field.description'), dataIndex: 'description' },
    { title: t('appcenter.recycle.deletedAt'), render: (_: unknown, app: RecycledApp) => new Date(app.deletedAt).toLocaleString() },
    {
      title: '',
      render: (_: unknown, app: RecycledApp) => (
        <Space>
          <Button size="small" type="primary" onClick={() => void actions.restoreApp(app)} data-testid={`recycle-restore-${app.id}`}>
            {t('appcenter.recycle.restore')}
          </Button>
          <Popconfirm
            title={t('appcenter.recycle.purgeConfirm', { name: app.name })}
            onOk={() => void actions.purgeApp(app)}
            okButtonProps={{ 'data-testid': `recycle-purge-ok-${app.id}` } as ButtonProps}
          >
            <Button size="small" status="danger" data-testid={`recycle-purge-${app.id}`}>
              {t('appcenter.recycle.purge')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="qp-appcenter">
      <Button type="text" icon={<IconLeft />} href={systemPath(match, systemId)} data-testid="recycle-back">
        {t('appcenter.recycle.backToSystem')}
      </Button>
      {error && <Alert type="error" content={error} data-testid="appcenter-error" />}
      <Card title={system ? t('appcenter.recycle.title', { name: system.name }) : t('appcenter.system.recycle')}>
        <Table
          rowKey="id"
          columns={columns}
          data={apps ?? []}
          loading={apps === null && !error}
          pagination={false}
          noDataElement={t('appcenter.recycle.empty')}
          data-testid="recycle-table"
        />
      </Card>
    </div>
  );
}
