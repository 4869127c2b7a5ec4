import { Alert, Button, Card, Empty, Message, Popconfirm, Spin, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SaasNotice } from '../../../../shared/api/org-saas.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { SAAS_API, dateTime, pagePath } from './saas-api.ts';
import { useGet } from '../../../shell/use-load.ts';

/** saas/saasNotice (spec §2.6, saas): the provider's notices with their state; a scheduled one may be withdrawn. */
export function SaasNoticePage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { data, error, reload } = useGet<{ notices: SaasNotice[] }>(`${SAAS_API}/notices`);
  async function withdraw(id: string) {
    try {
      await api.delete(`${SAAS_API}/notices/${id}`);
      Message.success(t('saas.notices.withdrawn'));
    } catch (failure) {
      Message.error((failure as Error).message);
    }
    reload();
  }
  const add = (
    <Button type="primary" onClick={() => navigate(pagePath(match, 'org.saasNoticeAdd'))} data-testid="saas-notice-add">
      {t('saas.notices.add')}
    </Button>
  );
  if (error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: error })} action={<Button onClick={reload}>{t('saas.common.reload')}</Button>} />;
  if (!data) return <Spin block loading className="qp-gap" />;
  const columns = [
    { title: t('saas.notices.noticeTitle'), dataIndex: 'title' },
    { title: t('saas.notices.to'), dataIndex: 'allSpaces', render: (_: unknown, n: SaasNotice) => (n.allSpaces ? t('saas.notices.allSpaces') : t('saas.notices.chosen', { n: n.spaceIds.length })) },
    { title: t('saas.notices.scheduledAt'), dataIndex: 'scheduledAt', render: (_: unknown, n: SaasNotice) => dateTime(n.scheduledAt, i18n.language) },
    {
      title: t('saas.notices.state'),
      dataIndex: 'state',
      render: (_: unknown, n: SaasNotice) => <Tag color={n.state === 'delivered' ? 'green' : 'arcoblue'} data-testid={`saas-notice-state-${n.id}`}>{t(`saas.notices.state.${n.state}`)}</Tag>,
    },
    { title: t('saas.notices.reached'), dataIndex: 'recipients', render: (_: unknown, n: SaasNotice) => (n.state === 'delivered' ? t('saas.notices.reachedValue', { recipients: n.recipients, spaces: n.deliveredSpaces }) : '—') },
    {
      title: '',
      dataIndex: 'id',
      render: (_: unknown, n: SaasNotice) =>
        n.state === 'scheduled' ? (
          <Popconfirm title={t('saas.notices.withdrawConfirm')} onOk={() => withdraw(n.id)}>
            <Button size="mini" type="text" status="danger">{t('saas.notices.withdraw')}</Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <Card title={t('saas.notices.title')} extra={add} className="qp-gap" data-testid="saas-notices">
      {data.notices.length ? <Table rowKey="id" columns={columns} data={data.notices} /> : <Empty description={t('saas.notices.empty')} />}
    </Card>
  );
}
