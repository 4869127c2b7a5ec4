import { Alert, Card, Descriptions, Empty, Select, Spin } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { WatchPeriod } from '../../../../shared/api/console-watch.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { detailPath, percent } from './InterfaceWatchPage.tsx';
import { PeriodBar } from './PeriodBar.tsx';
import { SeriesCharts } from './SeriesCharts.tsx';
import { useLoad } from '../../../shell/use-load.ts';
import { watchApi } from './watch-api.ts';

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const ms = (v: number | null | undefined) => (v == null ? '—' : `${v} ms`);

/** `/sysop/watchDetail?method=&route=`: one interface over time; without a route, the choice of one. */
export function WatchDetailPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const method = one(match.query.method);
  const route = one(match.query.route);
  const chosen = method && route ? { method, route } : null;
  const [period, setPeriod] = useState<WatchPeriod>('1h');
  // The choice lists every interface of the last week, so a quiet one can still be opened.
  const known = useLoad(() => watchApi(api).routes('7d'), []);
  const summary = useLoad(async () => (chosen ? (await watchApi(api).routes(period)).find((r) => r.method === chosen.method && r.route === chosen.route) ?? null : null), [period, method, route]);
  const points = useLoad(async () => (chosen ? watchApi(api).series(period, chosen) : []), [period, method, route]);
  const error = known.error ?? summary.error ?? points.error;
  const refresh = () => {
    known.reload();
    summary.reload();
    points.reload();
  };

  const figures = summary.data;
  return (
    <Card title={t('console.watch.detailPage.title')} data-testid="watch-detail">
      <p className="qp-muted">{t('console.watch.detailPage.pickHint')}</p>
      <PeriodBar period={period} onPeriod={setPeriod} onRefresh={refresh}>
        <Select
          showSearch
          style={{ width: 420 }}
          placeholder={t('console.watch.detailPage.pick')}
          aria-label={t('console.watch.detailPage.pick')}
          data-testid="watch-detail-route"
          value={chosen ? `${chosen.method} ${chosen.route}` : undefined}
          notFoundContent={t('console.watch.detailPage.noRoutes')}
          onChange={(key: string) => {
            const space = key.indexOf(' ');
            navigate(detailPath({ method: key.slice(0, space), route: key.slice(space + 1) }));
          }}
          options={(known.data ?? []).map((r) => ({ value: `${r.method} ${r.route}`, label: `${r.method} ${r.route}` }))}
        />
      </PeriodBar>
      {error && <Alert type="error" className="qp-gap" content={t('console.watch.loadFailed', { message: error })} />}
      {!chosen ? (
        <Empty description={known.data && !known.data.length ? t('console.watch.detailPage.noRoutes') : t('console.watch.detailPage.pickHint')} />
      ) : (
        <>
          <div data-testid="watch-detail-figures">
            <Descriptions
              className="qp-gap"
              column={4}
              data={[
                { label: t('console.watch.col.calls'), value: String(figures?.calls ?? 0) },
                { label: t('console.watch.col.errorRate'), value: percent(figures?.errorRate ?? 0) },
                { label: t('console.watch.col.errors'), value: String(figures?.errors ?? 0) },
                { label: t('console.watch.col.clientErrors'), value: String(figures?.clientErrors ?? 0) },
                { label: t('console.watch.col.p50'), value: ms(figures?.p50) },
                { label: t('console.watch.col.p95'), value: ms(figures?.p95) },
                { label: t('console.watch.col.p99'), value: ms(figures?.p99) },
                { label: t('console.watch.col.max'), value: ms(figures?.maxMs) },
              ]}
            />
          </div>
          {points.data ? <SeriesCharts points={points.data} /> : points.loading && <Spin />}
        </>
      )}
    </Card>
  );
}
