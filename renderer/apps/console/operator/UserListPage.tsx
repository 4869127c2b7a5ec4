import { Button, Card, Input, Message, Popconfirm, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorUserPage, OperatorUserRow } from '../../../../shared/api/console-operator.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { LoadError } from './LoadError.tsx';
import { useLoad } from '../../../shell/use-load.ts';

type State = 'active' | 'locked' | 'invited';

/** The state of an account as a tag: locked by someone, held back by wrong passwords, invited, or active. */
export function UserStateTag({ user }: { user: OperatorUserRow }) {
  const { t, i18n } = useTranslation();
  if (user.status === 'disabled') return <Tag color="red">{t('consoleOperator.users.state.locked')}</Tag>;
  if (user.lockedUntil) return <Tag color="orangered">{t('consoleOperator.users.state.held', { time: new Date(user.lockedUntil).toLocaleTimeString(i18n.language) })}</Tag>;
  if (user.status === 'invited') return <Tag color="arcoblue">{t('consoleOperator.users.state.invited')}</Tag>;
  return <Tag color="green">{t('consoleOperator.users.state.active')}</Tag>;
}

/** `/sysop/user`: every account of the platform, searched and paged; lock and unlock in place (decision 0079). */
export function UserListPage(_: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<{ q: string; state?: State; page: number }>({ q: '', page: 1 });
  const { data, error, loading, reload } = useLoad(
    async () => (await api.get<OperatorUserPage>('/api/console/operator/users', { params: { ...(query.q ? { q: query.q } : {}), ...(query.state ? { state: query.state } : {}), page: String(query.page) } })).data,
    [api, query],
  );

  async function act(user: OperatorUserRow, action: 'lock' | 'unlock') {
    try {
      const answer = await api.post<{ sessionsEnded?: number }>(`/api/console/operator/users/${user.id}/${action}`, {}, { json: true });
      Message.success(action === 'lock' ? t('consoleOperator.users.locked', { n: answer.data.sessionsEnded ?? 0 }) : t('consoleOperator.users.unlocked'));
      await reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const columns = [
    { title: t('consoleOperator.users.loginId'), dataIndex: 'loginId' },
    { title: t('consoleOperator.users.name'), dataIndex: 'name' },
    { title: t('consoleOperator.users.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
    { title: t('consoleOperator.users.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
    { title: t('consoleOperator.users.spaces'), dataIndex: 'spaces', width: 110 },
    { title: t('consoleOperator.users.state'), dataIndex: 'status', render: (_: string, user: OperatorUserRow) => <UserStateTag user={user} /> },
    { title: t('consoleOperator.users.createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleDateString(i18n.language) },
    {
      title: t('consoleOperator.actions'),
      dataIndex: 'id',
      render: (_: string, user: OperatorUserRow) => (
        <Space>
          <a href={`/sysop/user/edit?id=${user.id}`} data-testid={`user-edit-${user.loginId}`}>{t('consoleOperator.users.edit')}</a>
          {user.locked ? (
            <Button size="mini" onClick={() => void act(user, 'unlock')} data-testid={`user-unlock-${user.loginId}`}>{t('consoleOperator.users.unlock')}</Button>
          ) : (
            user.status !== 'invited' && (
              <Popconfirm title={t('consoleOperator.users.lockConfirm', { name: user.name })} onOk={() => act(user, 'lock')} okText={t('consoleOperator.confirm')} cancelText={t('consoleOperator.cancel')}>
                <Button size="mini" status="danger" data-testid={`user-lock-${user.loginId}`}>{t('consoleOperator.users.lock')}</Button>
              </Popconfirm>
            )
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('consoleOperator.users.title')} data-testid="operator-users">
      <p className="qp-muted">{t('consoleOperator.users.hint')}</p>
      <Space className="qp-gap" wrap>
        <Input.Search
          allowClear
          style={{ width: 300 }}
          value={typed}
          onChange={setTyped}
          onSearch={(q) => setQuery({ ...query, q: q.trim(), page: 1 })}
          placeholder={t('consoleOperator.users.search')}
          aria-label={t('consoleOperator.users.search')}
          data-testid="user-search"
        />
        <Select
          style={{ width: 160 }}
          value={query.state ?? 'all'}
          aria-label={t('consoleOperator.users.state')}
          onChange={(state: State | 'all') => setQuery({ ...query, state: state === 'all' ? undefined : state, page: 1 })}
          options={(['all', 'active', 'locked', 'invited'] as const).map((s) => ({ value: s, label: t(`consoleOperator.users.state.${s}`) }))}
        />
      </Space>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      <Table
        rowKey="id"
        columns={columns}
        data={data?.users ?? []}
        loading={loading}
        noDataElement={t('consoleOperator.users.empty')}
        pagination={{
          current: query.page,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showTotal: (total: number) => t('consoleOperator.users.total', { n: total }),
        }}
        onChange={(pagination) => setQuery({ ...query, page: pagination.current ?? 1 })}
        data-testid="user-table"
      />
    </Card>
  );
}
