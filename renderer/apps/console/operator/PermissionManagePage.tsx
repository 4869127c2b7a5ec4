import { Card, Checkbox, Message, Table, Tag, Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RolePermissionCell } from '../../../../shared/api/console-operator.ts';
import { ROLES } from '../../../../shared/roles.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { LoadError } from './LoadError.tsx';
import { useRoleTable } from './RootRolePage.tsx';

/**
 * `/root/perMange`: every named permission against the six roles; a tick grants, an untick withdraws, and the
 * access check of every API follows at once (decision 0081). Root's own console permissions stay ticked.
 */
export function PermissionManagePage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useRoleTable();
  const permissions = data?.[0]?.permissions.map((c) => c.permission) ?? [];
  const cell = (role: string, permission: string): RolePermissionCell | undefined => data?.find((r) => r.role === role)?.permissions.find((c) => c.permission === permission);

  async function change(role: string, permission: string, held: boolean) {
    try {
      await api.put(`/api/console/operator/roles/${role}/permissions/${permission}`, { held }, { json: true });
      Message.success(t(held ? 'consoleOperator.perms.granted' : 'consoleOperator.perms.withdrawn', { role: t(`consoleOperator.role.${role}`), permission }));
      await reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const columns = [
    { title: t('consoleOperator.perms.permission'), dataIndex: 'permission', fixed: 'left' as const, width: 240, render: (p: string) => <code>{p}</code> },
    ...ROLES.map((role) => ({
      title: t(`consoleOperator.role.${role}`),
      dataIndex: role,
      width: 110,
      render: (_: unknown, row: { permission: string }) => {
        const c = cell(role, row.permission);
        if (!c) return null;
        const box = (
          <Checkbox checked={c.held} disabled={c.locked} onChange={(held: boolean) => void change(role, row.permission, held)} aria-label={`${role} ${row.permission}`} data-testid={`perm-${role}-${row.permission}`}>
            {c.changed && <Tag size="small" color="orange">{t('consoleOperator.perms.changed')}</Tag>}
          </Checkbox>
        );
        return c.locked ? <Tooltip content={t('consoleOperator.perms.locked')}>{box}</Tooltip> : box;
      },
    })),
  ];
  return (
    <Card title={t('consoleOperator.perms.title')} data-testid="operator-permissions">
      <p className="qp-muted">{t('consoleOperator.perms.hint')}</p>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      <Table rowKey="permission" columns={columns} data={permissions.map((permission) => ({ permission }))} loading={loading} pagination={false} scroll={{ x: 960 }} noDataElement={t('consoleOperator.roles.none')} />
    </Card>
  );
}
