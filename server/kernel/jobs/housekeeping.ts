import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';
import type { JobQueue } from './queue.ts';
import type { Schedules } from './schedules.ts';

export const HOUSEKEEPING = { kind: 'kernel.housekeeping', name: 'hourly', cron: '23 * * * *' } as const;
/** Events are kept this long after they were raised: runs and histories that point at them can show them. */
const EVENT_DAYS = 7;

/** The kernel's own hourly work on its schedule: finished jobs older than a day and old events are removed. */
export function defineHousekeeping(db: Db, jobs: JobQueue, schedules: Schedules): void {
  schedules.declare(HOUSEKEEPING.kind, HOUSEKEEPING.name, HOUSEKEEPING.cron);
  jobs.define(HOUSEKEEPING.kind, async () => {
    await sql`select kernel_job_prune()`.execute(db);
    await sql`select kernel_event_prune(${EVENT_DAYS})`.execute(db);
  });
}
