import { Alert, Card, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { STORE_API, type StoreVersion } from '../../../../shared/api/appcenter-store.ts';
import { ChannelTag, StateTag, when } from '../../../shell/store-tags.tsx';
import { useGet } from '../../../shell/use-load.ts';

/**
 * The space's own store submissions and where their review stands (spec §2.7 `appstore/audit` and its enterprise
 * console twin `console/tmp/appstore/audit`, admin). The operator reviews them on `root/application`.
 */
export function AppAuditPage() {
  const { t, i18n } = useTranslation();
  const own = useGet<{ versions: StoreVersion[] }>(`${STORE_API}/submissions`);
  const columns = [
    { title: t('appcenter.store.col.app'), dataIndex: 'appName' },
    { title: t('appcenter.store.col.version'), dataIndex: 'label' },
    { title: t('appcenter.store.col.channel'), dataIndex: 'channel', render: (c: StoreVersion['channel']) => <ChannelTag channel={c} /> },
    { title: t('appcenter.store.col.state'), dataIndex: 'state', render: (s: StoreVersion['state']) => <StateTag state={s} /> },
    { title: t('appcenter.store.col.reason'), dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
    { title: t('appcenter.store.col.submittedAt'), dataIndex: 'submittedAt', render: (at: string) => when(at, i18n.language) },
    { title: t('appcenter.store.col.reviewedAt'), dataIndex: 'reviewedAt', render: (at: string | null) => when(at, i18n.language) },
  ];
  return (
    <Card title={t('appcenter.store.audit.title')} data-testid="app-audit">
      <p className="qp-muted">{t('appcenter.store.audit.hint')}</p>
      {own.error && <Alert type="error" content={own.error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={own.data?.versions ?? []} loading={!own.data && !own.error} pagination={false} noDataElement={t('appcenter.store.noPublished')} data-testid="audit-own" />
    </Card>
  );
}
