import { Alert, Button, Message, Result, Select, Spin } from '@arco-design/web-react';
import { IconClockCircle, IconEye, IconThunderbolt } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREEN_THEMES, type BoardItem, type ScreenTheme } from '../../../../shared/dashboards/model.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { AddChartDialog } from './AddChartDialog.tsx';
import { BoardEditBar } from './BoardEditBar.tsx';
import { removeItem, updateItem } from './board-model.ts';
import { BoardSettings } from './BoardSettings.tsx';
import { useBoardLive } from './live.ts';
import { idOf, newChartPath, screenManagerPath, screenViewerPath } from './paths.ts';
import { ScreenCanvas } from './ScreenCanvas.tsx';
import { ScreenItemSettings } from './ScreenItemSettings.tsx';
import { ScreenItemView } from './ScreenItemView.tsx';
import { addScreenItem } from './screen-model.ts';
import { NoScreen, ScreenStage } from './ScreenStage.tsx';
import { useBoard } from './use-board.ts';
import { useDeviceValues } from './use-device-values.ts';
import './boards.css';

/**
 * The data screen designer (`dataview/designer?id=`, its own window): the screen at its fixed resolution scaled to
 * fit, items placed and sized in design pixels (charts from the member's charts, titles and notes, the clock, device
 * values by IoT topic), the theme, and the screen's settings; saved with the version read. Values stay live while
 * designing, so what is drawn is what the wall will show.
 */
export function ScreenDesignerPage({ match }: PageProps) {
  const id = idOf(match);
  if (!id) return <NoScreen href={screenManagerPath(match)} />;
  return <ScreenDesigner key={id} match={match} boardId={id} />;
}

function ScreenDesigner({ match, boardId }: PageProps & { boardId: string }) {
  const { t } = useTranslation();
  const { hardNavigate } = useServices();
  const state = useBoard(boardId);
  const { board, draft, charts } = state;
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { startEditing } = state;
  const editable = !!board?.canEdit;
  useEffect(() => {
    if (editable) startEditing();
  }, [editable, board?.id]);
  const devices = useDeviceValues(draft?.items ?? []);
  const formIds = new Set(Object.values(charts).flatMap((a) => (a.ok ? [a.chart.query.formId] : [])));
  useBoardLive({ formIds, onRecords: () => void state.refresh(), onDevice: devices.accept });

  if (state.loadFailure) return <Result status={state.loadFailure.status === 404 ? '404' : 'error'} title={state.loadFailure.message} data-testid="designer-load-failed" />;
  if (!board) return <Spin block />;
  if (!board.canEdit || !board.screen) return <Result status="403" title={t('dashboards.boards.screen.noEdit')} data-testid="designer-no-edit" />;
  if (!draft || !draft.screen) return <Spin block />;
  const stage = draft.screen;

  const add = (item: Omit<BoardItem, 'id' | 'place'>) => {
    const result = addScreenItem(draft, item);
    if ('refused' in result) return setNotice(t('dashboards.boards.edit.tooMany', { max: 60 }));
    state.change(result.draft);
    setSelected(result.id);
  };
  const index = draft.items.findIndex((item) => item.id === selected);
  const current = index >= 0 ? draft.items[index]! : null;
  const problemsOf = (i: number) => state.problems.filter((p) => p.path === `items.${i}` || p.path.startsWith(`items.${i}.`));
  const chartName = (item: BoardItem) => {
    const answer = item.chartId ? charts[item.chartId] : undefined;
    return answer?.ok ? answer.chart.name : item.chartId ? `#${item.chartId}` : null;
  };
  const leave = () => (window.opener ? window.close() : hardNavigate(screenManagerPath(match)));

  return (
    <div className="qp-screen-window qp-screen-designer" data-testid="screen-designer">
      <BoardEditBar
        busy={state.busy}
        dirty={state.dirty}
        problems={state.problems.filter((p) => !p.path.startsWith('items.'))}
        serverMessage={state.serverMessage}
        newChartHref={newChartPath(match)}
        onSave={() => void state.save(true).then((saved) => saved && Message.success(t('dashboards.boards.edit.saved')))}
        onCancel={leave}
        onAddChart={() => setAdding(true)}
        onAddText={() => add({ kind: 'text', text: t('dashboards.boards.designer.newTitle') })}
        extra={
          <>
            <Button icon={<IconClockCircle />} onClick={() => add({ kind: 'clock' })} data-testid="screen-add-clock">{t('dashboards.boards.designer.addClock')}</Button>
            <Button icon={<IconThunderbolt />} onClick={() => add({ kind: 'device', topic: '', text: '' })} data-testid="screen-add-device">{t('dashboards.boards.designer.addDevice')}</Button>
            <Select value={stage.theme} style={{ width: 150 }} onChange={(theme: ScreenTheme) => state.change({ ...draft, screen: { ...stage, theme } })} aria-label={t('dashboards.boards.info.theme')} data-testid="screen-theme">
              {SCREEN_THEMES.map((theme) => <Select.Option key={theme} value={theme}>{t(`dashboards.boards.theme.${theme}`)}</Select.Option>)}
            </Select>
            <Button icon={<IconEye />} href={screenViewerPath(match, board.id)} data-testid="screen-open-viewer">{t('dashboards.boards.screen.open')}</Button>
          </>
        }
      />
      {notice && <Alert type="warning" content={notice} closable onClose={() => setNotice(null)} />}
      <div className="qp-screen-designer-body">
        <ScreenStage size={stage} theme={stage.theme} testId="screen-stage">
          {(scale) => (
            <ScreenCanvas
              items={draft.items}
              stage={stage}
              scale={scale}
              selected={selected}
              onSelect={setSelected}
              onPlace={(id, place) => state.change(updateItem(draft, id, (item) => ({ ...item, place })))}
              problemAt={(i) => problemsOf(i).length > 0}
              render={(item) => (
                <ScreenItemView item={item} answer={item.chartId ? charts[item.chartId] : undefined} device={devices.values.get(item.topic?.trim() ?? '')} theme={stage.theme} match={match} boardId={board.id} designing />
              )}
            />
          )}
        </ScreenStage>
        <aside className="qp-screen-panel" aria-label={t('dashboards.boards.designer.settings')}>
          {current ? (
            <ScreenItemSettings
              key={current.id}
              item={current}
              stage={stage}
              problems={problemsOf(index)}
              chartName={current.kind === 'chart' ? chartName(current) : null}
              onChange={(next) => state.change(updateItem(draft, current.id, () => next))}
              onRemove={() => (state.change(removeItem(draft, current.id)), setSelected(null))}
            />
          ) : (
            <>
              <h2 className="qp-screen-panel-title">{t('dashboards.boards.designer.settings')}</h2>
              <p className="qp-screen-panel-hint">{t('dashboards.boards.designer.hint', { width: stage.width, height: stage.height })}</p>
              <BoardSettings draft={draft} problems={state.problems} onChange={state.change} screen />
            </>
          )}
        </aside>
      </div>
      {adding && <AddChartDialog newChartHref={newChartPath(match)} onClose={() => setAdding(false)} onPick={(chart) => (add({ kind: 'chart', chartId: chart.id }), setAdding(false))} />}
    </div>
  );
}
