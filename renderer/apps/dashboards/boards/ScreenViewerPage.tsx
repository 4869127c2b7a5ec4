import { Button, Result, Space, Spin, Tooltip } from '@arco-design/web-react';
import { IconEdit, IconFullscreen, IconFullscreenExit, IconRefresh } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../types.ts';
import { BoardView } from './BoardView.tsx';
import { useBoardLive, useEvery } from './live.ts';
import { idOf, screenDesignerPath, screenListPath } from './paths.ts';
import { ScreenItemView } from './ScreenItemView.tsx';
import { NoScreen, placeStyle, ScreenStage } from './ScreenStage.tsx';
import { useBoard } from './use-board.ts';
import { useDeviceValues } from './use-device-values.ts';
import './boards.css';

/** The Fullscreen API on one element: whether it is full screen now (Esc and F11 leave it too), and the switch. */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(!!document.fullscreenElement && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [ref]);
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await ref.current?.requestFullscreen();
    } catch {
      // Refused (an iframe without allowfullscreen, a browser setting): the F11 hint stays for the user.
    }
  }, [ref]);
  return { on, toggle, supported: typeof document !== 'undefined' && !!document.fullscreenEnabled };
}

/**
 * The data screen viewer (`dataview/viewer?id=`, its own window): the screen at its design resolution scaled to the
 * window keeping the aspect ratio, in its (dark) theme, with a full-screen switch and the F11 hint. Live: record
 * writes of its charts' forms read the charts again (debounced), device values arrive with their pushes, and the
 * automatic refresh runs as set. A dashboard id shows that dashboard here, as on its own page.
 */
export function ScreenViewerPage({ match }: PageProps) {
  const id = idOf(match);
  if (!id) return <NoScreen href={screenListPath(match)} />;
  return <ScreenViewer key={id} match={match} boardId={id} />;
}

function ScreenViewer({ match, boardId }: PageProps & { boardId: string }) {
  const { t } = useTranslation();
  const state = useBoard(boardId);
  const { board, charts, refresh } = state;
  const frame = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(frame);
  const devices = useDeviceValues(board?.items ?? []);
  const formIds = useMemo(() => new Set(Object.values(charts).flatMap((a) => (a.ok ? [a.chart.query.formId] : []))), [charts]);
  useBoardLive({ formIds, onRecords: () => void refresh(), onDevice: devices.accept });
  useEvery(board?.refreshSeconds ?? 0, () => void refresh());
  const screen = board?.screen ?? null;

  let body;
  if (state.loadFailure) body = <Result status={state.loadFailure.status === 404 ? '404' : 'error'} title={state.loadFailure.message} data-testid="screen-load-failed" />;
  else if (!board) body = <Spin block />;
  else if (!screen) body = <BoardView match={match} boardId={boardId} />;
  else
    body = (
      <ScreenStage size={screen} theme={screen.theme} testId="screen-stage">
        {() =>
          board.items.map((item) => (
            <div key={item.id} className={`qp-screen-item qp-screen-item-${item.kind}`} style={placeStyle(item)} data-testid={`screen-item-${item.id}`}>
              <ScreenItemView item={item} answer={item.chartId ? charts[item.chartId] : undefined} device={devices.values.get(item.topic?.trim() ?? '')} theme={screen.theme} match={match} boardId={boardId} />
            </div>
          ))
        }
      </ScreenStage>
    );

  return (
    <div ref={frame} className={`qp-screen-window qp-screen-theme-${screen?.theme ?? 'light'}`} data-testid="screen-viewer" data-fullscreen={fullscreen.on}>
      {body}
      {board && (
        <div className="qp-screen-tools" role="toolbar" aria-label={t('dashboards.boards.screen.tools')}>
          <Space size="mini">
            {!fullscreen.on && <span className="qp-screen-hint">{t('dashboards.boards.screen.f11')}</span>}
            <Tooltip content={t('dashboards.boards.view.refresh')}>
              <Button size="small" icon={<IconRefresh />} loading={state.fetching} onClick={() => void refresh()} aria-label={t('dashboards.boards.view.refresh')} data-testid="screen-refresh" />
            </Tooltip>
            {board.canEdit && screen && (
              <Tooltip content={t('dashboards.boards.screen.design')}>
                <Button size="small" icon={<IconEdit />} href={screenDesignerPath(match, board.id)} aria-label={t('dashboards.boards.screen.design')} data-testid="screen-viewer-design" />
              </Tooltip>
            )}
            {fullscreen.supported && (
              <Button size="small" type="primary" icon={fullscreen.on ? <IconFullscreenExit /> : <IconFullscreen />} onClick={() => void fullscreen.toggle()} data-testid="screen-fullscreen">
                {t(fullscreen.on ? 'dashboards.boards.screen.exitFullscreen' : 'dashboards.boards.screen.fullscreen')}
              </Button>
            )}
          </Space>
        </div>
      )}
    </div>
  );
}
