import { Alert, Button, Card, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteSummary, WatchPeriod } from '../../../../shared/api/console-watch.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { PeriodBar } from './PeriodBar.tsx';
import { useLoad } from '../../../shell/use-load.ts';
import { watchApi } from './watch-api.ts';

const ms = (v: number | null) => (v === null ? '—' : v.toFixed(v < 10 ? 1 : 0));
export const percent = (rate: number) => `${(rate * 100).toFixed(rate && rate < 0.001 ? 3 : 1)}%`;
/** Where one route's details open (method and route in the query). */
export const detailPath = (r: { method: string; route: string }) => `/sysop/watchDetail?${new URLSearchParams({ method: r.method, route: r.route })}`;

/** `/sysop/interFaceWatch`: every route called in the period with its calls, error rate and percentiles, sortable. */
export function InterfaceWatchPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<WatchPeriod>('1h');
  const routes = useLoad(() => watchApi(api).routes(period), [period]);
  const numeric = (key: keyof RouteSummary, title: string, format: (v: number | null) => string = (v) => String(v ?? '—')): TableColumnProps<RouteSummary> => ({
    title,
    dataIndex: key,
    align: 'right',
    sorter: (a, b) => Number(a[key] ?? -1) - Number(b[key] ?? -1),
    render: (v: number | null) => format(v),
  });
  const columns: TableColumnProps<RouteSummary>[] = [
    { title: t('console.watch.col.method'), dataIndex: 'method', width: 90, render: (m: string) => <Tag>{m}</Tag> },
    { title: t('console.watch.col.route'), dataIndex: 'route', sorter: (a, b) => a.route.localeCompare(b.route), render: (r: string) => <code>{r}</code> },
    { ...numeric('calls', t('console.watch.col.calls')), defaultSortOrder: 'descend' },
    numeric('errors', t('console.watch.col.errors')),
    numeric('clientErrors', t('console.watch.col.clientErrors')),
    numeric('errorRate', t('console.watch.col.errorRate'), (v) => percent(v ?? 0)),
    numeric('p50', t('console.watch.col.p50'), ms),
    numeric('p95', t('console.watch.col.p95'), ms),
    numeric('p99', t('console.watch.col.p99'), ms),
    numeric('avgMs', t('console.watch.col.avg'), ms),
    numeric('maxMs', t('console.watch.col.max'), ms),
    {
      title: '',
      width: 80,
      render: (_: unknown, r: RouteSummary) => (
        <Button type="text" size="mini" onClick={() => navigate(detailPath(r))} data-testid={`watch-detail-${r.method}-${r.route}`}>
          {t('console.watch.detail')}
        </Button>
      ),
    },
  ];
  const totals = useMemo(() => {
    const list = routes.data ?? [];
    return { routes: list.length, calls: list.reduce((s, r) => s + r.calls, 0), errors: list.reduce((s, r) => s + r.errors, 0) };
  }, [routes.data]);

  return (
    <Card title={t('console.watch.title')} data-testid="interface-watch">
      <p className="qp-muted">{t('console.watch.hint')}</p>
      <PeriodBar period={period} onPeriod={setPeriod} onRefresh={routes.reload} />
      {routes.error && <Alert type="error" className="qp-gap" content={t('console.watch.loadFailed', { message: routes.error })} />}
      {routes.data && <p data-testid="watch-totals">{t('console.watch.totals', totals)}</p>}
      <Table
        rowKey={(r) => `${r.method} ${r.route}`}
        columns={columns}
        data={routes.data ?? []}
        loading={routes.loading}
        pagination={{ pageSize: 50, sizeCanChange: false }}
        noDataElement={t('console.watch.empty')}
        data-testid="watch-routes"
      />
    </Card>
  );
}
