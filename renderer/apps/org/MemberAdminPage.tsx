import { Alert, Button, Card, Input, Modal, Popconfirm, Message, Select, Space, Table, Tabs, Tag, Typography } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rolesFor } from '../../../shared/permissions.ts';
import type { MemberState } from '../../../shared/org/member.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { GrantRequests } from './GrantRequests.tsx';
import { MemberDialog } from './MemberDialog.tsx';
import { MemberImportModal } from './MemberImportModal.tsx';
import { PlatformRolesDialog } from './PlatformRolesDialog.tsx';
import { InvitationLinkDialog } from './InvitationLinkDialog.tsx';
import { type MemberRow } from './member-api.ts';
import { departmentOptions, useList, type Department, type Post } from './org-api.ts';

const SIZE = 20;
const STATE_COLORS: Record<MemberState, string> = { active: 'green', invited: 'orangered', disabled: 'gray' };
/** companyinfo/newuser and companyinfo/activeuser are this list with a preset filter (decision 0037). */
const RECENT: Record<string, 'joined' | 'signedIn'> = { 'org.companyNewUser': 'joined', 'org.companyActiveUser': 'signedIn' };

type Dialog = { kind: 'duty'; row: MemberRow } | { kind: 'edit'; row: MemberRow | null } | { kind: 'import' } | { kind: 'password'; row: MemberRow } | { kind: 'link'; row: MemberRow; token: string } | null;

/**
 * Members of the space (sysop/memberAdmin; companyinfo/newuser and activeuser as filtered copies): search, filter by
 * department and state, add, edit every §3 field, disable and re-enable, reset a password, invitation links, import.
 * The security reviewer and the auditor see the same list read-only (three-role separation).
 */
export function MemberAdminPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const roles = useAtomValue(sessionAtom)?.roles ?? [];
  const canManage = rolesFor('org.members.manage').some((role) => roles.includes(role));
  const recent = RECENT[match.route.id];
  const departments = useList<Department>('/api/org/departments', 'departments');
  const posts = useList<Post>('/api/org/posts', 'posts');
  const [filter, setFilter] = useState<{ q: string; departmentId?: string; state?: MemberState }>({ q: '' });
  const [page, setPage] = useState(1);
  const [round, setRound] = useState(0);
  const [data, setData] = useState<{ total: number; members: MemberRow[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [password, setPassword] = useState('');

  useEffect(() => {
    let live = true;
    api.get('/api/org/members/list', { params: { ...filter, q: filter.q.trim() || undefined, recent, page, size: SIZE } }).then(
      (answer) => live && (setData(answer.data as { total: number; members: MemberRow[] }), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, filter, recent, page, round]);

  const reload = () => setRound((n) => n + 1);
  const refine = (next: Partial<typeof filter>) => (setFilter({ ...filter, ...next }), setPage(1));
  async function act(work: () => Promise<unknown>) {
    try {
      await work();
      reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
    setDialog(null);
  }
  async function newLink(row: MemberRow) {
    try {
      const answer = await api.post(`/api/org/members/${row.id}/invitation`, {}, { json: true });
      setDialog({ kind: 'link', row, token: (answer.data as { invitation: string }).invitation });
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const columns = [
    { title: t('org.member.name'), dataIndex: 'name' },
    { title: t('org.member.loginId'), dataIndex: 'loginId' },
    { title: t('org.member.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
    { title: t('org.member.departments'), dataIndex: 'departments', render: (v: string[]) => v.join(', ') || '—' },
    { title: t('org.member.mainPost'), dataIndex: 'mainPost', render: (v: string | null) => v ?? '—' },
    { title: t('org.member.superior'), dataIndex: 'superior', render: (v: string | null) => v ?? '—' },
    { title: t('org.grants.dutyRoles'), dataIndex: 'roles', render: (v: string[] | undefined) => (v ?? []).filter((r) => r !== 'user').map((r) => <Tag key={r} size="small">{t(`org.platformRole.${r}`)}</Tag>) },
    { title: t('org.members.state'), dataIndex: 'state', render: (v: MemberState) => <Tag color={STATE_COLORS[v]}>{t(`org.members.state.${v}`)}</Tag> },
    { title: t('org.members.lastSignIn'), dataIndex: 'lastSignIn', render: (v: string | null) => (v ? new Date(v).toLocaleString() : '—') },
    ...(canManage ? [{
      title: t('org.posts.actions'),
      dataIndex: 'id',
      render: (_: string, row: MemberRow) => (
        <Space size="mini" wrap>
          <Button size="mini" onClick={() => setDialog({ kind: 'edit', row })} data-testid={`member-edit-${row.loginId}`}>{t('org.posts.edit')}</Button>
          <Button size="mini" onClick={() => setDialog({ kind: 'duty', row })} data-testid={`member-duty-${row.loginId}`}>{t('org.grants.dutyRoles')}</Button>
          {row.state === 'invited' && <Button size="mini" onClick={() => newLink(row)} data-testid={`member-link-${row.loginId}`}>{t('org.members.invitationLink')}</Button>}
          {row.state !== 'invited' && <Button size="mini" onClick={() => (setPassword(''), setDialog({ kind: 'password', row }))} data-testid={`member-password-${row.loginId}`}>{t('org.members.resetPassword')}</Button>}
          <Popconfirm title={t(row.state === 'disabled' ? 'org.members.enableConfirm' : 'org.members.disableConfirm', { name: row.name })}
            onOk={() => act(() => api.put(`/api/org/members/${row.id}/status`, { status: row.state === 'disabled' ? 'active' : 'disabled' }, { json: true }))}>
            <Button size="mini" status={row.state === 'disabled' ? 'success' : 'warning'} data-testid={`member-toggle-${row.loginId}`}>
              {t(row.state === 'disabled' ? 'org.members.enable' : 'org.members.disable')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    }] : []),
  ];

  return (
    <Card title={t(recent ? `org.members.title.${recent}` : 'org.members.title')} data-testid="member-admin">
      <Tabs defaultActiveTab="members" lazyload>
      <Tabs.TabPane key="members" title={t('org.members.tab')}>
      <Space wrap className="qp-gap">
        <Input.Search allowClear placeholder={t('org.members.searchPlaceholder')} aria-label={t('org.members.searchPlaceholder')} style={{ width: 240 }}
          onSearch={(q) => refine({ q })} onClear={() => refine({ q: '' })} data-testid="member-search" />
        <Select allowClear showSearch placeholder={t('org.member.department')} style={{ width: 200 }} value={filter.departmentId} aria-label={t('org.member.department')}
          options={departmentOptions(departments.items ?? [])} onChange={(departmentId?: string) => refine({ departmentId })} />
        <Select allowClear placeholder={t('org.members.state')} style={{ width: 140 }} value={filter.state} aria-label={t('org.members.state')}
          options={(['active', 'invited', 'disabled'] as const).map((s) => ({ value: s, label: t(`org.members.state.${s}`) }))} onChange={(state?: MemberState) => refine({ state })} />
        {canManage && <Button type="primary" onClick={() => setDialog({ kind: 'edit', row: null })} data-testid="member-add">{t('org.members.add')}</Button>}
        {canManage && <Button onClick={() => setDialog({ kind: 'import' })} data-testid="member-import-open">{t('org.members.import')}</Button>}
      </Space>
      {!canManage && <Alert className="qp-gap" content={t('org.members.readOnly')} />}
      {error && <Alert type="error" className="qp-gap" content={error} closable onClose={() => setError(null)} data-testid="member-list-error" />}
      <Table rowKey="id" columns={columns} data={data?.members ?? []} loading={!data && !error} noDataElement={t('org.members.empty')}
        pagination={{ current: page, pageSize: SIZE, total: data?.total ?? 0, onChange: setPage, showTotal: true }} data-testid="member-table" />
      </Tabs.TabPane>
      {!recent && <Tabs.TabPane key="grants" title={t('org.grants.tab')}><GrantRequests /></Tabs.TabPane>}
      </Tabs>
      {dialog?.kind === 'duty' && <PlatformRolesDialog row={dialog.row} onClose={() => setDialog(null)} onFiled={() => (setDialog(null), Message.info(t('org.grants.filed')))} />}
      {dialog?.kind === 'edit' && (
        <MemberDialog row={dialog.row} departments={departments.items ?? []} posts={posts.items ?? []} onClose={() => setDialog(null)}
          onSaved={(created) => {
            reload();
            setDialog(created?.invitation ? { kind: 'link', row: { id: created.id } as MemberRow, token: created.invitation } : null);
          }} />
      )}
      {dialog?.kind === 'import' && <MemberImportModal spaceUri={match.spaceUri} onClose={() => setDialog(null)} onImported={reload} />}
      {dialog?.kind === 'password' && (
        <Modal visible title={t('org.members.resetPasswordOf', { name: dialog.row.name })} onCancel={() => setDialog(null)} okText={t('org.structure.save')} cancelText={t('org.structure.cancel')}
          onOk={() => api.put(`/api/org/members/${dialog.row.id}/password`, { password }, { json: true }).then(() => (setDialog(null), setError(null)), (f: Error) => setError(f.message))}>
          <Typography.Paragraph>{t('org.members.resetPasswordHint')}</Typography.Paragraph>
          {error && <Alert type="error" className="qp-gap" content={error} data-testid="member-password-error" />}
          <Input.Password value={password} onChange={setPassword} maxLength={128} autoComplete="new-password" aria-label={t('org.member.password')} data-testid="member-new-password" />
        </Modal>
      )}
      {dialog?.kind === 'link' && (
        <InvitationLinkDialog row={dialog.row} token={dialog.token} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
