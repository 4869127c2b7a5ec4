import { Alert, Button, Card, Descriptions, Empty, Grid, Link, Spin, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { CustomerDetails } from '../../../../shared/api/org-saas.ts';
import type { PageProps } from '../../types.ts';
import { SAAS_API, STATUS_COLOR, dateTime, pagePath, size } from './saas-api.ts';
import { useGet } from '../../../shell/use-load.ts';

/**
 * summarize/customerDetails?space={id} (spec §2.6, saas): one of the provider's spaces — its usage as the apps
 * report it, its administrators and its applications. Another provider's space answers "does not exist".
 */
export function CustomerDetailsPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const chosen = typeof match.query.space === 'string' && /^[a-z0-9]{1,32}$/.test(match.query.space) ? match.query.space : null;
  const { data, error, reload } = useGet<CustomerDetails>(chosen ? `${SAAS_API}/spaces/${chosen}` : null);
  const back = <Link href={pagePath(match, 'org.saasConsole')}>{t('saas.common.back')}</Link>;
  if (!chosen) return <Card className="qp-gap" extra={back}><Empty description={t('saas.details.noSpace')} /></Card>;
  if (error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: error })} action={<Button onClick={reload}>{t('saas.common.reload')}</Button>} />;
  if (!data || data.space.id !== chosen) return <Spin block loading className="qp-gap" />;
  const { space } = data;
  const unlimited = (n: number | null, unit = '') => (n === null ? t('saas.common.unlimited') : `${n}${unit}`);
  return (
    <div className="qp-gap" data-testid="saas-customer">
      <Card title={t('saas.details.title', { name: space.name })} extra={back}>
        <Descriptions
          column={3}
          data={[
            { label: t('saas.console.status'), value: <Tag color={STATUS_COLOR[space.status]}>{t(`saas.status.${space.status}`)}</Tag> },
            { label: t('saas.console.members'), value: `${space.members} / ${unlimited(space.quotas.members)}` },
            { label: t('saas.console.apps'), value: `${space.apps} / ${unlimited(space.quotas.apps)}` },
            { label: t('saas.console.records'), value: space.records },
            { label: t('saas.console.storage'), value: `${size(space.storageBytes, i18n.language)} / ${unlimited(space.quotas.storageMb, ' MB')}` },
            { label: t('saas.console.createdAt'), value: dateTime(space.createdAt, i18n.language) },
          ]}
        />
      </Card>
      <Grid.Row gutter={16} className="qp-gap">
        <Grid.Col span={12}>
          <Card title={t('saas.details.admins')}>
            {data.admins.length ? (
              <Table rowKey="id" pagination={false} data={data.admins} columns={[{ title: t('saas.details.loginId'), dataIndex: 'loginId' }, { title: t('saas.details.name'), dataIndex: 'name' }]} data-testid="saas-customer-admins" />
            ) : (
              <Empty description={t('saas.details.noAdmins')} />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={12}>
          <Card title={t('saas.details.usage')}>
            <Table
              rowKey="name"
              pagination={false}
              data={Object.entries(data.usage).map(([name, value]) => ({ name, value }))}
              columns={[{ title: t('saas.details.figure'), dataIndex: 'name' }, { title: t('saas.details.value'), dataIndex: 'value' }]}
            />
          </Card>
        </Grid.Col>
      </Grid.Row>
      <Card title={t('saas.details.appsList')} className="qp-gap">
        {data.apps.length ? (
          <Table
            rowKey="key"
            data={data.apps.map((app, index) => ({ ...app, key: String(index) }))}
            columns={[
              { title: t('saas.details.app'), dataIndex: 'name' },
              { title: t('saas.console.createdAt'), dataIndex: 'createdAt', render: (_: unknown, app: { createdAt: string }) => dateTime(app.createdAt, i18n.language) },
            ]}
            data-testid="saas-customer-apps"
          />
        ) : (
          <Empty description={t('saas.details.noApps')} />
        )}
      </Card>
    </div>
  );
}
