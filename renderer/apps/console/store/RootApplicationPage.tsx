import { Alert, Button, Card, Message, Popconfirm, Space, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { STORE_API, type RootStoreApp, type StoreVersion } from '../../../../shared/api/appcenter-store.ts';
import { useServices } from '../../../shell/services.tsx';
import { ChannelTag, StateTag, when } from '../../../shell/store-tags.tsx';
import { useGet } from '../../../shell/use-load.ts';
import { ReviewQueue } from './ReviewQueue.tsx';

/**
 * The store's applications (spec §2.4 `root/application`, root): the versions waiting for review (approve, or
 * reject with a reason), every space's published applications with all their versions and review states, and
 * taking one off the store (spaces that installed it keep their copy) or back.
 */
export function RootApplicationPage() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const apps = useGet<{ apps: RootStoreApp[] }>(`${STORE_API}/review-apps`);

  async function setListed(app: RootStoreApp, listed: boolean) {
    try {
      await api.put(`${STORE_API}/review-apps/${app.id}/listed`, { listed }, { json: true });
      Message.success(t(listed ? 'appcenter.store.root.relisted' : 'appcenter.store.root.unlisted'));
      await apps.reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const columns = [
    { title: t('appcenter.store.col.app'), dataIndex: 'name' },
    { title: t('appcenter.store.col.space'), dataIndex: 'spaceName' },
    {
      title: t('appcenter.store.col.versions'),
      dataIndex: 'versions',
      render: (versions: StoreVersion[]) => (
        <Space direction="vertical" size={4}>
          {versions.map((v) => (
            <span key={v.id} title={v.reason ?? undefined}>
              <Space size={4}>
                {v.label}
                <ChannelTag channel={v.channel} />
                <StateTag state={v.state} />
                <span className="qp-muted">{when(v.submittedAt, i18n.language)}</span>
              </Space>
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: t('appcenter.store.col.state'),
      dataIndex: 'listed',
      render: (_: boolean, a: RootStoreApp) => (
        <Space>
          {a.released ? <Tag color="green">{t('appcenter.store.root.released')}</Tag> : <Tag>{t('appcenter.store.root.unreleased')}</Tag>}
          {!a.listed && <Tag color="red">{t('appcenter.store.root.offStore')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('appcenter.store.col.actions'),
      dataIndex: 'id',
      render: (_: string, a: RootStoreApp) =>
        a.listed ? (
          <Popconfirm title={t('appcenter.store.root.unlistConfirm')} onOk={() => void setListed(a, false)}>
            <Button size="small" status="danger" data-testid={`root-unlist-${a.name}`}>{t('appcenter.store.root.unlist')}</Button>
          </Popconfirm>
        ) : (
          <Button size="small" onClick={() => void setListed(a, true)} data-testid={`root-relist-${a.name}`}>{t('appcenter.store.root.relist')}</Button>
        ),
    },
  ];
  return (
    <>
      <Card title={t('appcenter.store.review.title')} data-testid="root-review" className="qp-gap">
        <p className="qp-muted">{t('appcenter.store.review.hint')}</p>
        <ReviewQueue onReviewed={() => void apps.reload()} />
      </Card>
      <Card title={t('appcenter.store.root.title')} data-testid="root-applications">
        <p className="qp-muted">{t('appcenter.store.root.hint')}</p>
        {apps.error && <Alert type="error" content={apps.error} className="qp-gap" />}
        <Table rowKey="id" columns={columns} data={apps.data?.apps ?? []} loading={!apps.data && !apps.error} pagination={false} noDataElement={t('appcenter.store.root.empty')} />
      </Card>
    </>
  );
}
