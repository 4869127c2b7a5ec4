import { Alert, Button, Card, Descriptions, Grid, Message, Space, Spin, Tabs } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { DepartmentEditor, DepartmentTransfer } from './DepartmentDialogs.tsx';
import { DepartmentMembers } from './DepartmentMembers.tsx';
import { DepartmentTree } from './DepartmentTree.tsx';
import { PostTable } from './PostTable.tsx';
import { UserGroups } from './UserGroups.tsx';
import { useList, type Department, type Member, type Post } from './org-api.ts';

type Dialog = { kind: 'create'; parentId: string | null } | { kind: 'edit' } | { kind: 'merge' | 'delete' } | null;

/**
 * Organisation structure (spec §2.6 sysop/structure, console/orgManage, element/orgManage — one page on every route
 * that names it): the department tree with drag-to-move, the chosen department's details and actions, and its
 * members with their posts.
 */
export function OrgManagePage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const departments = useList<Department>('/api/org/departments', 'departments');
  const members = useList<Member>('/api/org/members', 'members');
  const posts = useList<Post>('/api/org/posts', 'posts');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const all = departments.items ?? [];
  const selected = all.find((d) => d.id === selectedId) ?? null;
  const memberName = (id: string) => members.items?.find((m) => m.id === id)?.name ?? id;

  const done = () => {
    setDialog(null);
    setError(null);
    departments.reload();
    posts.reload();
    Message.success(t('org.structure.saved'));
  };
  async function toggle(d: Department) {
    try {
      await api.request('patch', `/api/org/departments/${d.id}`, { body: { disabled: !d.disabled, updatedAt: d.updatedAt }, json: true });
      departments.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  if (departments.error) return <Alert type="error" content={departments.error} className="qp-gap" />;
  if (!departments.items) return <Spin block loading className="qp-gap" />;
  return (
    <Tabs defaultActiveTab="structure" data-testid="org-tabs">
      <Tabs.TabPane key="structure" title={t('org.structure.title')}>
        <Grid.Row gutter={16}>
          <Grid.Col span={8}>
            <Card title={t('org.structure.title')} extra={<Button type="primary" size="small" onClick={() => setDialog({ kind: 'create', parentId: null })}>{t('org.structure.add')}</Button>}>
              <p className="qp-muted">{t('org.structure.dragHint')}</p>
              {error && <Alert type="error" content={error} className="qp-gap" closable onClose={() => setError(null)} data-testid="structure-error" />}
              <DepartmentTree departments={all} selected={selectedId} onSelect={setSelectedId} onMoved={departments.reload} onError={setError} />
            </Card>
          </Grid.Col>
          <Grid.Col span={16}>
            {!selected ? (
              <Card><Alert content={t('org.structure.pick')} /></Card>
            ) : (
              <Card title={selected.name} data-testid="department-panel" extra={
                <Space wrap>
                  <Button size="small" onClick={() => setDialog({ kind: 'create', parentId: selected.id })}>{t('org.structure.addChild')}</Button>
                  <Button size="small" onClick={() => setDialog({ kind: 'edit' })}>{t('org.structure.rename')}</Button>
                  <Button size="small" onClick={() => toggle(selected)}>{t(selected.disabled ? 'org.structure.enable' : 'org.structure.disable')}</Button>
                  <Button size="small" onClick={() => setDialog({ kind: 'merge' })}>{t('org.structure.merge')}</Button>
                  <Button size="small" status="danger" onClick={() => setDialog({ kind: 'delete' })}>{t('org.structure.delete')}</Button>
                </Space>
              }>
                <Descriptions column={1} className="qp-gap" data={[
                  { label: t('org.structure.code'), value: selected.code },
                  { label: t('org.structure.heads'), value: selected.headIds.map(memberName).join(', ') || '—' },
                  { label: t('org.structure.disabled'), value: selected.disabled ? '✓' : '—' },
                ]} />
                <h3>{t('org.posts.title')}</h3>
                <PostTable posts={posts.items ?? []} departments={all} departmentId={selected.id} onChanged={posts.reload} />
                <h3>{t('org.structure.members')}</h3>
                <DepartmentMembers department={selected} departments={all} posts={posts.items ?? []} onChanged={posts.reload} />
              </Card>
            )}
          </Grid.Col>
          {dialog?.kind === 'create' && <DepartmentEditor parentId={dialog.parentId} members={members.items ?? []} onClose={() => setDialog(null)} onSaved={done} />}
          {dialog?.kind === 'edit' && selected && <DepartmentEditor department={selected} parentId={selected.parentId} members={members.items ?? []} onClose={() => setDialog(null)} onSaved={done} />}
          {(dialog?.kind === 'merge' || dialog?.kind === 'delete') && selected && (
            <DepartmentTransfer mode={dialog.kind} department={selected} departments={all} onClose={() => setDialog(null)} onDone={() => (setSelectedId(null), done())} />
          )}
        </Grid.Row>
      </Tabs.TabPane>
      <Tabs.TabPane key="groups" title={t('org.groups.title')} data-testid="org-tab-groups">
        <UserGroups members={members.items ?? []} />
      </Tabs.TabPane>
    </Tabs>
  );
}
