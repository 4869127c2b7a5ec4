import { Button, Dropdown, Menu, Popover, Spin, Tooltip } from '@arco-design/web-react';
import { IconDownload, IconEdit, IconExclamationCircle, IconInfoCircle } from '@arco-design/web-react/icon';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterValues } from '../../../../shared/dashboards/model.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { ChartView } from '../chart/ChartView.tsx';
import type { BoardChartAnswer } from './boards-api.ts';
import { exportHref } from './boards-api.ts';
import { chartDesignerPath } from './paths.ts';

/** A file name from a chart name: what the OS refuses in names becomes "_". */
export const fileNameOf = (name: string, extension: string) => `${name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'chart'}.${extension}`;

/** Saves a data URL (the chart's PNG) under `name` through a temporary link. */
function download(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * One chart on a dashboard or screen: its name, the tips (§2.8) behind an info icon, export of its data (xlsx, the
 * server's file) and of its picture (PNG from the drawing), a link to the designer for its editors, and the chart —
 * or its own failure (§8): "Chart does not exist or has been deleted" (404/403), else "Chart loading is abnormal"
 * with the server's reason. A click on a group drills down to its records.
 */
export function ChartCard(props: {
  chartId: string;
  answer: BoardChartAnswer | undefined;
  match: RouteMatch;
  boardId: string;
  filters: FilterValues;
  theme: 'light' | 'dark';
  height: number | string;
  /** Screens hide the export menu: a wall display has no one to click it. */
  tools?: boolean;
  /** The designer's stage hides the tips button too: there the whole item is one button (select and drag). */
  tips?: boolean;
  onDrill?(chartId: string, rowIndex: number): void;
}) {
  const { t } = useTranslation();
  const { answer, chartId } = props;
  const picture = useRef<{ toPNG(): string } | null>(null);
  const [drawn, setDrawn] = useState(false);
  const onReady = useCallback((api: { toPNG(): string } | null) => ((picture.current = api), setDrawn(!!api)), []);
  const drill = props.onDrill;
  const onPick = useCallback((row: number) => drill?.(chartId, row), [drill, chartId]);

  if (!answer) return <Spin className="qp-board-chart-wait" aria-label={t('dashboards.boards.view.loading')} />;
  if (!answer.ok) {
    const gone = answer.status === 404 || answer.status === 403;
    const reason = 'reason' in answer && typeof answer.reason === 'string' ? answer.reason : null;
    return (
      <div className="qp-board-chart-failed" role="alert" data-testid={`chart-failed-${chartId}`}>
        <IconExclamationCircle aria-hidden />
        <span>{answer.error || t(gone ? 'common.chartMissing' : 'common.chartLoadError')}</span>
        {reason && <span className="qp-board-chart-reason">{reason}</span>}
      </div>
    );
  }

  const { chart, result } = answer;
  const tools = props.tools !== false;
  const exportMenu = (
    <Menu>
      <Menu.Item key="xlsx">
        <a href={exportHref(props.match.spaceUri, chartId, props.filters, props.boardId)} download={fileNameOf(chart.name, 'xlsx')} data-testid={`chart-export-xlsx-${chartId}`}>
          {t('dashboards.boards.chart.exportData')}
        </a>
      </Menu.Item>
      <Menu.Item key="png" onClick={() => picture.current && download(picture.current.toPNG(), fileNameOf(chart.name, 'png'))} data-testid={`chart-export-png-${chartId}`} disabled={!drawn}>
        {t('dashboards.boards.chart.exportPicture')}
      </Menu.Item>
    </Menu>
  );
  return (
    <section className="qp-board-chart" aria-label={chart.name} data-testid={`chart-card-${chartId}`}>
      <header className="qp-board-chart-head">
        <h2 className="qp-board-chart-name">{chart.name}</h2>
        {props.tips !== false && chart.tips.trim() && (
          <Popover content={<p className="qp-board-tips" data-testid={`chart-tips-text-${chartId}`}>{chart.tips}</p>} trigger="click" title={t('dashboards.boards.chart.tips')}>
            <Button size="mini" type="text" icon={<IconInfoCircle />} aria-label={t('dashboards.boards.chart.tips')} data-testid={`chart-tips-${chartId}`} className="qp-board-nodrag" />
          </Popover>
        )}
        {tools && (
          <Dropdown droplist={exportMenu} trigger="click" position="br">
            <Button size="mini" type="text" icon={<IconDownload />} aria-label={t('dashboards.boards.chart.export')} data-testid={`chart-export-${chartId}`} className="qp-board-nodrag" />
          </Dropdown>
        )}
        {tools && chart.canEdit && (
          <Tooltip content={t('dashboards.boards.chart.design')}>
            <Button size="mini" type="text" icon={<IconEdit />} href={chartDesignerPath(props.match, chartId)} aria-label={t('dashboards.boards.chart.design')} data-testid={`chart-design-${chartId}`} className="qp-board-nodrag" />
          </Tooltip>
        )}
      </header>
      <div className="qp-board-chart-body qp-board-nodrag">
        <ChartView chart={chart} result={result} theme={props.theme} height={props.height} onPick={drill ? onPick : undefined} onReady={onReady} />
      </div>
    </section>
  );
}
