import { Alert, Button, Card, Spin, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ServiceState } from '../../../../shared/api/org-saas.ts';
import { SAAS_API, dateTime, size } from './saas-api.ts';
import { useGet } from '../../../shell/use-load.ts';

const COLOR = { up: 'green', on: 'arcoblue', off: 'gray', down: 'red' } as const;

/** sysop/serviceManagement (spec §2.6, §6): how the platform's services stand, as the server sees them now. */
export function ServiceManagementPage() {
  const { t, i18n } = useTranslation();
  const { data, error, reload } = useGet<{ services: ServiceState[]; checkedAt: string }>(`${SAAS_API}/services`);
  if (error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: error })} action={<Button onClick={reload}>{t('saas.common.reload')}</Button>} />;
  if (!data) return <Spin block loading className="qp-gap" />;
  const detail = (s: ServiceState) =>
    Object.entries(s.detail)
      .map(([name, value]) => `${t(`saas.services.detail.${name}`)}: ${name === 'sizeBytes' ? size(Number(value), i18n.language) : value}`)
      .join(' · ');
  return (
    <Card
      title={t('saas.services.title')}
      extra={
        <span>
          {t('saas.services.checkedAt', { at: dateTime(data.checkedAt, i18n.language) })} <Button onClick={reload}>{t('saas.common.reload')}</Button>
        </span>
      }
      className="qp-gap"
      data-testid="saas-services"
    >
      <Table
        rowKey="id"
        pagination={false}
        data={data.services}
        columns={[
          { title: t('saas.services.service'), dataIndex: 'id', render: (_: unknown, s: ServiceState) => t(`saas.services.${s.id}`) },
          { title: t('saas.services.state'), dataIndex: 'state', render: (_: unknown, s: ServiceState) => <Tag color={COLOR[s.state]} data-testid={`saas-service-${s.id}`}>{t(`saas.services.state.${s.state}`)}</Tag> },
          { title: t('saas.services.detail'), dataIndex: 'detail', render: (_: unknown, s: ServiceState) => detail(s) },
        ]}
      />
    </Card>
  );
}
