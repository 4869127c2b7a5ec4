import { Card, Space, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RolePermissionRow } from '../../../../shared/api/console-operator.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { LoadError } from './LoadError.tsx';
import { useLoad } from '../../../shell/use-load.ts';

/** Loads the role × permission table as the kernel applies it now (built-in table with root's changes). */
export function useRoleTable() {
  const { api } = useServices();
  return useLoad(async () => (await api.get<{ roles: RolePermissionRow[] }>('/api/console/operator/roles')).data.roles, [api]);
}

/** `/root/role`: the platform's six roles, their members and the named permissions each holds (decision 0081). */
export function RootRolePage(_: PageProps) {
  const { t } = useTranslation();
  const { data, error, loading, reload } = useRoleTable();
  const columns = [
    { title: t('consoleOperator.roles.role'), dataIndex: 'role', width: 180, render: (role: string) => <span data-testid={`role-${role}`}>{t(`consoleOperator.role.${role}`)} <code>{role}</code></span> },
    { title: t('consoleOperator.roles.members'), dataIndex: 'members', width: 100 },
    {
      title: t('consoleOperator.roles.permissions'),
      dataIndex: 'permissions',
      render: (cells: RolePermissionRow['permissions']) => {
        const held = cells.filter((c) => c.held);
        if (!held.length) return <span className="qp-muted">{t('consoleOperator.roles.none')}</span>;
        return (
          <Space wrap size={4}>
            {held.map((c) => <Tag key={c.permission} color={c.changed ? 'orange' : undefined}>{c.permission}</Tag>)}
          </Space>
        );
      },
    },
  ];
  return (
    <Card title={t('consoleOperator.roles.title')} data-testid="operator-roles">
      <p className="qp-muted">{t('consoleOperator.roles.hint')} <a href="/root/perMange">{t('consoleOperator.perms.title')}</a></p>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      <Table rowKey="role" columns={columns} data={data ?? []} loading={loading} pagination={false} noDataElement={t('consoleOperator.roles.none')} />
    </Card>
  );
}
