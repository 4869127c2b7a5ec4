import { Alert, Button, Card, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { DelegationDialog, type DelegationDraft } from './DelegationDialog.tsx';
import { GrantRequests } from './GrantRequests.tsx';

interface Holder {
  userId: string;
  name: string;
  loginId: string;
  status: 'active' | 'disabled';
}
interface DelegablePermission {
  name: string;
  pages: string[];
  holders: Holder[];
}

/**
 * Console page delegation (permissionmanage and console/consolePermission, decision 0045): each row is a group of
 * console pages an administrator may hand to members who are not administrators, with who holds it now. Giving or
 * taking back becomes a request the security reviewer decides; the requests waiting are listed below.
 */
export function PermissionManagePage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [permissions, setPermissions] = useState<DelegablePermission[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<DelegationDraft | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api.get('/api/org/delegations').then(
      (answer) => live && (setPermissions((answer.data as { permissions: DelegablePermission[] }).permissions), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  const holderTag = (permission: string, holder: Holder) => (
    <Tag key={holder.userId} closable color={holder.status === 'active' ? 'arcoblue' : 'gray'} data-testid={`delegate-${permission}-${holder.loginId}`}
      onClose={() => setDraft({ permission, action: 'revoke', member: { userId: holder.userId, name: holder.name } })}>
      {holder.name} ({holder.loginId})
    </Tag>
  );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('org.delegation.title')} data-testid="delegation-page">
        <Typography.Paragraph>{t('org.delegation.intro')}</Typography.Paragraph>
        <Alert type="info" content={t('org.delegation.notDelegableHint')} style={{ marginBottom: 16 }} />
        {error && <Alert type="error" content={error} closable onClose={() => setError(null)} style={{ marginBottom: 16 }} />}
        <Table rowKey="name" data={permissions ?? []} loading={!permissions && !error} pagination={false} data-testid="delegation-table"
          columns={[
            {
              title: t('org.delegation.permission'),
              dataIndex: 'name',
              render: (name: string) => (
                <div>
                  <Typography.Text bold>{t(`org.delegation.perm.${name}`)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block' }}>{t(`org.delegation.desc.${name}`)}</Typography.Text>
                </div>
              ),
            },
            { title: t('org.delegation.pages'), dataIndex: 'pages', render: (pages: string[]) => <Space wrap size="mini">{pages.map((id) => <Tag key={id} size="small">{t(`routes.${id}`)}</Tag>)}</Space> },
            {
              title: t('org.delegation.holders'),
              dataIndex: 'holders',
              render: (holders: Holder[], row: DelegablePermission) =>
                holders.length === 0 ? <Typography.Text type="secondary">{t('org.delegation.nobody')}</Typography.Text> : <Space wrap size="mini">{holders.map((h) => holderTag(row.name, h))}</Space>,
            },
            {
              title: t('org.posts.actions'),
              dataIndex: 'name',
              render: (name: string) => (
                <Button size="mini" icon={<IconPlus />} onClick={() => setDraft({ permission: name, action: 'grant' })} data-testid={`delegate-add-${name}`}>
                  {t('org.delegation.add')}
                </Button>
              ),
            },
          ]} />
      </Card>
      <Card title={t('org.delegation.requests')}>
        <GrantRequests kind="permission" key={round} />
      </Card>
      {draft && <DelegationDialog draft={draft} onClose={() => setDraft(null)} onFiled={() => (setDraft(null), setRound((n) => n + 1))} />}
    </Space>
  );
}
