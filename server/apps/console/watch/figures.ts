import { sql } from 'kysely';
import { WATCH_PERIODS, type RouteSummary, type SeriesPoint, type WatchPeriod } from '../../../../shared/api/console-watch.ts';
import type { Db } from '../../../kernel/db/pool.ts';
import { WATCH_BUCKETS_MS, percentileOf } from '../../../kernel/watch.ts';
import './tables.ts';

interface Totals {
  calls: number | string;
  errors: number | string;
  client_errors: number | string;
  total_ms: number;
  max_ms: number | null;
}

/** Figures of summed minute rows: rates and the percentiles of the summed histogram. */
function summarise(t: Totals, buckets: number[]) {
  const calls = Number(t.calls);
  const errors = Number(t.errors);
  const max = t.max_ms === null ? null : Number(t.max_ms);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    calls,
    errors,
    clientErrors: Number(t.client_errors),
    errorRate: calls ? errors / calls : 0,
    avgMs: calls ? round(Number(t.total_ms) / calls) : null,
    maxMs: round(max),
    p50: round(percentileOf(buckets, 0.5, max ?? Infinity)),
    p95: round(percentileOf(buckets, 0.95, max ?? Infinity)),
    p99: round(percentileOf(buckets, 0.99, max ?? Infinity)),
  };
}

const since = (period: WatchPeriod) => sql<Date>`date_trunc('minute', now()) - make_interval(mins => ${WATCH_PERIODS[period].minutes})`;

/** Histograms summed per group key, bucket by bucket, in the database (a week of minutes never leaves it). */
function histograms(rows: Array<{ key: string; i: number | string; n: number | string }>): Map<string, number[]> {
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    const list = byKey.get(row.key) ?? new Array<number>(WATCH_BUCKETS_MS.length).fill(0);
    list[Number(row.i) - 1] = Number(row.n);
    byKey.set(row.key, list);
  }
  return byKey;
}

/** Every route called in the period with its figures, most called first. */
export async function routeSummaries(db: Db, period: WatchPeriod): Promise<RouteSummary[]> {
  const from = since(period);
  const [totals, buckets] = await Promise.all([
    db
      .selectFrom('watch_minute')
      .select(['method', 'route'])
      .select((eb) => [
        eb.fn.sum<string>('calls').as('calls'),
        eb.fn.sum<string>('errors').as('errors'),
        eb.fn.sum<string>('client_errors').as('client_errors'),
        eb.fn.sum<number>('total_ms').as('total_ms'),
        eb.fn.max<number>('max_ms').as('max_ms'),
      ])
      .where('minute', '>=', from)
      .groupBy(['method', 'route'])
      .orderBy(sql`sum(calls)`, 'desc')
      .limit(1000)
      .execute(),
    sql<{ key: string; i: string; n: string }>`
      select w.method || ' ' || w.route as key, u.i, sum(u.b) as n
        from watch_minute w, unnest(w.buckets) with ordinality as u(b, i)
       where w.minute >= ${from}
       group by w.method, w.route, u.i`.execute(db),
  ]);
  const hist = histograms(buckets.rows);
  return totals.map((t) => ({ method: t.method, route: t.route, ...summarise(t, hist.get(`${t.method} ${t.route}`) ?? []) }));
}

/** One route (or every route together) over the period, in steps of the period's size; steps without calls are zero. */
export async function series(db: Db, period: WatchPeriod, route: { method: string; route: string } | null): Promise<SeriesPoint[]> {
  const { minutes, step } = WATCH_PERIODS[period];
  const from = since(period);
  const only = route ? sql`and w.method = ${route.method} and w.route = ${route.route}` : sql``;
  // Steps aligned on whole multiples since 2000-01-01 UTC, as the loop below counts them; epoch seconds as keys.
  const bin = sql`extract(epoch from date_bin(make_interval(mins => ${step}), w.minute, timestamptz '2000-01-01 00:00:00+00'))::bigint`;
  const [totals, buckets] = await Promise.all([
    sql<Totals & { at: string }>`
      select ${bin} as at, sum(calls) as calls, sum(errors) as errors, sum(client_errors) as client_errors,
             sum(total_ms) as total_ms, max(max_ms) as max_ms
        from watch_minute w where w.minute >= ${from} ${only} group by 1`.execute(db),
    sql<{ key: string; i: string; n: string }>`
      select ${bin}::text as key, u.i, sum(u.b) as n
        from watch_minute w, unnest(w.buckets) with ordinality as u(b, i)
       where w.minute >= ${from} ${only} group by 1, 2`.execute(db),
  ]);
  const hist = histograms(buckets.rows);
  const byTime = new Map(totals.rows.map((t) => [Number(t.at) * 1000, t]));
  // Every step of the period, so the chart's time axis has no holes where nothing was called.
  const now = Date.now();
  const stepMs = step * 60_000;
  const first = Math.floor((now - minutes * 60_000) / stepMs) * stepMs;
  const points: SeriesPoint[] = [];
  for (let at = first; at <= now; at += stepMs) {
    const t = byTime.get(at);
    const figures = t ? summarise(t, hist.get(String(at / 1000)) ?? []) : summarise({ calls: 0, errors: 0, client_errors: 0, total_ms: 0, max_ms: null }, []);
    points.push({ at: new Date(at).toISOString(), ...figures });
  }
  return points;
}
