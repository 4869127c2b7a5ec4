import { sql } from 'kysely';
import type { Kernel } from '../../../kernel/kernel.ts';
import type { WatchWindow } from '../../../kernel/watch.ts';
import { checkBreaches } from './breaches.ts';
import { pruneTracking } from './tracking.ts';
import './tables.ts';

const MINUTE_MS = 60_000;
/** Minute rows older than this are removed (interface figures are for operating, not for the record). */
export const WATCH_KEEP_DAYS = 30;
/** Just after each minute's end, so the minute that ended is closed in every process. */
const AFTER_BOUNDARY_MS = 1_000;

/**
 * The store half of interface watch (decision 0085): each minute it takes the kernel's closed windows and adds them
 * into `watch_minute` — one row per route per minute, every process adding into the same row, its histogram summed
 * bucket by bucket — then checks the limits. Stopping flushes the running minute too, so nothing measured is lost.
 */
export class WatchFlusher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly kernel: Kernel) {}

  start(): void {
    if (!this.kernel.watch.enabled) return;
    const wait = MINUTE_MS - (Date.now() % MINUTE_MS) + AFTER_BOUNDARY_MS;
    this.timer = setTimeout(() => {
      this.timer = setInterval(() => void this.flush(), MINUTE_MS);
      this.timer.unref();
      void this.flush();
    }, wait);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush(true);
  }

  /** Stores what has been measured (`all`: the running minute too); answers the rows written. One flush at a time. */
  flush(all = false): Promise<number> {
    const next = this.running.then(() => this.flushNow(all));
    this.running = next.catch(() => undefined);
    return next;
  }

  private async flushNow(all: boolean): Promise<number> {
    const windows = this.kernel.watch.take(all);
    if (!windows.length) return 0;
    let written = 0;
    try {
      for (const window of windows) written += await this.store(window);
    } catch (error) {
      // The database is away: the windows are offered again at the next flush (the kernel keeps a few).
      this.kernel.watch.giveBack(windows);
      this.kernel.log.warn({ err: error }, 'interface watch: storing the minute failed; kept for the next flush');
      return 0;
    }
    try {
      await checkBreaches(this.kernel, windows.map((w) => new Date(w.minute)));
    } catch (error) {
      this.kernel.log.error({ err: error }, 'interface watch: checking the limits failed');
    }
    return written;
  }

  private async store(window: WatchWindow): Promise<number> {
    const minute = new Date(window.minute);
    const rows = window.routes.map((r) => ({
      minute,
      method: r.method,
      route: r.route.slice(0, 300),
      calls: r.calls,
      errors: r.errors,
      client_errors: r.clientErrors,
      total_ms: r.totalMs,
      max_ms: r.maxMs,
      buckets: r.buckets,
    }));
    await this.kernel.db
      .insertInto('watch_minute')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['minute', 'method', 'route']).doUpdateSet({
          calls: sql`watch_minute.calls + excluded.calls`,
          errors: sql`watch_minute.errors + excluded.errors`,
          client_errors: sql`watch_minute.client_errors + excluded.client_errors`,
          total_ms: sql`watch_minute.total_ms + excluded.total_ms`,
          max_ms: sql`greatest(watch_minute.max_ms, excluded.max_ms)`,
          buckets: sql`(select array_agg(a + b order by i) from unnest(watch_minute.buckets, excluded.buckets) with ordinality as u(a, b, i))`,
        }),
      )
      .execute();
    return rows.length;
  }

}

/**
 * Interface figures and tracking events past their keeping time are removed hourly, by one process: a platform
 * schedule of the kernel's queue.
 */
export function defineWatchPrune(kernel: Kernel): void {
  kernel.jobs.define('console.watch.prune', async () => {
    await kernel.db.deleteFrom('watch_minute').where('minute', '<', sql<Date>`now() - make_interval(days => ${WATCH_KEEP_DAYS})`).execute();
    await pruneTracking(kernel);
  });
  kernel.schedules.declare('console.watch.prune', 'hourly', '41 * * * *');
}
