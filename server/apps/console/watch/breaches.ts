import { sql } from 'kysely';
import { inSpace } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { percentileOf } from '../../../kernel/watch.ts';
import './tables.ts';

/** A breach left without a fresh minute over its limit this long ends (the route went quiet). */
const QUIET_MINUTES = 5;

interface Measured {
  method: string;
  route: string;
  calls: number;
  errors: number;
  max_ms: number;
  buckets: number[];
}

interface Limit {
  id: string;
  method: string | null;
  route: string | null;
  max_error_rate: number | null;
  max_p95_ms: number | null;
  min_calls: number;
}

type Metric = 'errorRate' | 'p95';

/** The limit that applies to a route: its own, else the global one (a route's own limit replaces the global). */
function limitFor(limits: Limit[], row: Measured): Limit | undefined {
  return limits.find((l) => l.method === row.method && l.route === row.route) ?? limits.find((l) => l.method === null);
}

/** What one flushed minute of one route measures against its limit: exceeded and within, per measure. */
function judge(limit: Limit, row: Measured): Array<{ metric: Metric; value: number; limit: number; over: boolean }> {
  if (row.calls < limit.min_calls) return [];
  const verdicts: Array<{ metric: Metric; value: number; limit: number; over: boolean }> = [];
  if (limit.max_error_rate !== null) {
    const rate = row.errors / row.calls;
    verdicts.push({ metric: 'errorRate', value: rate, limit: limit.max_error_rate, over: rate > limit.max_error_rate });
  }
  if (limit.max_p95_ms !== null) {
    const p95 = percentileOf(row.buckets, 0.95, row.max_ms) ?? 0;
    verdicts.push({ metric: 'p95', value: p95, limit: limit.max_p95_ms, over: p95 > limit.max_p95_ms });
  }
  return verdicts;
}

/** Root's accounts, per space they are root in (the demo's `ops`): who hears of a breach. */
async function rootsBySpace(kernel: Kernel): Promise<Map<string, string[]>> {
  const rows = await kernel.db
    .selectFrom('memberships')
    .select(['space_id', 'user_id'])
    .where(sql<boolean>`'root' = any(roles)`)
    .where('status', '=', 'active')
    .execute();
  const bySpace = new Map<string, string[]>();
  for (const row of rows) bySpace.set(row.space_id, [...(bySpace.get(row.space_id) ?? []), row.user_id]);
  return bySpace;
}

/**
 * Checks the flushed minutes against the limits, as stored (every process's share added in): a measure over its
 * limit opens a breach — one open breach per limit, route and measure, guarded by a unique index, so exactly one
 * process opens it — and the opening sends root a notice in the same transaction. Later minutes over the limit
 * only extend it; a minute within the limit (or five quiet minutes) ends it, and the next excess is a new breach.
 * Answers the number of breaches opened.
 */
export async function checkBreaches(kernel: Kernel, minutes: Date[]): Promise<number> {
  const limits = (await kernel.db.selectFrom('watch_threshold').select(['id', 'method', 'route', 'max_error_rate', 'max_p95_ms', 'min_calls']).execute()) as Limit[];
  if (!limits.length || !minutes.length) return 0;
  let opened = 0;
  const roots = await rootsBySpace(kernel);
  for (const minute of minutes) {
    const rows = await kernel.db.selectFrom('watch_minute').select(['method', 'route', 'calls', 'errors', 'max_ms', 'buckets']).where('minute', '=', minute).execute();
    for (const row of rows) {
      const limit = limitFor(limits, row);
      if (!limit) continue;
      for (const verdict of judge(limit, row)) {
        if (!verdict.over) {
          await openBreach(kernel, limit.id, row, verdict.metric).set({ ended_at: sql<Date>`now()` }).execute();
          continue;
        }
        const extended = await openBreach(kernel, limit.id, row, verdict.metric).set({ last_minute: minute, value: verdict.value }).executeTakeFirst();
        if (extended.numUpdatedRows > 0n) continue;
        if (await openAndTell(kernel, roots, { limitId: limit.id, row, minute, ...verdict })) opened += 1;
      }
    }
  }
  await kernel.db.updateTable('watch_breach').set({ ended_at: sql<Date>`now()` }).where('ended_at', 'is', null)
    .where('last_minute', '<', sql<Date>`${minutes[minutes.length - 1]!}::timestamptz - make_interval(mins => ${QUIET_MINUTES})`).execute();
  return opened;
}

function openBreach(kernel: Kernel, limitId: string, row: Measured, metric: Metric) {
  return kernel.db.updateTable('watch_breach').where('threshold_id', '=', limitId).where('method', '=', row.method).where('route', '=', row.route).where('metric', '=', metric).where('ended_at', 'is', null);
}

async function openAndTell(
  kernel: Kernel,
  roots: Map<string, string[]>,
  b: { limitId: string; row: Measured; minute: Date; metric: Metric; value: number; limit: number },
): Promise<boolean> {
  const [first] = [...roots.keys()];
  return inSpace(kernel.db, first ?? null, async (trx) => {
    const inserted = await trx
      .insertInto('watch_breach')
      .values({ threshold_id: b.limitId, method: b.row.method, route: b.row.route, metric: b.metric, value: b.value, limit_value: b.limit, started_minute: b.minute, last_minute: b.minute })
      .onConflict((oc) => oc.columns(['threshold_id', 'method', 'route', 'metric']).where('ended_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false; // another process opened it a moment ago and told root
    if (!kernel.notices.hasSender()) return true;
    const shown = b.metric === 'errorRate' ? (n: number) => `${(n * 100).toFixed(1)}%` : (n: number) => `${Math.round(n)} ms`;
    for (const [spaceId, members] of roots) {
      // The outbox is space-owned: each root space's notice is written as that space.
      await sql`select set_config('app.space_id', ${spaceId}, true)`.execute(trx);
      await kernel.notices.send(trx, spaceId, {
        recipients: { members },
        category: 'system',
        sourceApp: 'console',
        sourceRecord: inserted.id,
        title: { key: 'console.watch.notice.title', params: { route: `${b.row.method} ${b.row.route}` } },
        body: { key: `console.watch.notice.${b.metric}`, params: { value: shown(b.value), limit: shown(b.limit), minute: b.minute.toISOString() } },
        link: { routeId: 'console.watchDetail', query: { method: b.row.method, route: b.row.route } },
        priority: 'high',
      });
    }
    return true;
  });
}
