/**
 * A bare job worker process on DATABASE_URL (migrations already applied), for the queue's crash test and its
 * benchmark: the kernel's JobQueue with two test kinds, no HTTP. Each run is written to `test_job_run` (made by the
 * test). `test.slow` sleeps SLOW_MS while renewing its claim; `test.noop` only records its start.
 * Prints `WORKER <name> PID <pid>` once claiming; stops on SIGTERM.
 */
import { sql } from 'kysely';
import { openDatabases } from '../../server/kernel/db/pool.ts';
import { JobQueue } from '../../server/kernel/jobs/queue.ts';
import { createLogger } from '../../server/kernel/logger.ts';
import { PgListener } from '../../server/kernel/notify.ts';
import { DomainEvents } from '../../server/kernel/events/events.ts';
import { subscribeEventProbe } from './event-probe.ts';

const url = process.env.DATABASE_URL!;
const databases = openDatabases(url);
const log = createLogger(process.env.LOG_LEVEL ?? 'silent');
const listener = new PgListener(url, log);
const queue = new JobQueue(databases.app, log, Number(process.env.JOBS_CONCURRENCY ?? 4));
const slowMs = Number(process.env.SLOW_MS ?? 60_000);
const leaseSeconds = Number(process.env.LEASE_SECONDS ?? 2);

const record = (id: string, attempt: number, phase: string) =>
  sql`insert into test_job_run (job_id, attempt, worker, phase) values (${id}::bigint, ${attempt}, ${queue.worker}, ${phase})`.execute(databases.app);

queue.define('test.noop', async (job) => void (await record(job.id, job.attempt, 'start')), { leaseSeconds });
// The benchmark's no-op: only when it started, as the bare queue's worker records it.
queue.define('bench.noop', async (job) => void (await sql`insert into bench_run (job_id, started_at) values (${job.id}::bigint, clock_timestamp())`.execute(databases.app)), { leaseSeconds });
queue.define(
  'test.slow',
  async (job) => {
    await record(job.id, job.attempt, job.takenOver ? 'start-taken-over' : 'start');
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    await record(job.id, job.attempt, 'end');
  },
  { leaseSeconds },
);
if (process.env.EVENT_PROBE === '1') subscribeEventProbe(new DomainEvents(databases.app, queue), databases.app);
await queue.start(listener);
process.stdout.write(`WORKER ${queue.worker} PID ${process.pid}\n`);
process.on('SIGTERM', () => {
  void queue
    .stop()
    .then(() => listener.close())
    .then(() => databases.close())
    .then(() => process.exit(0));
});
