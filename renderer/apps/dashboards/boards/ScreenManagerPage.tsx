import { Alert, Button, Card, Input, Popconfirm, Space, Table, type TableColumnProps } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardDraft } from '../../../../shared/dashboards/model.ts';
import { BOARD_LIMITS } from '../../../../shared/dashboards/model.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { BoardInfoDialog } from './BoardInfoDialog.tsx';
import { draftOf, newScreen } from './board-model.ts';
import { boardsApi, type BoardSummary } from './boards-api.ts';
import { screenDesignerPath, screenListPath, screenViewerPath } from './paths.ts';
import { rescaleItems } from './screen-model.ts';
import { useBoardList } from './use-board-list.ts';
import './boards.css';

type Editing = { mode: 'create' } | { mode: 'edit'; draft: BoardDraft; id: string; version: number };

/**
 * Data screen management (`dataview/screenmanager`): the screens the member may open, created with a name, design
 * resolution, theme and who may open and change them; renamed (and re-sized: the layout is scaled with it), copied,
 * deleted; designed and opened, each in its own window.
 */
export function ScreenManagerPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const calls = boardsApi(api);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useBoardList('screen', search);

  const act = (work: () => Promise<unknown>) => () => void work().then(list.reload, (failure: Error) => list.setError(failure.message));
  async function openEdit(row: BoardSummary) {
    try {
      const board = await calls.board(row.id);
      setEditing({ mode: 'edit', draft: draftOf(board), id: board.id, version: board.version });
    } catch (failure) {
      list.setError((failure as Error).message);
    }
  }
  async function save(draft: BoardDraft) {
    if (editing?.mode === 'edit') {
      const before = editing.draft.screen;
      const items = before && draft.screen ? rescaleItems(draft.items, before, draft.screen) : draft.items;
      await calls.save(editing.id, { ...draft, items }, editing.version);
    } else {
      await calls.create(draft);
    }
    setEditing(null);
    list.reload();
  }

  const first = BOARD_LIMITS.screenSizes[0]!;
  const columns: TableColumnProps<BoardSummary>[] = [
    { title: t('dashboards.boards.info.name'), render: (_, row) => <span className="qp-boards-name">{row.name}</span> },
    { title: t('dashboards.boards.info.description'), render: (_, row) => row.description || '—' },
    { title: t('dashboards.boards.list.items'), render: (_, row) => row.items },
    { title: t('dashboards.boards.list.creator'), render: (_, row) => row.createdByName },
    { title: t('dashboards.boards.list.updated'), render: (_, row) => new Date(row.updatedAt).toLocaleString() },
    {
      title: t('dashboards.boards.actions'),
      render: (_, row) => (
        <Space size="mini" wrap>
          {row.canEdit && <Button size="mini" type="primary" href={screenDesignerPath(match, row.id)} data-testid={`screen-design-${row.id}`}>{t('dashboards.boards.screen.design')}</Button>}
          <Button size="mini" href={screenViewerPath(match, row.id)} data-testid={`screen-view-${row.id}`}>{t('dashboards.boards.screen.open')}</Button>
          {row.canEdit && <Button size="mini" onClick={() => void openEdit(row)} data-testid={`screen-edit-${row.id}`}>{t('dashboards.boards.screen.edit')}</Button>}
          <Button size="mini" onClick={act(() => calls.copy(row.id))} data-testid={`screen-copy-${row.id}`}>{t('dashboards.boards.copy')}</Button>
          {row.canEdit && (
            <Popconfirm title={t('dashboards.boards.screen.deleteConfirm', { name: row.name })} onOk={act(() => calls.remove(row.id))}>
              <Button size="mini" status="danger" data-testid={`screen-delete-${row.id}`}>{t('dashboards.boards.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={<h1 className="qp-boards-title">{t('routes.dashboards.screenManager')}</h1>} data-testid="screen-manager">
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Space wrap>
          <Input.Search allowClear placeholder={t('dashboards.boards.screen.search')} onSearch={setSearch} onClear={() => setSearch('')} style={{ width: 280 }} aria-label={t('dashboards.boards.screen.search')} data-testid="screen-search" />
          <Button type="primary" onClick={() => setEditing({ mode: 'create' })} data-testid="screen-create">{t('dashboards.boards.screen.create')}</Button>
          <Button href={screenListPath(match)} data-testid="screen-cards">{t('routes.dashboards.screen')}</Button>
        </Space>
        {list.error && <Alert type="error" content={list.error} closable onClose={() => list.setError(null)} data-testid="screen-manager-error" />}
        <Table rowKey="id" loading={list.items === null} data={list.items ?? []} columns={columns} pagination={false} noDataElement={t(search.trim() ? 'dashboards.boards.list.noMatch' : 'dashboards.boards.screen.empty')} data-testid="screen-table" />
        {list.next && <Button long loading={list.busy} onClick={() => void list.more()}>{t('dashboards.boards.more')}</Button>}
      </Space>
      {editing && (
        <BoardInfoDialog
          title={t(editing.mode === 'create' ? 'dashboards.boards.screen.createTitle' : 'dashboards.boards.screen.editTitle')}
          initial={editing.mode === 'create' ? newScreen('', first, 'dark-blue') : editing.draft}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
