import { Empty, Spin, Table } from '@arco-design/web-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, ChartResult } from '../../../../shared/dashboards/model.ts';
import { formatNumber, numberCard, numberOf, pivotTable } from './chart-data.ts';
import { buildOption } from './chart-option.ts';
import './chart.css';

// ECharts (and the map file) arrive with the first drawn chart, not with the page that holds a table.
const EChartsCanvas = lazy(() => import('./EChartsCanvas.tsx'));

export interface ChartViewProps {
  chart: Pick<Chart, 'name' | 'type' | 'options' | 'query'>;
  result: ChartResult;
  theme?: 'light' | 'dark';
  height?: number | string;
  onPick?: (rowIndex: number) => void;
  onReady?: (api: { toPNG(): string } | null) => void;
}

/**
 * Draws any chart type from a ChartResult: ECharts for the graphic types, HTML for table, pivot and number card.
 * Used by the designer's preview, dashboards, data screens and the portal's chart component.
 */
export function ChartView({ chart, result, theme = 'light', height = 320, onPick, onReady }: ChartViewProps) {
  const { t, i18n } = useTranslation();
  const empty = t('dashboards.chartUi.view.emptyGroup');
  const built = useMemo(() => buildOption(chart, result, { theme, empty, locale: i18n.language }), [chart, result, theme, empty, i18n.language]);
  const hasRows = result.rows.length > 0;
  // HTML drawings have no picture to export; ECharts announces its own once drawn.
  useEffect(() => {
    if (!built || !hasRows) onReady?.(null);
  }, [built, hasRows, onReady]);

  let body;
  if (!hasRows) body = <Empty className="qp-chart-empty" description={t('dashboards.chartUi.view.empty')} />;
  else if (chart.type === 'table') body = <ResultTable result={result} onPick={onPick} />;
  else if (chart.type === 'pivot') body = <PivotView result={result} empty={empty} locale={i18n.language} onPick={onPick} />;
  else if (chart.type === 'number') body = <NumberCard result={result} decimals={chart.options.decimals} locale={i18n.language} onPick={onPick} />;
  else if (built)
    body = (
      <Suspense fallback={<Spin className="qp-chart-loading" />}>
        <EChartsCanvas built={built} theme={theme} onPick={onPick} onReady={onReady} />
      </Suspense>
    );

  return (
    <div className={`qp-chart-view qp-chart-${theme}`} data-testid="chart-view" data-chart-type={chart.type} style={{ height }}>
      <div className="qp-chart-body">{body}</div>
      {result.capped && (
        <div className="qp-chart-capped" data-testid="chart-capped" role="note">
          {t('dashboards.chartUi.view.capped', { rows: result.capped.rows, columns: result.capped.columns })}
        </div>
      )}
    </div>
  );
}

function ResultTable({ result, onPick }: { result: ChartResult; onPick?: (row: number) => void }) {
  const columns = result.columns.map((column, index) => ({
    title: column.label,
    dataIndex: String(index),
    align: column.role === 'dimension' ? ('left' as const) : ('right' as const),
    render: (cell: string | number | null) => (column.role === 'dimension' ? (cell ?? '') : formatNumber(numberOf(cell))),
  }));
  const data = result.rows.map((row, index) => ({ key: index, ...Object.fromEntries(row.map((cell, i) => [String(i), cell])) }));
  return (
    <Table
      size="small"
      border={false}
      columns={columns}
      data={data}
      pagination={data.length > 50 ? { pageSize: 50, size: 'mini' } : false}
      scroll={{ y: true }}
      onRow={(record) => ({ onClick: () => onPick?.(record.key as number), 'data-testid': `chart-row-${record.key}` }) as never}
    />
  );
}

function PivotView({ result, empty, locale, onPick }: { result: ChartResult; empty: string; locale: string; onPick?: (row: number) => void }) {
  const pivot = pivotTable(result, empty);
  return (
    <div className="qp-chart-pivot">
      <table>
        <thead>
          <tr>
            <th>{pivot.corner}</th>
            {pivot.columns.map((column) => (
              <th key={column.key}>{column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pivot.rows.map((row) => (
            <tr key={row.label} onClick={() => onPick?.(row.rowIndex)} data-testid={`chart-row-${row.rowIndex}`}>
              <th>{row.label}</th>
              {row.cells.map((cell, i) => (
                <td key={pivot.columns[i]!.key}>{cell === null ? '' : formatNumber(cell, undefined, locale)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NumberCard({ result, decimals, locale, onPick }: { result: ChartResult; decimals?: number; locale: string; onPick?: (row: number) => void }) {
  const card = numberCard(result, decimals, locale);
  return (
    <button type="button" className="qp-chart-number" onClick={() => onPick?.(0)} data-testid="chart-number">
      <span className="qp-chart-number-value">{card.text}</span>
      <span className="qp-chart-number-label">{card.label}</span>
    </button>
  );
}
