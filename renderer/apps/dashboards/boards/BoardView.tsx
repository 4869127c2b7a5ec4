import { Alert, Button, Message, Result, Space, Spin, Tooltip, Typography } from '@arco-design/web-react';
import { IconArrowLeft, IconEdit, IconRefresh } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BoardItem } from '../../../../shared/dashboards/model.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import { queryOne } from '../../../shell/paths.ts';
import { AddChartDialog } from './AddChartDialog.tsx';
import { BoardEditBar } from './BoardEditBar.tsx';
import { BoardGrid } from './BoardGrid.tsx';
import { addGridItem, applyGridLayout, removeItem, rowKeys, updateItem } from './board-model.ts';
import { boardsApi } from './boards-api.ts';
import { BoardSettings, refreshLabel } from './BoardSettings.tsx';
import { ChartCard } from './ChartCard.tsx';
import { FilterBar } from './FilterBar.tsx';
import { FilterDialog, useFormFields } from './FilterDialog.tsx';
import { candidateOf, filterCandidates, filterValues, type ControlValue } from './global-filters.ts';
import { ClockItem, DeviceItem, TextItem } from './ItemBodies.tsx';
import { useBoardLive, useEvery } from './live.ts';
import { dashboardPath, newChartPath } from './paths.ts';
import { useBoard } from './use-board.ts';
import { useDeviceValues } from './use-device-values.ts';

/**
 * One dashboard open (`dashboard?id=`): its grid of charts with the global filters, refreshed automatically every
 * `refreshSeconds` and live when records of its forms change (the `forms.records` push, debounced), drill-down from
 * a group to its records, and — for its editors — edit mode (`&edit=1` opens in it): settings, charts and texts
 * placed on the grid, filters, saved with the version read.
 */
export function BoardView({ match, boardId }: { match: RouteMatch; boardId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const state = useBoard(boardId);
  const { board, draft, charts } = state;
  const [controls, setControls] = useState<Record<string, ControlValue>>({});
  const [dialog, setDialog] = useState<'chart' | 'filter' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const editing = !!draft;
  const items = draft?.items ?? board?.items ?? [];
  const filters = draft?.filters ?? board?.filters ?? [];

  // `&edit=1` (a board just created): straight into edit mode once loaded, for its editors.
  const wantsEdit = queryOne(match, 'edit') === '1';
  const { startEditing } = state;
  const editable = !!board?.canEdit;
  // Once per board, not on each new board object: a save must not put the page back into edit mode.
  useEffect(() => {
    if (wantsEdit && editable) startEditing();
  }, [wantsEdit, editable, board?.id]);

  const chartForms = useMemo(() => new Map(Object.entries(charts).flatMap(([id, a]) => (a.ok ? [[id, a.chart.query.formId] as const] : []))), [charts]);
  const formIds = useMemo(() => new Set(chartForms.values()), [chartForms]);
  // The forms' fields: for the filter dialog, and the options of select-like filters while viewing.
  const forms = useFormFields(editing || filters.length > 0 ? [...formIds] : []);
  const candidates = useMemo(() => filterCandidates(forms ?? []), [forms]);
  const values = useMemo(() => filterValues(filters, controls), [filters, controls]);
  const valuesKey = JSON.stringify(values);
  const { refresh } = state;
  const [applied, setApplied] = useState('{}');
  // The first read is the board's own (use-board.ts); a read here only when the filter values really changed.
  useEffect(() => {
    if (valuesKey === applied) return;
    setApplied(valuesKey);
    void refresh(JSON.parse(valuesKey));
  }, [valuesKey, applied, refresh]);

  const devices = useDeviceValues(items);
  useBoardLive({ formIds, onRecords: () => void refresh(), onDevice: devices.accept });
  useEvery(board?.refreshSeconds ?? 0, () => void refresh());

  const drill = useCallback(
    async (chartId: string, row: number) => {
      const answer = charts[chartId];
      if (!answer?.ok || editing) return;
      try {
        const { href } = await boardsApi(api).drill(chartId, rowKeys(answer.result.keys, row), values, boardId);
        navigate(href);
      } catch (failure) {
        Message.error((failure as Error).message);
      }
    },
    [api, charts, values, boardId, editing, navigate],
  );

  if (state.loadFailure) {
    const gone = state.loadFailure.status === 404;
    return (
      <Result status={gone ? '404' : 'error'} title={state.loadFailure.message} data-testid="board-load-failed"
        extra={<Button href={dashboardPath(match)}>{t('dashboards.boards.view.backToList')}</Button>}
      />
    );
  }
  if (!board) return <Spin block className="qp-board-loading" />;

  const render = (item: BoardItem, height: number) => {
    if (item.kind === 'chart' && item.chartId)
      return <ChartCard chartId={item.chartId} answer={charts[item.chartId]} match={match} boardId={boardId} filters={values} theme="light" height={Math.max(80, height - 40)} onDrill={editing ? undefined : drill} />;
    if (item.kind === 'text') return <TextItem item={item} />;
    if (item.kind === 'clock') return <ClockItem item={item} />;
    if (item.kind === 'device') return <DeviceItem item={item} value={devices.values.get(item.topic?.trim() ?? '')} />;
    return null;
  };
  const add = (item: Omit<BoardItem, 'id' | 'place'>) => {
    if (!draft) return;
    const result = addGridItem(draft, item);
    if ('refused' in result) return setNotice(t('dashboards.boards.edit.tooMany', { max: 60 }));
    state.change(result.draft);
  };
  const problemAt = (index: number) => {
    const found = state.problems.find((p) => p.path === `items.${index}` || p.path.startsWith(`items.${index}.`));
    return found ? t(found.key, found.params) : null;
  };

  return (
    <div className="qp-board" data-testid="board-view" data-board={board.id}>
      <header className="qp-board-head">
        <Button type="text" icon={<IconArrowLeft />} href={dashboardPath(match)} aria-label={t('dashboards.boards.view.backToList')} data-testid="board-back" />
        <div className="qp-board-heading">
          <h1 className="qp-board-title" data-testid="board-title">{draft?.name || board.name}</h1>
          {board.description && !editing && <Typography.Text type="secondary">{board.description}</Typography.Text>}
        </div>
        {!editing && (
          <Space wrap>
            <span className="qp-board-updated" data-testid="board-updated">
              {state.fetchedAt ? t('dashboards.boards.view.updated', { time: state.fetchedAt.toLocaleTimeString() }) : ''}
              {board.refreshSeconds > 0 && ` · ${refreshLabel(t, board.refreshSeconds)}`}
            </span>
            <Tooltip content={t('dashboards.boards.view.refresh')}>
              <Button icon={<IconRefresh />} loading={state.fetching} onClick={() => void refresh()} aria-label={t('dashboards.boards.view.refresh')} data-testid="board-refresh-now" />
            </Tooltip>
            {board.canEdit && <Button type="primary" icon={<IconEdit />} onClick={startEditing} data-testid="board-edit">{t('dashboards.boards.edit.start')}</Button>}
          </Space>
        )}
      </header>
      {editing && draft && (
        <>
          <BoardEditBar
            busy={state.busy}
            dirty={state.dirty}
            problems={state.problems}
            serverMessage={state.serverMessage}
            onSave={() => void state.save().then((saved) => saved && Message.success(t('dashboards.boards.edit.saved')))}
            onCancel={state.stopEditing}
            onAddChart={() => setDialog('chart')}
            onAddText={() => add({ kind: 'text', text: '' })}
            newChartHref={newChartPath(match)}
          />
          <BoardSettings draft={draft} problems={state.problems} onChange={state.change} />
        </>
      )}
      {notice && <Alert type="warning" content={notice} closable onClose={() => setNotice(null)} />}
      {state.dataError && <Alert type="error" content={state.dataError} data-testid="board-data-error" />}
      <FilterBar
        filters={filters}
        controls={controls}
        candidateOf={(filter) => candidateOf(filter, forms ?? [], candidates)}
        editing={editing}
        onControl={(id, value) => setControls((old) => { const next = { ...old }; if (value) next[id] = value; else delete next[id]; return next; })}
        onRemove={(id) => draft && state.change({ ...draft, filters: draft.filters.filter((f) => f.id !== id) })}
        onAdd={() => setDialog('filter')}
      />
      {items.length === 0 ? (
        <Result status={null} title={t(editing ? 'dashboards.boards.edit.emptyGrid' : 'dashboards.boards.view.empty')} data-testid="board-empty" />
      ) : (
        <BoardGrid
          items={items}
          editing={editing}
          render={render}
          problemAt={problemAt}
          onLayout={(cells) => draft && state.change(applyGridLayout(draft, cells))}
          onRemove={(id) => draft && state.change(removeItem(draft, id))}
          onText={(id, text) => draft && state.change(updateItem(draft, id, (item) => ({ ...item, text })))}
        />
      )}
      {dialog === 'chart' && <AddChartDialog newChartHref={newChartPath(match)} onClose={() => setDialog(null)} onPick={(chart) => (add({ kind: 'chart', chartId: chart.id }), setDialog(null))} />}
      {dialog === 'filter' && draft && <FilterDialog forms={forms} onClose={() => setDialog(null)} onAdd={(filter) => (state.change({ ...draft, filters: [...draft.filters, filter] }), setDialog(null))} />}
    </div>
  );
}
