import { Alert, Button, Card, Empty, Spin, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ResourceRow } from '../../../../shared/api/org-saas.ts';
import { SAAS_API, STATUS_COLOR, size } from './saas-api.ts';
import { useGet } from '../../../shell/use-load.ts';

/** The figures shown in their own columns; the rest an app reports (jobs among them) are listed after them. */
const SHOWN = new Set(['forms.records', 'forms.storageBytes']);

/**
 * sysop/resourceManagement (spec §2.6, §6: saas, admin, audit, safe): members, records, storage and every other
 * figure the apps report, per space — the provider's spaces for its saas account, the own space for the others.
 */
export function ResourceManagementPage() {
  const { t, i18n } = useTranslation();
  const { data, error, reload } = useGet<{ scope: 'provider' | 'space'; spaces: ResourceRow[] }>(`${SAAS_API}/resources`);
  if (error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: error })} action={<Button onClick={reload}>{t('saas.common.reload')}</Button>} />;
  if (!data) return <Spin block loading className="qp-gap" />;
  const columns = [
    { title: t('saas.console.space'), dataIndex: 'name' },
    { title: t('saas.console.status'), dataIndex: 'status', render: (_: unknown, r: ResourceRow) => <Tag color={STATUS_COLOR[r.status]}>{t(`saas.status.${r.status}`)}</Tag> },
    { title: t('saas.console.members'), dataIndex: 'members' },
    { title: t('saas.console.records'), dataIndex: 'records' },
    { title: t('saas.console.storage'), dataIndex: 'storageBytes', render: (_: unknown, r: ResourceRow) => size(r.storageBytes, i18n.language) },
    {
      title: t('saas.resources.other'),
      dataIndex: 'usage',
      render: (_: unknown, r: ResourceRow) =>
        Object.entries(r.usage)
          .filter(([name]) => !SHOWN.has(name))
          .map(([name, value]) => `${name}: ${value}`)
          .join(' · '),
    },
  ];
  return (
    <Card
      title={t('saas.resources.title')}
      extra={<Button onClick={reload}>{t('saas.common.reload')}</Button>}
      className="qp-gap"
      data-testid="saas-resources"
    >
      <Alert type="info" content={t(data.scope === 'provider' ? 'saas.resources.hintProvider' : 'saas.resources.hintSpace')} className="qp-gap" />
      {data.spaces.length ? <Table rowKey="id" columns={columns} data={data.spaces} pagination={false} /> : <Empty description={t('saas.resources.empty')} />}
    </Card>
  );
}
