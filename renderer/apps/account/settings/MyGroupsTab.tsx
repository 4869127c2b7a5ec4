import { Alert, Button, Form, Input, Message, Modal, Popconfirm, Space, Spin, Table, Tag, Typography } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SELF_GROUPS_PATH, SELF_GROUP_LIMITS, type SelfGroups } from '../../../../shared/api/org-self.ts';
import { letters } from '../../../../shared/org/member.ts';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { TransportError } from '../../../kernel/transport.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';
import './my-info.css';

type Mine = SelfGroups['mine'][number];
interface Editing {
  id: string | null;
  name: string;
  scope: PickedItem[];
}
interface Problem {
  field: string | null;
  text: string;
}

/**
 * Personal settings "User groups" (§2.8, §3, §5; decision 0062): the member's own private groups — name
 * and user scope, chosen with the people picker — which nobody else sees here, and the space's public groups, kept
 * by the administrator and shown read-only with whether he is in them.
 */
export function MyGroupsTab() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [groups, setGroups] = useState<SelfGroups | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () =>
    api.get<SelfGroups>(SELF_GROUPS_PATH).then(
      (answer) => (setGroups(answer.data), setLoadError(null)),
      (failure: Error) => setLoadError(failure.message),
    );
  useEffect(() => void load(), [api]); // eslint-disable-line react-hooks/exhaustive-deps

  const open = (group?: Mine) => {
    setProblem(null);
    setEditing({ id: group?.id ?? null, name: group?.name ?? '', scope: (group?.members ?? []).map((m) => ({ kind: 'member', id: m.id, name: m.name })) });
  };

  async function save() {
    if (!editing) return;
    // §5, the same two rules the server applies: "name required", "user scope required".
    const name = editing.name.trim();
    if (!name) return setProblem({ field: 'name', text: t('orgSelf.groups.nameRequired') });
    if (letters(name) > SELF_GROUP_LIMITS.name) return setProblem({ field: 'name', text: t('validation.tooLong', { field: t('orgSelf.groups.name'), limit: SELF_GROUP_LIMITS.name }) });
    if (!editing.scope.length) return setProblem({ field: 'memberIds', text: t('orgSelf.groups.scopeRequired') });
    setBusy(true);
    setProblem(null);
    try {
      const body = { name, memberIds: editing.scope.map((m) => m.id) };
      const answer = editing.id ? await api.put<SelfGroups>(`${SELF_GROUPS_PATH}/${editing.id}`, body, { json: true }) : await api.post<SelfGroups>(SELF_GROUPS_PATH, body, { json: true });
      setGroups({ mine: answer.data.mine, public: answer.data.public });
      setEditing(null);
      Message.success(t('orgSelf.groups.saved'));
    } catch (failure) {
      const field = failure instanceof TransportError ? ((failure.data as { field?: string } | null)?.field ?? null) : null;
      setProblem({ field, text: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  }
  async function remove(group: Mine) {
    try {
      const answer = await api.delete<SelfGroups>(`${SELF_GROUPS_PATH}/${group.id}`);
      setGroups(answer.data);
      Message.success(t('orgSelf.groups.deleted'));
    } catch (failure) {
      setLoadError((failure as Error).message);
    }
  }

  if (loadError && !groups) return <Alert type="error" content={loadError} action={<Button size="mini" onClick={() => void load()}>{t('common.retry')}</Button>} data-testid="my-groups-error" />;
  if (!groups) return <Spin data-testid="my-groups-loading" />;

  const mineColumns = [
    { title: t('orgSelf.groups.name'), dataIndex: 'name' },
    { title: t('orgSelf.groups.type'), dataIndex: 'id', render: () => <Tag>{t('orgSelf.groups.private')}</Tag> },
    { title: t('orgSelf.groups.scope'), dataIndex: 'members', render: (members: Mine['members']) => members.map((m) => m.name).join('、') },
    {
      title: '',
      dataIndex: 'actions',
      render: (_: unknown, group: Mine) => (
        <Space>
          <Button size="mini" onClick={() => open(group)} data-testid={`my-group-edit-${group.name}`}>{t('orgSelf.groups.edit')}</Button>
          <Popconfirm title={t('orgSelf.groups.deleteConfirm', { name: group.name })} onOk={() => void remove(group)}>
            <Button size="mini" status="danger" data-testid={`my-group-delete-${group.name}`}>{t('orgSelf.groups.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const publicColumns = [
    { title: t('orgSelf.groups.name'), dataIndex: 'name' },
    { title: t('orgSelf.groups.type'), dataIndex: 'id', render: () => <Tag color="arcoblue">{t('orgSelf.groups.publicType')}</Tag> },
    { title: t('orgSelf.groups.members'), dataIndex: 'members', render: (count: number) => t('orgSelf.groups.memberCount', { count }) },
    { title: '', dataIndex: 'joined', render: (joined: boolean) => (joined ? <Tag color="green">{t('orgSelf.groups.joined')}</Tag> : <Typography.Text type="secondary">{t('orgSelf.groups.notJoined')}</Typography.Text>) },
  ];
  const errorOf = (field: string) => (problem?.field === field ? problem.text : undefined);

  return (
    <div className="qp-my-groups" data-testid="my-groups">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <h2>{t('orgSelf.groups.mine')}</h2>
        <Button type="primary" size="small" onClick={() => open()} data-testid="my-group-add">{t('orgSelf.groups.add')}</Button>
      </Space>
      {loadError && <Alert type="error" content={loadError} />}
      <Table rowKey="id" columns={mineColumns} data={groups.mine} pagination={false} noDataElement={t('orgSelf.groups.emptyMine')} data-testid="my-groups-mine" />
      <h2>{t('orgSelf.groups.public')}</h2>
      <Typography.Text type="secondary">{t('orgSelf.groups.publicHint')}</Typography.Text>
      <Table rowKey="id" columns={publicColumns} data={groups.public} pagination={false} noDataElement={t('orgSelf.groups.emptyPublic')} data-testid="my-groups-public" />
      {editing && (
        <Modal visible title={editing.id ? t('orgSelf.groups.edit') : t('orgSelf.groups.add')} confirmLoading={busy} onOk={() => void save()} onCancel={() => setEditing(null)} okText={t('orgSelf.groups.save')} cancelText={t('orgSelf.groups.cancel')} okButtonProps={{ 'data-testid': 'my-group-save' } as object}>
          <Form layout="vertical">
            <Form.Item label={t('orgSelf.groups.name')} required validateStatus={errorOf('name') ? 'error' : undefined} help={errorOf('name')}>
              <Input value={editing.name} maxLength={SELF_GROUP_LIMITS.name} onChange={(name) => (setEditing({ ...editing, name }), setProblem(null))} aria-label={t('orgSelf.groups.name')} data-testid="my-group-name" />
            </Form.Item>
            <Form.Item label={t('orgSelf.groups.scope')} required validateStatus={errorOf('memberIds') ? 'error' : undefined} help={errorOf('memberIds')}>
              <OrgPicker kinds={['member']} multiple value={editing.scope} onChange={(scope) => (setEditing({ ...editing, scope }), setProblem(null))} placeholder={t('orgSelf.groups.pick')} testId="my-group-scope" />
            </Form.Item>
          </Form>
          {problem && !problem.field && <Alert type="error" content={problem.text} data-testid="my-group-error" />}
        </Modal>
      )}
    </div>
  );
}
