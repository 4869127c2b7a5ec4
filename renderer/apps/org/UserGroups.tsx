import { Alert, Button, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { useSubmit } from '../../shell/use-submit.ts';
import { useList, type Member } from './org-api.ts';

interface Group {
  id: string;
  name: string;
  kind: 'public' | 'private';
  members: string;
}
type Editing = { group?: Group; name: string; kind: Group['kind']; memberIds: string[] } | null;

/**
 * User groups (spec §3: name, type public or private, and the members it covers; §5: name required): groups that
 * record-permission rules, and later portals and messages, address at once. Create, rename, choose members, delete.
 */
export function UserGroups({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const groups = useList<Group>('/api/org/groups', 'groups');
  const [editing, setEditing] = useState<Editing>(null);
  const { error, setError, busy, submit: run } = useSubmit(() => (setEditing(null), groups.reload()));

  async function open(group?: Group) {
    setError(null);
    try {
      const memberIds = group ? (await api.get<{ members: Member[] }>(`/api/org/groups/${group.id}/members`)).data.members.map((m) => m.id) : [];
      setEditing({ group, name: group?.name ?? '', kind: group?.kind ?? 'public', memberIds });
    } catch (failure) {
      setError((failure as Error).message);
    }
  }
  const save = () =>
    run(async () => {
      if (!editing) return;
      if (!editing.name.trim()) throw new Error(t('org.groups.nameRequired'));
      const body = { name: editing.name, kind: editing.kind };
      const id = editing.group
        ? (await api.request<Group>('patch', `/api/org/groups/${editing.group.id}`, { body, json: true })).data.id
        : (await api.post<Group>('/api/org/groups', body, { json: true })).data.id;
      await api.put(`/api/org/groups/${id}/members`, { userIds: editing.memberIds }, { json: true });
    });

  const columns = [
    { title: t('org.groups.name'), dataIndex: 'name' },
    { title: t('org.groups.kind'), dataIndex: 'kind', render: (kind: Group['kind']) => <Tag>{t(`org.groups.kind.${kind}`)}</Tag> },
    { title: t('org.groups.members'), dataIndex: 'members', render: (n: string) => Number(n) },
    {
      title: t('org.posts.actions'),
      dataIndex: 'id',
      render: (_: string, group: Group) => (
        <Space>
          <Button size="mini" onClick={() => void open(group)} data-testid={`group-edit-${group.name}`}>{t('org.posts.edit')}</Button>
          <Popconfirm title={t('org.groups.deleteConfirm', { name: group.name })} onOk={() => run(() => api.delete(`/api/org/groups/${group.id}`))}>
            <Button size="mini" status="danger">{t('org.posts.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="user-groups">
      <Space className="qp-gap">
        <Button type="primary" size="small" onClick={() => void open()} data-testid="group-add">{t('org.groups.add')}</Button>
      </Space>
      {(error ?? groups.error) && !editing && <Alert type="error" content={error ?? groups.error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={groups.items ?? []} loading={!groups.items && !groups.error} pagination={false} noDataElement={t('org.groups.empty')} data-testid="group-table" />
      {editing && (
        <Modal visible title={editing.group ? t('org.posts.edit') : t('org.groups.add')} confirmLoading={busy} onOk={() => void save()} onCancel={() => setEditing(null)} okText={t('org.structure.save')} cancelText={t('org.structure.cancel')}>
          <Form layout="vertical">
            <Form.Item label={t('org.groups.name')} required>
              <Input value={editing.name} maxLength={60} onChange={(name) => setEditing({ ...editing, name })} aria-label={t('org.groups.name')} data-testid="group-name" />
            </Form.Item>
            <Form.Item label={t('org.groups.kind')}>
              <Radio.Group type="button" value={editing.kind} onChange={(kind: Group['kind']) => setEditing({ ...editing, kind })}>
                <Radio value="public">{t('org.groups.kind.public')}</Radio>
                <Radio value="private">{t('org.groups.kind.private')}</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item label={t('org.groups.members')}>
              <Select mode="multiple" showSearch value={editing.memberIds} onChange={(memberIds: string[]) => setEditing({ ...editing, memberIds })} aria-label={t('org.groups.members')} data-testid="group-members"
                options={members.map((m) => ({ value: m.id, label: `${m.name} (${m.loginId})` }))} />
            </Form.Item>
          </Form>
          {error && <Alert type="error" content={error} data-testid="group-error" />}
        </Modal>
      )}
    </div>
  );
}
