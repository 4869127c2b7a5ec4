import { Alert, Button, Card, Message, Table, Tabs } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_API, type InstalledApp, type StoreVersion } from '../../../../shared/api/appcenter-store.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { appHref } from './AppStorePage.tsx';
import { ChannelTag, StateTag, when } from '../../../shell/store-tags.tsx';
import { useGet } from '../../../shell/use-load.ts';

/**
 * My apps (spec §2.7 `appstore/myapps`, admin): what the space installed from the store — with the newer released
 * version when there is one, updated in place (records kept) — and what it published, with each version's review.
 */
export function MyAppsPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const mine = useGet<{ installed: InstalledApp[]; published: StoreVersion[] }>(`${STORE_API}/mine`);
  const [busy, setBusy] = useState<string | null>(null);

  async function update(app: InstalledApp) {
    if (!app.update) return;
    setBusy(app.storeAppId);
    try {
      const result = (await api.post<{ kept: string[] }>(`${STORE_API}/apps/${app.storeAppId}/update`, { versionId: app.update.id }, { json: true })).data;
      Message.success(result.kept.length ? `${t('appcenter.store.updated')} ${t('appcenter.store.keptForms', { forms: result.kept.join(t('appcenter.store.listSeparator')) })}` : t('appcenter.store.updated'));
      await mine.reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const installedColumns = [
    { title: t('appcenter.store.col.app'), dataIndex: 'name', render: (name: string, r: InstalledApp) => <a href={appHref(r.appId, match.spaceId)}>{name}</a> },
    { title: t('appcenter.store.col.version'), dataIndex: 'label' },
    { title: t('appcenter.store.col.installedAt'), dataIndex: 'installedAt', render: (at: string) => when(at, i18n.language) },
    { title: t('appcenter.store.col.kept'), dataIndex: 'kept', render: (kept: string[]) => (kept.length ? t('appcenter.store.keptForms', { forms: kept.join(t('appcenter.store.listSeparator')) }) : '—') },
    {
      title: t('appcenter.store.col.update'),
      dataIndex: 'update',
      render: (_: unknown, r: InstalledApp) =>
        r.update ? (
          <Button type="primary" size="small" loading={busy === r.storeAppId} onClick={() => void update(r)} data-testid={`myapps-update-${r.name}`}>
            {t('appcenter.store.updateTo', { label: r.update.label })}
          </Button>
        ) : (
          t('appcenter.store.upToDate')
        ),
    },
  ];
  const publishedColumns = [
    { title: t('appcenter.store.col.app'), dataIndex: 'appName' },
    { title: t('appcenter.store.col.version'), dataIndex: 'label' },
    { title: t('appcenter.store.col.channel'), dataIndex: 'channel', render: (c: StoreVersion['channel']) => <ChannelTag channel={c} /> },
    { title: t('appcenter.store.col.state'), dataIndex: 'state', render: (s: StoreVersion['state']) => <StateTag state={s} /> },
    { title: t('appcenter.store.col.reason'), dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
    { title: t('appcenter.store.col.submittedAt'), dataIndex: 'submittedAt', render: (at: string) => when(at, i18n.language) },
  ];
  return (
    <Card title={t('appcenter.store.myApps')} data-testid="my-apps">
      {mine.error && <Alert type="error" content={mine.error} className="qp-gap" />}
      <Tabs defaultActiveTab="installed">
        <Tabs.TabPane key="installed" title={t('appcenter.store.tab.installed')}>
          <Table rowKey="storeAppId" columns={installedColumns} data={mine.data?.installed ?? []} loading={!mine.data && !mine.error} pagination={false} noDataElement={t('appcenter.store.noInstalled')} data-testid="myapps-installed" />
        </Tabs.TabPane>
        <Tabs.TabPane key="published" title={t('appcenter.store.tab.published')}>
          <Table rowKey="id" columns={publishedColumns} data={mine.data?.published ?? []} loading={!mine.data && !mine.error} pagination={false} noDataElement={t('appcenter.store.noPublished')} data-testid="myapps-published" />
        </Tabs.TabPane>
      </Tabs>
    </Card>
  );
}
