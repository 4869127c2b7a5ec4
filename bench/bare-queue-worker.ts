/**
 * The baseline of bench:jobs: the bare SKIP LOCKED loop every PostgreSQL queue is built on, with nothing else
 * (no kinds, retries, leases renewed, dead letters or schedules). Claims up to ten jobs at a time, runs them at
 * once (each records when it started, as the kernel queue's no-op does), marks each done. Prints `BARE <pid>`.
 */
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 12 });
const name = `bare-${process.pid}`;
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
process.stdout.write(`BARE ${process.pid}\n`);
while (!stopping) {
  const { rows } = await pool.query<{ id: string }>(
    `update bare_job b set state = 'running', locked_by = $1, locked_until = now() + interval '60 seconds'
      from (select id from bare_job where state = 'ready' order by id limit 10 for update skip locked) c
     where b.id = c.id returning b.id`,
    [name],
  );
  if (!rows.length) {
    await new Promise((r) => setTimeout(r, 20));
    continue;
  }
  await Promise.all(
    rows.map(async ({ id }) => {
      await pool.query('insert into bare_run (job_id, started_at) values ($1, clock_timestamp())', [id]);
      await pool.query(`update bare_job set state = 'done', locked_by = null where id = $1 and locked_by = $2`, [id, name]);
    }),
  );
}
await pool.end();
process.exit(0);
