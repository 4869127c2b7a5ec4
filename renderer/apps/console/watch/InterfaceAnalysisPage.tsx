import { Alert, Card, Spin } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WatchPeriod } from '../../../../shared/api/console-watch.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { PeriodBar } from './PeriodBar.tsx';
import { SeriesCharts } from './SeriesCharts.tsx';
import { useLoad } from '../../../shell/use-load.ts';
import { watchApi } from './watch-api.ts';

/** `/sysop/interFaceAnalysis`: all interfaces together over time — calls and errors, latency percentiles. */
export function InterfaceAnalysisPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [period, setPeriod] = useState<WatchPeriod>('1h');
  const points = useLoad(() => watchApi(api).series(period), [period]);
  return (
    <Card title={t('console.watch.analysis.title')} data-testid="interface-analysis">
      <p className="qp-muted">{t('console.watch.analysis.hint')}</p>
      <PeriodBar period={period} onPeriod={setPeriod} onRefresh={points.reload} />
      {points.error && <Alert type="error" className="qp-gap" content={t('console.watch.loadFailed', { message: points.error })} />}
      {points.data ? <SeriesCharts points={points.data} /> : points.loading && <Spin />}
    </Card>
  );
}
