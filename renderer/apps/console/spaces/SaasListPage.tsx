import { Alert, Button, Card, Message, Space, Table, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProviderRow } from '../../../../shared/api/console-spaces.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { AddAccountDialog, EditProviderDialog } from './ProviderDialogs.tsx';
import { PATHS, useProviders } from './model.tsx';

/**
 * sysop/saas (spec §2.6, root): the service providers, their saas accounts and how many spaces each owns; root
 * edits, disables or enables one, and adds accounts. A disabled provider's accounts keep their sign-in but lose
 * the provider console.
 */
export function SaasListPage(_props: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const { providers, error } = useProviders(round);
  const [accountFor, setAccountFor] = useState<ProviderRow | null>(null);
  const [editing, setEditing] = useState<ProviderRow | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const reload = () => setRound((n) => n + 1);

  async function toggle(provider: ProviderRow) {
    try {
      await api.request('patch', `/api/console/providers/${provider.id}`, { body: { status: provider.status === 'active' ? 'disabled' : 'active' }, json: true });
      setActionError(null);
      reload();
    } catch (failure) {
      setActionError((failure as Error).message);
    }
  }

  const columns = [
    { title: t('consoleSpaces.provider.id'), dataIndex: 'id', width: 120 },
    { title: t('consoleSpaces.provider.name'), dataIndex: 'name' },
    {
      title: t('consoleSpaces.provider.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: ProviderRow['status']) => <Tag color={status === 'active' ? 'green' : 'gray'}>{t(`consoleSpaces.provider.status.${status}`)}</Tag>,
    },
    {
      title: t('consoleSpaces.provider.spaces'),
      dataIndex: 'spaces',
      width: 110,
      render: (n: number, row: ProviderRow) => (
        <Button type="text" size="mini" onClick={() => navigate(`${PATHS.enterprises}?provider=${row.id}`)} data-testid={`provider-spaces-${row.id}`}>
          {n}
        </Button>
      ),
    },
    {
      title: t('consoleSpaces.provider.accounts'),
      dataIndex: 'accounts',
      render: (accounts: ProviderRow['accounts']) => accounts.map((a) => <Tag key={a.userId}>{`${a.name} (${a.loginId})`}</Tag>),
    },
    { title: t('consoleSpaces.provider.contactName'), dataIndex: 'contactName', render: (_: unknown, row: ProviderRow) => [row.contactName, row.contactPhone, row.contactEmail].filter(Boolean).join(' · ') || '—' },
    { title: t('consoleSpaces.provider.createdAt'), dataIndex: 'createdAt', width: 120, render: (at: string) => new Date(at).toLocaleDateString(i18n.language) },
    {
      title: t('consoleSpaces.actions'),
      dataIndex: 'actions',
      width: 240,
      render: (_: unknown, row: ProviderRow) => (
        <Space size="mini">
          <Button size="mini" type="text" onClick={() => setEditing(row)} data-testid={`provider-edit-${row.id}`}>
            {t('consoleSpaces.edit')}
          </Button>
          <Button size="mini" type="text" onClick={() => setAccountFor(row)} data-testid={`provider-account-${row.id}`}>
            {t('consoleSpaces.provider.addAccountShort')}
          </Button>
          <Button size="mini" type="text" onClick={() => void toggle(row)} data-testid={`provider-toggle-${row.id}`}>
            {t(row.status === 'active' ? 'consoleSpaces.provider.disable' : 'consoleSpaces.provider.enable')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('consoleSpaces.provider.listTitle')}
      extra={
        <Button type="primary" icon={<IconPlus />} onClick={() => navigate(PATHS.addProvider)} data-testid="provider-new">
          {t('consoleSpaces.provider.new')}
        </Button>
      }
      data-testid="provider-list"
    >
      <p className="qp-muted">{t('consoleSpaces.provider.listHint')}</p>
      {(error ?? actionError) && <Alert type="error" content={error ?? actionError} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={providers ?? []} loading={!providers && !error} pagination={false} noDataElement={t('consoleSpaces.provider.empty')} data-testid="provider-rows" />
      <AddAccountDialog
        provider={accountFor}
        onClose={() => setAccountFor(null)}
        onDone={() => {
          Message.success(t('consoleSpaces.provider.accountAdded'));
          setAccountFor(null);
          reload();
        }}
      />
      <EditProviderDialog
        provider={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          reload();
        }}
      />
    </Card>
  );
}
