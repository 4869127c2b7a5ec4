import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { useSubmit } from '../../shell/use-submit.ts';
import { departmentOptions, type Department, type Post } from './org-api.ts';

type Editing = { post?: Post } | null;

/**
 * Posts (spec §2.6 postManage) with their code, department and number of holders: add, edit and delete. With
 * `departmentId` it shows and adds the posts of that department only (the department panel of the structure page).
 */
export function PostTable(props: { posts: Post[]; departments: Department[]; departmentId?: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState({ code: '', name: '', departmentId: '' });
  const { error, setError, busy, submit: run } = useSubmit(() => (setEditing(null), props.onChanged()));
  const shown = props.departmentId ? props.posts.filter((p) => p.departmentId === props.departmentId) : props.posts;
  const departmentName = (id: string) => props.departments.find((d) => d.id === id)?.name ?? id;

  function open(post?: Post) {
    setDraft({ code: post?.code ?? '', name: post?.name ?? '', departmentId: post?.departmentId ?? props.departmentId ?? '' });
    setError(null);
    setEditing({ post });
  }
  const save = () =>
    run(() =>
      editing?.post
        ? api.request('patch', `/api/org/posts/${editing.post.id}`, { body: draft, json: true })
        : api.post('/api/org/posts', draft, { json: true }),
    );

  const columns = [
    { title: t('org.posts.code'), dataIndex: 'code' },
    { title: t('org.posts.name'), dataIndex: 'name' },
    ...(props.departmentId ? [] : [{ title: t('org.posts.department'), dataIndex: 'departmentId', render: (id: string) => departmentName(id) }]),
    { title: t('org.posts.holders'), dataIndex: 'holders', render: (n: string) => Number(n) },
    {
      title: t('org.posts.actions'),
      dataIndex: 'id',
      render: (_: string, post: Post) => (
        <Space>
          <Button size="mini" onClick={() => open(post)} data-testid={`post-edit-${post.code}`}>{t('org.posts.edit')}</Button>
          <Popconfirm title={t('org.posts.deleteConfirm', { name: post.name })} onOk={() => run(() => api.delete(`/api/org/posts/${post.id}`))}>
            <Button size="mini" status="danger" data-testid={`post-delete-${post.code}`}>{t('org.posts.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <div className="qp-gap">
      <Space className="qp-gap">
        <Button type="primary" size="small" onClick={() => open()} disabled={props.departments.length === 0} data-testid="post-add">{t('org.posts.add')}</Button>
      </Space>
      {error && !editing && <Alert type="error" content={error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={shown} pagination={false} noDataElement={t('org.posts.empty')} data-testid="post-table" />
      {editing && (
        <Modal visible title={editing.post ? t('org.posts.edit') : t('org.posts.add')} confirmLoading={busy} onOk={save} onCancel={() => setEditing(null)} okText={t('org.structure.save')} cancelText={t('org.structure.cancel')}>
          <Form layout="vertical">
            <Form.Item label={t('org.posts.name')} required>
              <Input value={draft.name} maxLength={60} onChange={(name) => setDraft({ ...draft, name })} aria-label={t('org.posts.name')} data-testid="post-name" />
            </Form.Item>
            <Form.Item label={t('org.posts.code')} required>
              <Input value={draft.code} maxLength={40} onChange={(code) => setDraft({ ...draft, code })} aria-label={t('org.posts.code')} data-testid="post-code" />
            </Form.Item>
            <Form.Item label={t('org.posts.department')} required>
              <Select showSearch value={draft.departmentId || undefined} onChange={(departmentId: string) => setDraft({ ...draft, departmentId })} options={departmentOptions(props.departments)} aria-label={t('org.posts.department')} data-testid="post-department" />
            </Form.Item>
          </Form>
          {error && <Alert type="error" content={error} data-testid="post-error" />}
        </Modal>
      )}
    </div>
  );
}
