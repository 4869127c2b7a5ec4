import { Alert, Button, Card, Empty, Grid, Message, Popconfirm, Space, Spin, Table, Tag, Tree, Typography } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { AddMembersDialog, GroupDialog, RoleDialog, type Role, type RoleGroup } from './RoleDialogs.tsx';
import { useList, type Member } from './org-api.ts';

type Dialog = { kind: 'group'; group: RoleGroup | null } | { kind: 'role'; role: Role | null; groupId: string } | { kind: 'members'; role: Role; sensitive: boolean } | null;

/** A role's members with removal (admin work; a removal needs no approval, only additions to sensitive groups do). */
function RoleMembers(props: { role: Role; round: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.get(`/api/org/roles/${props.role.id}/members`).then(
      (answer) => live && setMembers((answer.data as { members: Member[] }).members),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, props.role.id, props.round]);
  const remove = (member: Member) =>
    api.delete(`/api/org/roles/${props.role.id}/members/${member.id}`).then(props.onChanged, (failure: Error) => setError(failure.message));
  if (error) return <Alert type="error" content={error} />;
  return (
    <Table rowKey="id" data={members ?? []} loading={!members} pagination={{ pageSize: 20 }} noDataElement={t('org.roles.noMembers')} data-testid="role-members"
      columns={[
        { title: t('org.member.name'), dataIndex: 'name' },
        { title: t('org.member.loginId'), dataIndex: 'loginId' },
        {
          title: t('org.posts.actions'),
          dataIndex: 'id',
          render: (_: string, member: Member) => (
            <Popconfirm title={t('org.roles.removeConfirm', { name: member.name, role: props.role.name })} onOk={() => remove(member)}>
              <Button size="mini" status="danger" data-testid={`role-remove-${member.loginId}`}>{t('org.roles.remove')}</Button>
            </Popconfirm>
          ),
        },
      ]} />
  );
}

/**
 * Roles and role groups (spec §2.6 roleManage, enterprise/roleManage, element/roleGroup, console/roleGroup): groups
 * on the left with their roles, the chosen role's members on the right. Groups are public or private (§6); adding
 * someone to a role of a sensitive group files a request for the security reviewer.
 */
export function RoleManagePage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const groups = useList<RoleGroup>('/api/org/role-groups', 'groups');
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const items = groups.items ?? [];
  const role = items.flatMap((g) => g.roles).find((r) => r.id === selected) ?? null;
  const group = role ? items.find((g) => g.id === role.groupId) ?? null : items.find((g) => `g${g.id}` === selected) ?? null;
  const changed = () => (setDialog(null), groups.reload(), setRound((n) => n + 1));
  const remove = (path: string) => api.delete(path).then(() => (setSelected(null), changed()), (failure: Error) => setError(failure.message));

  if (groups.error) return <Alert type="error" content={groups.error} className="qp-gap" />;
  if (!groups.items) return <Spin block loading className="qp-gap" />;
  const treeData = items.map((g) => ({
    key: `g${g.id}`,
    title: <span data-testid={`role-group-${g.name}`}>{g.name} {g.kind === 'private' && <Tag size="small">{t('org.roles.private')}</Tag>} {g.sensitive && <Tag size="small" color="orangered">{t('org.roles.sensitiveTag')}</Tag>}</span>,
    children: g.roles.map((r) => ({ key: r.id, title: <span data-testid={`role-${r.name}`}>{r.name} ({r.members})</span> })),
  }));
  return (
    <Card title={t('org.roles.title')} data-testid="role-manage"
      extra={<Button type="primary" size="small" onClick={() => setDialog({ kind: 'group', group: null })} data-testid="role-group-add">{t('org.roles.addGroup')}</Button>}>
      {error && <Alert type="error" content={error} closable onClose={() => setError(null)} className="qp-gap" />}
      <Grid.Row gutter={16}>
        <Grid.Col span={8}>
          {items.length === 0 ? <Empty description={t('org.roles.empty')} /> : (
            <Tree blockNode defaultExpandedKeys={items.map((g) => `g${g.id}`)} selectedKeys={selected ? [selected] : []} onSelect={(keys) => setSelected(keys[0] ?? null)} treeData={treeData} />
          )}
        </Grid.Col>
        <Grid.Col span={16}>
          {!group && <Empty description={t('org.roles.pick')} />}
          {group && !role && (
            <Space direction="vertical" style={{ width: '100%' }} data-testid="role-group-panel">
              <Typography.Title heading={6}>{group.name}</Typography.Title>
              <Typography.Text type="secondary">{t(group.kind === 'private' ? 'org.roles.privateHint' : 'org.roles.publicHint')}{group.sensitive ? ` ${t('org.roles.sensitiveHint')}` : ''}</Typography.Text>
              <Space>
                <Button type="primary" size="small" onClick={() => setDialog({ kind: 'role', role: null, groupId: group.id })} data-testid="role-add">{t('org.roles.addRole')}</Button>
                <Button size="small" onClick={() => setDialog({ kind: 'group', group })}>{t('org.roles.editGroup')}</Button>
                <Popconfirm title={t('org.roles.deleteGroupConfirm', { name: group.name })} onOk={() => remove(`/api/org/role-groups/${group.id}`)}>
                  <Button size="small" status="danger">{t('org.roles.deleteGroup')}</Button>
                </Popconfirm>
              </Space>
            </Space>
          )}
          {role && group && (
            <Space direction="vertical" style={{ width: '100%' }} data-testid="role-panel">
              <Typography.Title heading={6}>{group.name} / {role.name}</Typography.Title>
              {role.description && <Typography.Text type="secondary">{role.description}</Typography.Text>}
              <Space>
                <Button type="primary" size="small" onClick={() => setDialog({ kind: 'members', role, sensitive: group.sensitive })} data-testid="role-members-add">{t('org.roles.addMembers')}</Button>
                <Button size="small" onClick={() => setDialog({ kind: 'role', role, groupId: group.id })}>{t('org.roles.editRole')}</Button>
                <Popconfirm title={t('org.roles.deleteRoleConfirm', { name: role.name })} onOk={() => remove(`/api/org/roles/${role.id}`)}>
                  <Button size="small" status="danger">{t('org.roles.deleteRole')}</Button>
                </Popconfirm>
              </Space>
              <RoleMembers role={role} round={round} onChanged={changed} />
            </Space>
          )}
        </Grid.Col>
      </Grid.Row>
      {dialog?.kind === 'group' && <GroupDialog group={dialog.group} onClose={() => setDialog(null)} onSaved={changed} />}
      {dialog?.kind === 'role' && <RoleDialog role={dialog.role} groupId={dialog.groupId} groups={items} onClose={() => setDialog(null)} onSaved={changed} />}
      {dialog?.kind === 'members' && (
        <AddMembersDialog role={dialog.role} sensitive={dialog.sensitive} onClose={() => setDialog(null)}
          onSaved={(pending) => (changed(), pending > 0 && Message.info(t('org.grants.filed')))} />
      )}
    </Card>
  );
}
