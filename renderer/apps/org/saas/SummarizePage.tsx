import { Alert, Button, Card, Empty, Grid, Link, Spin, Statistic, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Summary } from '../../../../shared/api/org-saas.ts';
import type { PageProps } from '../../types.ts';
import { SAAS_API, pagePath, size } from './saas-api.ts';
import { useGet } from '../../../shell/use-load.ts';

type Top = Summary['top'][number];

/** summarize (spec §2.6, saas): the provider's spaces by status, the growth of their members, the largest ones. */
export function SummarizePage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { data, error, reload } = useGet<Summary>(`${SAAS_API}/summary`);
  if (error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: error })} action={<Button onClick={reload}>{t('saas.common.reload')}</Button>} />;
  if (!data) return <Spin block loading className="qp-gap" />;
  const statuses = ['active', 'suspended', 'archived'] as const;
  return (
    <div className="qp-gap" data-testid="saas-summary">
      <Card title={t('saas.summary.byStatus')} extra={<Link href={pagePath(match, 'org.productDetails')}>{t('saas.summary.products')}</Link>}>
        <Grid.Row gutter={[16, 16]}>
          {statuses.map((status) => (
            <Grid.Col span={6} key={status}>
              <Card bordered data-testid={`saas-status-${status}`}>
                <Statistic title={t(`saas.status.${status}`)} value={data.byStatus[status]} />
              </Card>
            </Grid.Col>
          ))}
        </Grid.Row>
      </Card>
      <Card title={t('saas.summary.growth')} className="qp-gap">
        <Table
          rowKey="month"
          pagination={false}
          data={data.growth}
          columns={[
            { title: t('saas.summary.month'), dataIndex: 'month' },
            { title: t('saas.summary.joined'), dataIndex: 'joined' },
            { title: t('saas.summary.total'), dataIndex: 'total' },
          ]}
        />
      </Card>
      <Card title={t('saas.summary.top')} className="qp-gap">
        {data.top.length ? (
          <Table
            rowKey="id"
            pagination={false}
            data={data.top}
            columns={[
              { title: t('saas.console.space'), dataIndex: 'name', render: (_: unknown, s: Top) => <Link href={pagePath(match, 'org.customerDetails', { space: s.id })}>{s.name}</Link> },
              { title: t('saas.console.members'), dataIndex: 'members' },
              { title: t('saas.console.records'), dataIndex: 'records' },
              { title: t('saas.console.storage'), dataIndex: 'storageBytes', render: (_: unknown, s: Top) => size(s.storageBytes, i18n.language) },
            ]}
          />
        ) : (
          <Empty description={t('saas.summary.noSpaces')} />
        )}
      </Card>
    </div>
  );
}
