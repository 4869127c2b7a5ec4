import { Alert, Button, Card, Empty, Grid, Link, Space, Spin, Statistic, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ConsoleHome, ProviderSpace } from '../../../../shared/api/org-saas.ts';
import type { PageProps } from '../../types.ts';
import { SAAS_API, STATUS_COLOR, pagePath, size } from './saas-api.ts';
import { useGet } from '../../../shell/use-load.ts';

/**
 * saasconsole (spec §2.6, saas): the provider's home — each of its spaces with status, members, apps, records and
 * storage, and the totals. The server reads them in the provider's transaction; the database narrows the spaces.
 */
export function SaasConsolePage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { data, error, reload } = useGet<ConsoleHome>(`${SAAS_API}/spaces`);
  if (error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: error })} action={<Button onClick={reload}>{t('saas.common.reload')}</Button>} />;
  if (!data) return <Spin block loading className="qp-gap" />;
  const quota = (n: number | null) => (n === null ? t('saas.common.unlimited') : String(n));
  const columns = [
    { title: t('saas.console.space'), dataIndex: 'name', render: (_: unknown, s: ProviderSpace) => <Link href={pagePath(match, 'org.customerDetails', { space: s.id })} data-testid={`saas-space-${s.id}`}>{s.name}</Link> },
    { title: t('saas.console.status'), dataIndex: 'status', render: (_: unknown, s: ProviderSpace) => <Tag color={STATUS_COLOR[s.status]}>{t(`saas.status.${s.status}`)}</Tag> },
    { title: t('saas.console.members'), dataIndex: 'members' },
    { title: t('saas.console.apps'), dataIndex: 'apps' },
    { title: t('saas.console.records'), dataIndex: 'records' },
    { title: t('saas.console.storage'), dataIndex: 'storageBytes', render: (_: unknown, s: ProviderSpace) => size(s.storageBytes, i18n.language) },
    { title: t('saas.console.quotas'), dataIndex: 'quotas', render: (_: unknown, s: ProviderSpace) => `${quota(s.quotas.members)} / ${quota(s.quotas.apps)} / ${quota(s.quotas.storageMb)}` },
    { title: t('saas.console.createdAt'), dataIndex: 'createdAt', render: (_: unknown, s: ProviderSpace) => new Date(s.createdAt).toLocaleDateString(i18n.language) },
  ];
  const stat = (title: string, value: number | string, testId: string) => (
    <Grid.Col span={4} key={title}>
      <Card bordered data-testid={testId}>
        <Statistic title={title} value={value} groupSeparator />
      </Card>
    </Grid.Col>
  );
  const link = (routeId: string, text: string) => <Link href={pagePath(match, routeId)}>{text}</Link>;
  return (
    <div className="qp-gap" data-testid="saas-console">
      <Card
        title={t('saas.console.title', { name: data.provider.name })}
        extra={
          <Space>
            {link('org.summarize', t('saas.console.summary'))}
            {link('org.saasNotice', t('saas.console.notices'))}
            {link('org.systemManagement', t('saas.console.settings'))}
            {link('org.saasAppConfig', t('saas.console.appConfig'))}
          </Space>
        }
      >
        <Grid.Row gutter={[16, 16]}>
          {stat(t('saas.console.spaces'), data.totals.spaces, 'saas-total-spaces')}
          {stat(t('saas.console.members'), data.totals.members, 'saas-total-members')}
          {stat(t('saas.console.apps'), data.totals.apps, 'saas-total-apps')}
          {stat(t('saas.console.records'), data.totals.records, 'saas-total-records')}
          {stat(t('saas.console.storage'), size(data.totals.storageBytes, i18n.language), 'saas-total-storage')}
        </Grid.Row>
      </Card>
      <Card className="qp-gap">
        {data.spaces.length ? <Table rowKey="id" columns={columns} data={data.spaces} pagination={false} data-testid="saas-spaces" /> : <Empty description={t('saas.console.empty')} />}
      </Card>
    </div>
  );
}
