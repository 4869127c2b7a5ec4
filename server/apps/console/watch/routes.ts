import { IdParam, NoQuery } from '../../../../shared/api/common.ts';
import { ThresholdBody, WATCH_API, WatchRoutesQuery, WatchSeriesQuery, type Breach, type Threshold, type ThresholdInput } from '../../../../shared/api/console-watch.ts';
import { fail, pgErrorCode } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { routeSummaries, series } from './figures.ts';
import { defineWatchPrune, WatchFlusher } from './flush.ts';
import { registerTrackRoutes } from './tracking.ts';
import type { WatchThresholdTable } from './tables.ts';
import type { Selectable } from 'kysely';

const ROOT = { roles: ['root'] } as const;

/** Each kernel's flusher, for tests that store the measured minutes now instead of at the next minute. */
export const watchFlushers = new WeakMap<Kernel, WatchFlusher>();

const toThreshold = (row: Selectable<WatchThresholdTable>): Threshold => ({
  id: row.id,
  method: row.method,
  route: row.route,
  maxErrorPercent: row.max_error_rate === null ? null : Math.round(row.max_error_rate * 100_000) / 1000,
  maxP95Ms: row.max_p95_ms,
  minCalls: row.min_calls,
  updatedAt: row.updated_at.toISOString(),
});

/** A limit as stored: a route or none (global), at least one measure. */
function columnsOf(body: ThresholdInput) {
  if ((body.method === undefined) !== (body.route === undefined)) throw fail.unprocessable('console.watch.problem.routeHalf');
  const maxErrorRate = body.maxErrorPercent == null ? null : body.maxErrorPercent / 100;
  const maxP95 = body.maxP95Ms ?? null;
  if (maxErrorRate === null && maxP95 === null) throw fail.unprocessable('console.watch.problem.noLimit');
  return { method: body.method ?? null, route: body.route ?? null, max_error_rate: maxErrorRate, max_p95_ms: maxP95, min_calls: body.minCalls ?? 1 };
}

const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/**
 * Interface watch (`/sysop/interFaceWatch`, `interFaceAnalysis`, `watchDetail`, `configurePoint`; decision 0085): the
 * flusher that stores the kernel's minutes, the figures root reads, and the limits that raise a notice.
 */
export function registerWatchRoutes(app: App, kernel: Kernel): void {
  const flusher = new WatchFlusher(kernel);
  watchFlushers.set(kernel, flusher);
  defineWatchPrune(kernel);
  app.addHook('onReady', async () => flusher.start());
  app.addHook('onClose', async () => flusher.stop());
  registerTrackRoutes(app, kernel);

  app.get(`${WATCH_API}/routes`, { config: { access: ROOT }, schema: { querystring: WatchRoutesQuery } }, async (req) => {
    return { code: 200, msg: 'ok', data: { routes: await routeSummaries(kernel.db, req.query.period ?? '1h') } };
  });

  app.get(`${WATCH_API}/series`, { config: { access: ROOT }, schema: { querystring: WatchSeriesQuery } }, async (req) => {
    const { method, route, period = '1h' } = req.query;
    if ((method === undefined) !== (route === undefined)) throw fail.unprocessable('console.watch.problem.routeHalf');
    const points = await series(kernel.db, period, method && route ? { method, route } : null);
    return { code: 200, msg: 'ok', data: { points } };
  });

  app.get(`${WATCH_API}/thresholds`, { config: { access: ROOT }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db.selectFrom('watch_threshold').selectAll().orderBy('route', (ob) => ob.nullsFirst()).orderBy('id').execute();
    return { code: 200, msg: 'ok', data: { thresholds: rows.map(toThreshold) } };
  });

  app.post(
    `${WATCH_API}/thresholds`,
    { config: { access: ROOT, action: 'console.watch.threshold.create' }, schema: { querystring: NoQuery, body: ThresholdBody } },
    async (req) => {
      const values = columnsOf(req.body);
      req.ctx.auditTarget = values.route ? `${values.method} ${values.route}` : '*';
      try {
        const row = await kernel.transact(req, (trx) => trx.insertInto('watch_threshold').values(values).returningAll().executeTakeFirstOrThrow());
        return { code: 200, msg: 'ok', data: toThreshold(row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw fail.conflict('console.watch.problem.exists');
        throw error;
      }
    },
  );

  app.put(
    `${WATCH_API}/thresholds/:id`,
    { config: { access: ROOT, action: 'console.watch.threshold.update' }, schema: { params: IdParam, querystring: NoQuery, body: ThresholdBody } },
    async (req) => {
      const values = columnsOf(req.body);
      req.ctx.auditTarget = req.params.id;
      try {
        const row = await kernel.transact(req, (trx) =>
          trx.updateTable('watch_threshold').set({ ...values, updated_at: new Date() }).where('id', '=', req.params.id).returningAll().executeTakeFirst(),
        );
        if (!row) throw fail.notFound();
        return { code: 200, msg: 'ok', data: toThreshold(row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw fail.conflict('console.watch.problem.exists');
        throw error;
      }
    },
  );

  app.delete(
    `${WATCH_API}/thresholds/:id`,
    { config: { access: ROOT, action: 'console.watch.threshold.delete' }, schema: { params: IdParam, querystring: NoQuery } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      const result = await kernel.transact(req, (trx) => trx.deleteFrom('watch_threshold').where('id', '=', req.params.id).executeTakeFirst());
      if (result.numDeletedRows === 0n) throw fail.notFound();
      return { code: 200, msg: 'ok', data: null };
    },
  );

  app.get(`${WATCH_API}/breaches`, { config: { access: ROOT }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db.selectFrom('watch_breach').selectAll().orderBy('started_minute', 'desc').orderBy('id', 'desc').limit(100).execute();
    const breaches: Breach[] = rows.map((r) => ({
      id: r.id,
      method: r.method,
      route: r.route,
      metric: r.metric,
      value: r.value,
      limit: r.limit_value,
      startedMinute: r.started_minute.toISOString(),
      lastMinute: r.last_minute.toISOString(),
      endedAt: r.ended_at?.toISOString() ?? null,
    }));
    return { code: 200, msg: 'ok', data: { breaches } };
  });
}
