import { Alert, Checkbox, Form, Input, Modal, Radio, Select } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { useSubmit } from '../../shell/use-submit.ts';
import type { MemberRow } from './member-api.ts';

export interface Role { id: string; groupId: string; name: string; description: string; members: number }
export interface RoleGroup { id: string; name: string; kind: 'public' | 'private'; sensitive: boolean; roles: Role[] }

/** Create or edit a role group: name, public or private (§6), and whether joining it needs the reviewer. */
export function GroupDialog(props: { group: RoleGroup | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState({ name: props.group?.name ?? '', kind: props.group?.kind ?? 'public', sensitive: props.group?.sensitive ?? false });
  const { busy, error, submit } = useSubmit(() => props.onSaved());
  const save = () =>
    submit(() => (props.group ? api.request('patch', `/api/org/role-groups/${props.group.id}`, { body: draft, json: true }) : api.post('/api/org/role-groups', draft, { json: true })));
  return (
    <Modal visible title={props.group ? t('org.roles.editGroup') : t('org.roles.addGroup')} confirmLoading={busy} onOk={save} onCancel={props.onClose} okText={t('org.structure.save')} cancelText={t('org.structure.cancel')}>
      <Form layout="vertical">
        <Form.Item label={t('org.roles.groupName')} required>
          <Input value={draft.name} maxLength={60} onChange={(name) => setDraft({ ...draft, name })} aria-label={t('org.roles.groupName')} data-testid="role-group-name" />
        </Form.Item>
        <Form.Item label={t('org.roles.kind')} extra={t('org.roles.kindHint')}>
          <Radio.Group value={draft.kind} onChange={(kind: 'public' | 'private') => setDraft({ ...draft, kind })} aria-label={t('org.roles.kind')}>
            <Radio value="public">{t('org.roles.public')}</Radio>
            <Radio value="private">{t('org.roles.private')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Checkbox checked={draft.sensitive} onChange={(sensitive: boolean) => setDraft({ ...draft, sensitive })} data-testid="role-group-sensitive">{t('org.roles.sensitive')}</Checkbox>
      </Form>
      {error && <Alert type="error" content={error} className="qp-gap" />}
    </Modal>
  );
}

/** Create or edit a role in a group. */
export function RoleDialog(props: { role: Role | null; groupId: string; groups: RoleGroup[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState({ name: props.role?.name ?? '', description: props.role?.description ?? '', groupId: props.role?.groupId ?? props.groupId });
  const { busy, error, submit } = useSubmit(() => props.onSaved());
  const save = () => submit(() => (props.role ? api.request('patch', `/api/org/roles/${props.role.id}`, { body: draft, json: true }) : api.post('/api/org/roles', draft, { json: true })));
  return (
    <Modal visible title={props.role ? t('org.roles.editRole') : t('org.roles.addRole')} confirmLoading={busy} onOk={save} onCancel={props.onClose} okText={t('org.structure.save')} cancelText={t('org.structure.cancel')}>
      <Form layout="vertical">
        <Form.Item label={t('org.roles.roleName')} required>
          <Input value={draft.name} maxLength={60} onChange={(name) => setDraft({ ...draft, name })} aria-label={t('org.roles.roleName')} data-testid="role-name" />
        </Form.Item>
        <Form.Item label={t('org.roles.group')}>
          <Select value={draft.groupId} onChange={(groupId: string) => setDraft({ ...draft, groupId })} options={props.groups.map((g) => ({ value: g.id, label: g.name }))} aria-label={t('org.roles.group')} />
        </Form.Item>
        <Form.Item label={t('org.roles.description')}>
          <Input.TextArea value={draft.description} maxLength={200} onChange={(description) => setDraft({ ...draft, description })} aria-label={t('org.roles.description')} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} className="qp-gap" />}
    </Modal>
  );
}

/** Add members to a role; for a sensitive group the reason goes to the security reviewer with the request. */
export function AddMembersDialog(props: { role: Role; sensitive: boolean; onClose: () => void; onSaved: (pending: number) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const { busy, error, submit } = useSubmit((pending) => props.onSaved(pending as number));
  const search = (q: string) =>
    void api.get('/api/org/members/list', { params: { q, size: 20, state: 'active' } }).then(
      (answer) => {
        const found = (answer.data as { members: MemberRow[] }).members.map((m) => ({ value: m.id, label: `${m.name} (${m.loginId})` }));
        setOptions((current) => [...current.filter((o) => userIds.includes(o.value)), ...found.filter((f) => !userIds.includes(f.value))]);
      },
      () => undefined,
    );
  const save = () =>
    submit(async () => {
      const answer = await api.post(`/api/org/roles/${props.role.id}/members`, { userIds, ...(props.sensitive ? { reason } : {}) }, { json: true });
      return (answer.data as { pending: string[] }).pending.length;
    });
  return (
    <Modal visible title={t('org.roles.addMembersTo', { name: props.role.name })} confirmLoading={busy} onOk={save} onCancel={props.onClose} okText={t('org.structure.save')} cancelText={t('org.structure.cancel')} okButtonProps={{ disabled: !userIds.length }}>
      <Form layout="vertical">
        <Form.Item label={t('org.roles.members')}>
          <Select mode="multiple" showSearch filterOption={false} onSearch={search} onFocus={() => search('')} value={userIds} onChange={setUserIds} options={options}
            placeholder={t('org.members.searchPlaceholder')} aria-label={t('org.roles.members')} data-testid="role-add-members" />
        </Form.Item>
        {props.sensitive && (
          <Form.Item label={t('org.roles.reason')} required extra={t('org.roles.sensitiveHint')}>
            <Input.TextArea value={reason} maxLength={200} onChange={setReason} aria-label={t('org.roles.reason')} data-testid="role-add-reason" />
          </Form.Item>
        )}
      </Form>
      {error && <Alert type="error" content={error} className="qp-gap" />}
    </Modal>
  );
}
