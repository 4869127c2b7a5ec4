import { Alert, Button, Card, Carousel, Drawer, Empty, Grid, Message, Space, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_API, type InstallResult, type StoreApp, type StoreAppDetail } from '../../../../shared/api/appcenter-store.ts';
import { buildPath } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import { apiUrl } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { useGet } from '../../../shell/use-load.ts';

interface BannerLink {
  id: string;
  title: string;
  link: string;
  version: string;
}

/** Where an installed application opens: its application view in this space. */
export const appHref = (appId: string, spaceId: string | null) => buildPath(ROUTES.find((r) => r.id === 'forms.appView')!, { appId }, spaceId);

/**
 * The application store (spec §2.7 `appstore`, admin): the operator's banners, the released applications of every
 * space, each one's released versions and forms, install (a real copy into this space) or update.
 */
export function AppStorePage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const apps = useGet<{ apps: StoreApp[] }>(`${STORE_API}/apps`);
  const banners = useGet<{ banners: BannerLink[] }>(`${STORE_API}/banners`);
  const [shown, setShown] = useState<StoreAppDetail | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<{ name: string; result: InstallResult } | null>(null);

  async function open(app: StoreApp) {
    try {
      setShown((await api.get<StoreAppDetail>(`${STORE_API}/apps/${app.id}`)).data);
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  async function install(app: StoreAppDetail, versionId: string, action: 'install' | 'update') {
    setBusy(versionId);
    try {
      const result = (await api.post<InstallResult>(`${STORE_API}/apps/${app.id}/${action}`, { versionId }, { json: true })).data;
      setDone({ name: app.name, result });
      setShown(null);
      await apps.reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const list = apps.data?.apps ?? [];
  return (
    <Card title={t('appcenter.store.title')} data-testid="app-store">
      {banners.data && banners.data.banners.length > 0 && (
        <Carousel autoPlay style={{ height: 200, marginBottom: 16 }} data-testid="store-banners">
          {banners.data.banners.map((b) => (
            <a key={b.id} href={b.link || undefined} title={b.title} {...(/^https?:/i.test(b.link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <img src={apiUrl('', match.spaceUri, `${STORE_API}/banners/${b.id}/image?v=${b.version}`)} alt={b.title} style={{ width: '100%', height: 200, objectFit: 'cover' }} />
            </a>
          ))}
        </Carousel>
      )}
      {done && (
        <Alert
          type="success"
          className="qp-gap"
          data-testid="store-installed"
          content={
            <Space>
              {t('appcenter.store.installedDone', { name: done.name })}
              {done.result.kept.length > 0 && t('appcenter.store.keptForms', { forms: done.result.kept.join(t('appcenter.store.listSeparator')) })}
              <a href={appHref(done.result.appId, match.spaceId)} data-testid="store-open-app">{t('appcenter.store.openApp')}</a>
            </Space>
          }
        />
      )}
      {apps.error && <Alert type="error" content={apps.error} className="qp-gap" />}
      {apps.data && list.length === 0 && <Empty description={t('appcenter.store.empty')} />}
      <Grid.Row gutter={[16, 16]}>
        {list.map((app) => (
          <Grid.Col key={app.id} span={6}>
            <Card hoverable title={app.name} data-testid={`store-app-${app.name}`} extra={app.installed ? <Tag color="green">{t('appcenter.store.installed')}</Tag> : null}>
              <p className="qp-muted">{app.description || t('appcenter.store.noDescription')}</p>
              <p>{t('appcenter.store.publisher', { name: app.publisher })}</p>
              {app.latest && (
                <p>
                  {t('appcenter.store.latest', { label: app.latest.label })} <Tag>{t(`appcenter.store.channel.${app.latest.channel}`)}</Tag>
                </p>
              )}
              <Button type="primary" onClick={() => void open(app)} data-testid="store-app-details">
                {t('appcenter.store.details')}
              </Button>
            </Card>
          </Grid.Col>
        ))}
      </Grid.Row>
      <Drawer width={520} title={shown?.name} visible={!!shown} onCancel={() => setShown(null)} footer={null} data-testid="store-detail">
        {shown && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <p>{shown.description || t('appcenter.store.noDescription')}</p>
            <p>{t('appcenter.store.publisher', { name: shown.publisher })}</p>
            {shown.installed && <Alert type="info" content={t('appcenter.store.installedVersion', { label: shown.installed.label })} />}
            {shown.versions.map((v) => (
              <Card key={v.id} size="small" title={<Space>{v.label}<Tag>{t(`appcenter.store.channel.${v.channel}`)}</Tag></Space>} data-testid={`store-version-${v.label}`}>
                <p>{v.notes || t('appcenter.store.noNotes')}</p>
                <p className="qp-muted">{t('appcenter.store.forms', { forms: v.forms.join(t('appcenter.store.listSeparator')) })}</p>
                {!shown.installed && (
                  <Button type="primary" loading={busy === v.id} onClick={() => void install(shown, v.id, 'install')} data-testid="store-install">
                    {t('appcenter.store.install')}
                  </Button>
                )}
                {shown.installed && v.seq > shown.installed.seq && (
                  <Button type="primary" loading={busy === v.id} onClick={() => void install(shown, v.id, 'update')} data-testid="store-update">
                    {t('appcenter.store.update')}
                  </Button>
                )}
              </Card>
            ))}
          </Space>
        )}
      </Drawer>
    </Card>
  );
}
