import { Empty } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GrowthDay } from '../../../../shared/api/forms-datacenter.ts';
import type { ChartResult } from '../../../../shared/dashboards/model.ts';
import { ChartView, type ChartViewProps } from '../../dashboards/chart/ChartView.tsx';

/**
 * Records added per day, drawn by the dashboards' ChartView as a line over the days (decision 0068): the same
 * look and tooltips as every chart of the platform, and ECharts still arrives only with the first drawn chart.
 * The figure's caption says the total and the busiest day, for readers who do not see the canvas.
 */
export function GrowthChart({ growth, formId, testId }: { growth: readonly GrowthDay[]; formId: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const total = growth.reduce((sum, d) => sum + d.added, 0);
  const max = growth.reduce((most, d) => Math.max(most, d.added), 0);
  const label = t('forms.datacenter.added');
  const chart = useMemo<ChartViewProps['chart']>(
    () => ({ name: label, type: 'line', options: {}, query: { formId, dimensions: [{ field: 'createdAt', granularity: 'day' }], measures: [{ id: 'added', aggregate: 'count', field: null, label }] } }),
    [formId, label],
  );
  const result = useMemo<ChartResult>(
    () => ({
      columns: [
        { key: 'day', label: t('forms.datacenter.day'), role: 'dimension', kind: 'date' },
        { key: 'added', label, role: 'measure', kind: 'number' },
      ],
      rows: growth.map((d) => [d.day, d.added]),
      keys: growth.map((d) => [d.day]),
      capped: null,
      at: new Date().toISOString(),
    }),
    [growth, label, t],
  );
  if (total === 0) return <Empty description={t('forms.datacenter.noGrowth')} data-testid={`${testId}-empty`} />;
  return (
    <figure className="qp-dc-growth" data-testid={testId} data-total={total}>
      <ChartView chart={chart} result={result} height={240} />
      <figcaption className="qp-dc-caption">
        {t('forms.datacenter.growthSummary', { n: total.toLocaleString(i18n.language), max: max.toLocaleString(i18n.language) })}
      </figcaption>
    </figure>
  );
}
