import { Alert, Button, Form, Modal, Select, Space, Table } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { departmentOptions, type Department, type Post } from './org-api.ts';

interface Row { id: string; name: string; loginId: string; mainPostId: string | null; mainPost: string | null; partTimePostIds: string[] }
type Dialog = { kind: 'move' | 'posts'; row: Row } | null;
const SIZE = 10;

/**
 * A department's members a page at a time (name, login, posts), with moving to another department and setting posts
 * (unless `readOnly`: the structure as members see it).
 */
export function DepartmentMembers(props: { department: Department; departments: Department[]; posts: Post[]; onChanged: () => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; members: Row[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [choice, setChoice] = useState<{ target?: string; main?: string; partTime: string[] }>({ partTime: [] });
  const id = props.department.id;

  useEffect(() => setPage(1), [id]);
  useEffect(() => {
    let live = true;
    api.get(`/api/org/departments/${id}/members`, { params: { page, size: SIZE } }).then(
      (answer) => live && (setData(answer.data as { total: number; members: Row[] }), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, id, page, round]);

  function open(kind: 'move' | 'posts', row: Row) {
    setChoice({ main: row.mainPostId ?? undefined, partTime: row.partTimePostIds, target: undefined });
    setError(null);
    setDialog({ kind, row });
  }
  async function save() {
    if (!dialog) return;
    try {
      if (dialog.kind === 'move') await api.post(`/api/org/members/${dialog.row.id}/move`, { fromId: id, toId: choice.target ?? '' }, { json: true });
      else await api.put(`/api/org/members/${dialog.row.id}/posts`, { mainPostId: choice.main ?? null, partTimePostIds: choice.partTime }, { json: true });
      setDialog(null);
      setRound((n) => n + 1);
      props.onChanged();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const postName = (postId: string) => props.posts.find((p) => p.id === postId)?.name ?? postId;
  const postOptions = props.posts.map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));
  const columns = [
    { title: t('org.structure.memberName'), dataIndex: 'name' },
    { title: t('org.structure.login'), dataIndex: 'loginId' },
    { title: t('org.structure.mainPost'), dataIndex: 'mainPost', render: (v: string | null) => v ?? '—' },
    { title: t('org.structure.partTime'), dataIndex: 'partTimePostIds', render: (v: string[]) => v.map(postName).join(', ') || '—' },
    ...(props.readOnly ? [] : [{
      title: t('org.posts.actions'),
      dataIndex: 'id',
      render: (_: string, row: Row) => (
        <Space>
          <Button size="mini" onClick={() => open('move', row)}>{t('org.structure.moveMember')}</Button>
          <Button size="mini" onClick={() => open('posts', row)} data-testid={`posts-${row.loginId}`}>{t('org.structure.setPosts')}</Button>
        </Space>
      ),
    }]),
  ];
  return (
    <>
      {error && !dialog && <Alert type="error" content={error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={data?.members ?? []} loading={!data && !error} noDataElement={t('org.structure.noMembers')}
        pagination={{ current: page, pageSize: SIZE, total: data?.total ?? 0, onChange: setPage }} data-testid="department-members" />
      {dialog && (
        <Modal visible title={`${dialog.row.name} (${dialog.row.loginId})`} onCancel={() => setDialog(null)} onOk={save} okText={t('org.structure.save')} cancelText={t('org.structure.cancel')}>
          <Form layout="vertical">
            {dialog.kind === 'move' ? (
              <Form.Item label={t('org.structure.moveMember')}>
                <Select showSearch value={choice.target} onChange={(target: string) => setChoice({ ...choice, target })} options={departmentOptions(props.departments, new Set([id]))} aria-label={t('org.structure.moveMember')} data-testid="move-target" />
              </Form.Item>
            ) : (
              <>
                <Form.Item label={t('org.posts.mainPost')}>
                  <Select allowClear showSearch value={choice.main} onChange={(main: string) => setChoice({ ...choice, main })} options={postOptions} aria-label={t('org.posts.mainPost')} data-testid="main-post" />
                </Form.Item>
                <Form.Item label={t('org.posts.partTime')}>
                  <Select mode="multiple" value={choice.partTime} onChange={(partTime: string[]) => setChoice({ ...choice, partTime })} options={postOptions} aria-label={t('org.posts.partTime')} />
                </Form.Item>
              </>
            )}
          </Form>
          {error && <Alert type="error" content={error} />}
        </Modal>
      )}
    </>
  );
}
