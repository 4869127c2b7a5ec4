import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tests/support/messages.ts';
import { createTestDatabase, dropTestDatabase, startTestPlatform } from '../../../tests/support/platform.ts';
import { crashProcess, logLines, startScript, stopProcess } from '../../../tests/support/process.ts';

let databaseUrl = '';
let owner: pg.Client | null = null;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) await stopProcess(child);
  await owner?.end().catch(() => undefined);
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

const worker = (env: Record<string, string>) => {
  const started = startScript('tests/support/job-worker.ts', { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', LEASE_SECONDS: '2', ...env }, /WORKER (\S+) PID (\d+)/);
  children.push(started.child);
  return started;
};

const runs = async () => (await owner!.query<{ attempt: number; phase: string; worker: string }>('select attempt, phase, worker from test_job_run order by at')).rows;

describe('a worker process killed in the middle of a job', () => {
  it('loses the job to another process once its lease lapses; the job runs to its end once', async () => {
    databaseUrl = await createTestDatabase('jobcrash');
    const setup = await startTestPlatform({ databaseUrl, demoSeed: false });
    await setup.stop();
    owner = new pg.Client({ connectionString: databaseUrl });
    await owner.connect();
    await owner.query(`create table test_job_run (job_id bigint, attempt int, worker text, phase text, at timestamptz default clock_timestamp())`);
    await owner.query('grant select, insert on test_job_run to qpaas_app');
    const job = (await owner.query<{ id: string }>(`select kernel_job_enqueue('[{"kind": "test.slow"}]'::jsonb, true) as id`)).rows[0]!.id;

    const doomed = worker({ SLOW_MS: '60000' });
    const [, doomedName] = await doomed.ready;
    await eventually(runs, (rows) => rows.length === 1);
    await crashProcess(doomed.child);

    const survivor = worker({ SLOW_MS: '100', LOG_LEVEL: 'warn' });
    const said = logLines(survivor.child);
    const [, survivorName] = await survivor.ready;
    const done = await eventually(runs, (rows) => rows.some((r) => r.phase === 'end'), 30_000);
    expect(done).toEqual([
      { attempt: 1, phase: 'start', worker: doomedName },
      { attempt: 2, phase: 'start-taken-over', worker: survivorName },
      { attempt: 2, phase: 'end', worker: survivorName },
    ]);
    const state = await eventually(
      async () => (await owner!.query('select state, attempts, locked_by from kernel_job where id = $1', [job])).rows[0],
      (row) => row.state === 'done',
    );
    expect(state).toEqual({ state: 'done', attempts: 2, locked_by: null });
    // The takeover is logged by the process that took over, naming the worker that stopped answering.
    const takeover = await eventually(async () => said().find((line) => line.jobId === job), Boolean);
    expect(takeover).toMatchObject({ level: 40, msg: 'job taken over from a worker that stopped answering', kind: 'test.slow', previousWorker: doomedName, worker: survivorName });
  });
});
