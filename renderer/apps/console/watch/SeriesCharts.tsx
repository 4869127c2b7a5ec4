import { Empty, Grid, Spin } from '@arco-design/web-react';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesPoint } from '../../../../shared/api/console-watch.ts';

const WatchChart = lazy(() => import('./WatchChart.tsx'));

/** Calls and errors (stacked bars) and the latency percentiles (lines) of a series, over time. */
export function SeriesCharts({ points }: { points: SeriesPoint[] }) {
  const { t, i18n } = useTranslation();
  const [calls, latency] = useMemo(() => {
    const at = points.map((p) => new Date(p.at).toLocaleString(i18n.language, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }));
    const grid = { left: 48, right: 16, top: 40, bottom: 32 };
    const base = { grid, tooltip: { trigger: 'axis' }, legend: { top: 0 }, xAxis: { type: 'category', data: at }, yAxis: { type: 'value', minInterval: 1 } };
    const bars = (name: string, data: number[], color: string) => ({ name, type: 'bar', stack: 'calls', data, itemStyle: { color } });
    const ok = points.map((p) => p.calls - p.errors - p.clientErrors);
    return [
      { ...base, series: [bars(t('console.watch.chart.calls'), ok, '#3491fa'), bars(t('console.watch.chart.clientErrors'), points.map((p) => p.clientErrors), '#ff9a2e'), bars(t('console.watch.chart.errors'), points.map((p) => p.errors), '#f53f3f')] },
      {
        ...base,
        yAxis: { type: 'value', name: t('console.watch.chart.latency') },
        series: (['p50', 'p95', 'p99'] as const).map((q) => ({ name: q.toUpperCase(), type: 'line', connectNulls: false, showSymbol: false, data: points.map((p) => p[q]) })),
      },
    ];
  }, [points, t, i18n.language]);

  if (!points.some((p) => p.calls > 0)) return <Empty description={t('console.watch.chart.empty')} data-testid="watch-chart-empty" />;
  return (
    <Suspense fallback={<Spin />}>
      <Grid.Row gutter={16}>
        <Grid.Col span={12}>
          <h4>{t('console.watch.chart.callsTitle')}</h4>
          <WatchChart option={calls} testId="watch-chart-calls" />
        </Grid.Col>
        <Grid.Col span={12}>
          <h4>{t('console.watch.chart.latencyTitle')}</h4>
          <WatchChart option={latency} testId="watch-chart-latency" />
        </Grid.Col>
      </Grid.Row>
    </Suspense>
  );
}
