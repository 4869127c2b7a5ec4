import { Alert, Button, Card, Form, Input, Select, Space, Table } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { EnterpriseRow } from '../../../../shared/api/console-spaces.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { SpaceRequests } from './SpaceRequests.tsx';
import { PATHS, quotaText, StatusTag, useProviders } from './model.tsx';

interface Filters {
  provider?: string;
  status?: EnterpriseRow['status'];
  q?: string;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * sysop/enterprise (spec §2.6, root): every enterprise space with its owner (a provider or the platform), status,
 * members and quotas, filtered; the way to a space's page, its edit page and a new space; and the registrations
 * made on entRegist, approved or rejected here.
 */
export function EnterpriseListPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { providers } = useProviders();
  const initial: Filters = { provider: one(match.query['provider']) };
  const [filters, setFilters] = useState<Filters>(initial);
  const [applied, setApplied] = useState<Filters>(initial);
  const [rows, setRows] = useState<EnterpriseRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    const params = Object.fromEntries(Object.entries(applied).filter(([, v]) => v));
    api.get<{ enterprises: EnterpriseRow[] }>('/api/console/enterprises', { params }).then(
      (answer) => live && (setRows(answer.data.enterprises), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, applied, round]);

  const columns = [
    {
      title: t('consoleSpaces.space.name'),
      dataIndex: 'name',
      render: (name: string, row: EnterpriseRow) => (
        <Button type="text" size="mini" onClick={() => navigate(PATHS.space(row.id))} data-testid={`space-open-${row.id}`}>
          {`${name} (${row.id})`}
        </Button>
      ),
    },
    { title: t('consoleSpaces.space.owner'), dataIndex: 'providerName', render: (name: string | null) => name ?? t('consoleSpaces.space.platform') },
    {
      title: t('consoleSpaces.space.status'),
      dataIndex: 'status',
      render: (status: EnterpriseRow['status'], row: EnterpriseRow) => (
        <span>
          <StatusTag status={status} /> {row.statusReason ?? ''}
        </span>
      ),
    },
    { title: t('consoleSpaces.space.members'), dataIndex: 'members', width: 90 },
    {
      title: t('consoleSpaces.space.quotas'),
      dataIndex: 'quotas',
      render: (q: EnterpriseRow['quotas']) =>
        t('consoleSpaces.space.quotaLine', { members: quotaText(t, q.members), apps: quotaText(t, q.apps), storage: quotaText(t, q.storageMb) }),
    },
    { title: t('consoleSpaces.space.createdAt'), dataIndex: 'createdAt', width: 120, render: (at: string) => new Date(at).toLocaleDateString(i18n.language) },
    {
      title: t('consoleSpaces.actions'),
      dataIndex: 'actions',
      width: 140,
      render: (_: unknown, row: EnterpriseRow) => (
        <Space size="mini">
          <Button size="mini" type="text" onClick={() => navigate(PATHS.space(row.id))}>
            {t('consoleSpaces.space.view')}
          </Button>
          <Button size="mini" type="text" onClick={() => navigate(PATHS.editEnterprise(row.id))} data-testid={`space-edit-${row.id}`}>
            {t('consoleSpaces.edit')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card
        title={t('consoleSpaces.space.listTitle')}
        extra={
          <Button type="primary" icon={<IconPlus />} onClick={() => navigate(PATHS.addEnterprise)} data-testid="space-new">
            {t('consoleSpaces.space.new')}
          </Button>
        }
        data-testid="space-list"
      >
        <Form layout="inline" className="qp-gap" onSubmit={() => setApplied(filters)}>
          <Form.Item label={t('consoleSpaces.space.owner')}>
            <Select allowClear style={{ width: 200 }} value={filters.provider} onChange={(provider?: string) => setFilters({ ...filters, provider })} aria-label={t('consoleSpaces.space.owner')} data-testid="space-filter-provider"
              options={[{ value: 'platform', label: t('consoleSpaces.space.platform') }, ...(providers ?? []).map((p) => ({ value: p.id, label: p.name }))]} />
          </Form.Item>
          <Form.Item label={t('consoleSpaces.space.status')}>
            <Select allowClear style={{ width: 140 }} value={filters.status} onChange={(status?: EnterpriseRow['status']) => setFilters({ ...filters, status })} aria-label={t('consoleSpaces.space.status')}
              options={(['active', 'suspended', 'archived'] as const).map((s) => ({ value: s, label: t(`consoleSpaces.status.${s}`) }))} />
          </Form.Item>
          <Form.Item label={t('consoleSpaces.space.search')}>
            <Input allowClear style={{ width: 200 }} value={filters.q ?? ''} onChange={(q) => setFilters({ ...filters, q })} aria-label={t('consoleSpaces.space.search')} data-testid="space-filter-q" />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="space-filter-apply">
            {t('consoleSpaces.space.apply')}
          </Button>
        </Form>
        {error && <Alert type="error" content={error} className="qp-gap" />}
        <Table rowKey="id" columns={columns} data={rows ?? []} loading={!rows && !error} pagination={{ pageSize: 20, hideOnSinglePage: true }} noDataElement={t('consoleSpaces.space.empty')} data-testid="space-rows" />
      </Card>
      <SpaceRequests providers={providers ?? []} onApproved={() => setRound((n) => n + 1)} />
    </>
  );
}
