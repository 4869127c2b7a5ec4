import { Alert, Button, Card, Empty, Input, Popconfirm, Space, Table, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BoardDraft } from '../../../../shared/dashboards/model.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { BoardInfoDialog } from './BoardInfoDialog.tsx';
import { newDashboard } from './board-model.ts';
import { boardsApi, type BoardSummary } from './boards-api.ts';
import { dashboardPath } from './paths.ts';
import { useBoardList } from './use-board-list.ts';

/**
 * The dashboards the member may open (`dashboard`, and `console/tmp/dashboard` for admins): search by name, open,
 * create (then straight into edit mode), copy, delete. Editing is on the open dashboard.
 */
export function DashboardList({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const list = useBoardList('dashboard', search);
  const calls = boardsApi(api);

  const act = (work: () => Promise<unknown>) => () => void work().then(list.reload, (failure: Error) => list.setError(failure.message));
  async function create(draft: BoardDraft) {
    const board = await calls.create(draft);
    setCreating(false);
    navigate(`${dashboardPath(match, board.id)}&edit=1`);
  }

  const when = (at: string) => new Date(at).toLocaleString();
  const columns: TableColumnProps<BoardSummary>[] = [
    {
      title: t('dashboards.boards.info.name'),
      render: (_, row) => (
        <a href={dashboardPath(match, row.id)} data-testid={`dashboard-open-${row.id}`} className="qp-boards-name">
          {row.name}
        </a>
      ),
    },
    { title: t('dashboards.boards.info.description'), render: (_, row) => row.description || '—' },
    { title: t('dashboards.boards.list.items'), render: (_, row) => row.items },
    { title: t('dashboards.boards.list.creator'), render: (_, row) => row.createdByName },
    { title: t('dashboards.boards.list.updated'), render: (_, row) => when(row.updatedAt) },
    {
      title: t('dashboards.boards.actions'),
      render: (_, row) => (
        <Space size="mini" wrap>
          <Button size="mini" onClick={act(() => calls.copy(row.id))} data-testid={`dashboard-copy-${row.id}`}>{t('dashboards.boards.copy')}</Button>
          {row.canEdit && (
            <Popconfirm title={t('dashboards.boards.list.deleteConfirm', { name: row.name })} onOk={act(() => calls.remove(row.id))}>
              <Button size="mini" status="danger" data-testid={`dashboard-delete-${row.id}`}>{t('dashboards.boards.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const empty = list.items !== null && list.items.length === 0 && !search.trim();
  return (
    <Card title={<h1 className="qp-boards-title">{t(match.route.title)}</h1>} data-testid="dashboard-list">
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Space wrap>
          <Input.Search allowClear placeholder={t('dashboards.boards.list.search')} onSearch={setSearch} onClear={() => setSearch('')} style={{ width: 280 }} aria-label={t('dashboards.boards.list.search')} data-testid="dashboard-search" />
          <Button type="primary" onClick={() => setCreating(true)} data-testid="dashboard-create">{t('dashboards.boards.list.create')}</Button>
        </Space>
        {list.error && <Alert type="error" content={list.error} closable onClose={() => list.setError(null)} data-testid="dashboard-list-error" />}
        {empty ? (
          <Empty description={t('dashboards.boards.list.empty')} data-testid="dashboard-empty" />
        ) : (
          <Table rowKey="id" loading={list.items === null} data={list.items ?? []} columns={columns} pagination={false} noDataElement={t('dashboards.boards.list.noMatch')} data-testid="dashboard-table" />
        )}
        {list.next && (
          <Button long loading={list.busy} onClick={() => void list.more()} data-testid="dashboard-more">{t('dashboards.boards.more')}</Button>
        )}
        <Typography.Text type="secondary">{t('dashboards.boards.list.hint')}</Typography.Text>
      </Space>
      {creating && <BoardInfoDialog title={t('dashboards.boards.list.createTitle')} initial={newDashboard('')} onSave={create} onClose={() => setCreating(false)} />}
    </Card>
  );
}
