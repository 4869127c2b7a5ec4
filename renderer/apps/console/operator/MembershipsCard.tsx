import { Button, Card, Message, Popconfirm, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorMembership } from '../../../../shared/api/console-operator.ts';
import { ROLES, type Role } from '../../../../shared/roles.ts';
import { useServices } from '../../../shell/services.tsx';
import { useLoad } from '../../../shell/use-load.ts';

interface SpaceRow {
  id: string;
  name: string;
  status: string;
}

/** An account's spaces and roles: change the roles of one, remove it, or add the account to another space. */
export function MembershipsCard({ userId, memberships, onChanged }: { userId: string; memberships: OperatorMembership[]; onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const spaces = useLoad(async () => (await api.get<{ spaces: SpaceRow[] }>('/api/console/spaces')).data.spaces, [api]);
  const [edited, setEdited] = useState<Record<string, Role[]>>({});
  const [adding, setAdding] = useState<{ spaceId?: string; roles: Role[] }>({ roles: ['user'] });
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`consoleOperator.role.${role}`) }));

  async function run(work: () => Promise<unknown>) {
    try {
      await work();
      Message.success(t('consoleOperator.saved'));
      setEdited({});
      await onChanged();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }
  async function save(spaceId: string, roles: Role[]) {
    if (!roles.length) Message.error(t('consoleOperator.user.rolesRequired'));
    else await run(() => api.put(`/api/console/users/${userId}/memberships/${spaceId}`, { roles }, { json: true }));
  }

  const columns = [
    { title: t('consoleOperator.user.space'), dataIndex: 'spaceName', render: (name: string, m: OperatorMembership) => `${name} (${m.spaceId})` },
    { title: t('consoleOperator.user.spaceStatus'), dataIndex: 'spaceStatus', render: (v: string) => <Tag>{v}</Tag> },
    { title: t('consoleOperator.user.memberStatus'), dataIndex: 'status', render: (v: string) => <Tag color={v === 'active' ? 'green' : 'red'}>{v}</Tag> },
    {
      title: t('consoleOperator.user.roles'),
      dataIndex: 'roles',
      render: (roles: Role[], m: OperatorMembership) => (
        <Select mode="multiple" style={{ minWidth: 260 }} value={edited[m.spaceId] ?? roles} options={roleOptions} aria-label={t('consoleOperator.user.roles')}
          onChange={(value: Role[]) => setEdited({ ...edited, [m.spaceId]: value })} data-testid={`membership-roles-${m.spaceId}`} />
      ),
    },
    {
      title: t('consoleOperator.actions'),
      dataIndex: 'spaceId',
      render: (spaceId: string, m: OperatorMembership) => (
        <Space>
          <Button size="mini" type="primary" disabled={!edited[spaceId]} onClick={() => void save(spaceId, edited[spaceId]!)} data-testid={`membership-save-${spaceId}`}>{t('consoleOperator.save')}</Button>
          <Popconfirm title={t('consoleOperator.user.removeConfirm', { space: m.spaceName })} onOk={() => run(() => api.delete(`/api/console/users/${userId}/memberships/${spaceId}`))} okText={t('consoleOperator.confirm')} cancelText={t('consoleOperator.cancel')}>
            <Button size="mini" status="danger">{t('consoleOperator.user.remove')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const others = (spaces.data ?? []).filter((s) => !memberships.some((m) => m.spaceId === s.id));

  return (
    <Card title={t('consoleOperator.user.memberships')} className="qp-gap">
      <Table rowKey="spaceId" columns={columns} data={memberships} pagination={false} noDataElement={t('consoleOperator.user.noMemberships')} data-testid="memberships" />
      <Space className="qp-gap" wrap>
        <Select showSearch style={{ width: 260 }} placeholder={t('consoleOperator.user.addSpace')} aria-label={t('consoleOperator.user.addSpace')} value={adding.spaceId}
          onChange={(spaceId: string) => setAdding({ ...adding, spaceId })} options={others.map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))} loading={spaces.loading} />
        <Select mode="multiple" style={{ minWidth: 220 }} value={adding.roles} options={roleOptions} aria-label={t('consoleOperator.user.roles')} onChange={(roles: Role[]) => setAdding({ ...adding, roles })} />
        <Button disabled={!adding.spaceId} onClick={() => adding.spaceId && void save(adding.spaceId, adding.roles).then(() => setAdding({ roles: ['user'] }))}>{t('consoleOperator.user.add')}</Button>
      </Space>
    </Card>
  );
}
