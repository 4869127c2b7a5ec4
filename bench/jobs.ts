/**
 * The kernel's job queue (decision 0092). 1. Throughput: 10,000 no-op jobs enqueued at once and run by two worker
 * processes, jobs/s and p95 enqueue-to-start, against the bare SKIP LOCKED loop (bare-queue-worker.ts) on the same
 * database, alternating rounds. 2. Events: a record update through the API (a server that runs no jobs) until a
 * subscriber in a worker process has its event, p95, against the update's own answer time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/kernel/db/embedded.ts';
import { TestClient } from '../tests/support/client.ts';
import { startScript, stopProcess } from '../tests/support/process.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 300);
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const median = (values: number[]) => percentile(values, 0.5);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-bench-jobs-'));
fs.chmodSync(work, 0o755);
const database = await startEmbeddedPostgres(path.join(work, 'data'), () => undefined);
const url = database.url;
const env = { DATABASE_URL: url, DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'silent', EVENT_PROBE: '1', DEMO_MQTT_PORT: 'off' };
const children: Array<ReturnType<typeof startScript>['child']> = [];
const start = async (script: string, extra: Record<string, string>, ready: RegExp) => {
  const started = startScript(script, { ...env, ...extra }, ready, 120_000);
  children.push(started.child);
  await started.ready;
  return started.child;
};
const db = new pg.Client({ connectionString: url });
try {
  // The API server (migrations, demo seed) runs no jobs: deliveries happen in the worker processes.
  const server = startScript('tests/support/serve.ts', { ...env, DEMO_SEED: '1', DEMO_PASSWORD: 'Demo@2026', JOBS: 'off' }, /LISTENING (\S+)/, 120_000);
  children.push(server.child);
  const base = (await server.ready)[1]!;
  await db.connect();
  await db.query(`create table bench_run (job_id bigint primary key, started_at timestamptz not null);
    create table bare_job (id bigserial primary key, kind text not null, payload jsonb not null default '{}', state text not null default 'ready',
      locked_by text, locked_until timestamptz, created_at timestamptz not null default clock_timestamp());
    create table bare_run (job_id bigint primary key, started_at timestamptz not null);
    create table bench_event_probe (event_id bigint primary key, record_id bigint not null, received_at timestamptz not null default clock_timestamp());
    grant select, insert on bench_run, bench_event_probe to qpaas_app;`);

  /** One round: enqueue JOBS at once (batches of 1,000), wait until every one started; jobs/s and p95 latency. */
  async function round(kind: 'kernel' | 'bare') {
    const workers =
      kind === 'kernel'
        ? await Promise.all([1, 2].map(() => start('tests/support/job-worker.ts', { JOBS_CONCURRENCY: '10' }, /WORKER/)))
        : await Promise.all([1, 2].map(() => start('bench/bare-queue-worker.ts', {}, /BARE/)))
    const runs = kind === 'kernel' ? 'bench_run' : 'bare_run';
    const jobs = kind === 'kernel' ? 'kernel_job' : 'bare_job';
    await db.query(`truncate ${runs}; delete from ${jobs} where kind = 'bench.noop'`);
    const began = Date.now();
    for (let i = 0; i < JOBS; i += 1000) {
      const batch = JSON.stringify(Array.from({ length: Math.min(1000, JOBS - i) }, () => ({ kind: 'bench.noop' })));
      if (kind === 'kernel') await db.query(`select count(*) from kernel_job_enqueue($1::jsonb, true)`, [batch]);
      else await db.query(`insert into bare_job (kind) select j->>'kind' from jsonb_array_elements($1::jsonb) j`, [batch]);
    }
    for (;;) {
      if (Number((await db.query(`select count(*) as n from ${runs}`)).rows[0].n) >= JOBS) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (Date.now() - began) / 1000;
    const latency = (await db.query(`select extract(epoch from r.started_at - j.created_at) * 1000 as ms from ${runs} r join ${jobs} j on j.id = r.job_id`)).rows.map((r) => Number(r.ms));
    const twice = Number((await db.query(`select count(*) - count(distinct job_id) as n from ${runs}`)).rows[0].n);
    for (const child of workers) await stopProcess(child);
    return { rate: JOBS / seconds, p95: percentile(latency, 0.95), twice };
  }

  const kernelRounds = [];
  const bareRounds = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    bareRounds.push(await round('bare'));
    kernelRounds.push(await round('kernel'));
    console.log(`round ${r + 1}: kernel ${kernelRounds[r]!.rate.toFixed(0)} jobs/s (p95 ${kernelRounds[r]!.p95.toFixed(0)} ms), bare ${bareRounds[r]!.rate.toFixed(0)} jobs/s (p95 ${bareRounds[r]!.p95.toFixed(0)} ms)`);
  }
  if ([...kernelRounds, ...bareRounds].some((r) => r.twice > 0)) throw new Error('a job started twice');
  const kernelRate = median(kernelRounds.map((r) => r.rate));
  const bareRate = median(bareRounds.map((r) => r.rate));
  console.log(`kernel queue: ${kernelRate.toFixed(0)} jobs/s, p95 enqueue-to-start ${median(kernelRounds.map((r) => r.p95)).toFixed(0)} ms (10,000 at once, 2 processes × 10)`);
  console.log(`bare SKIP LOCKED: ${bareRate.toFixed(0)} jobs/s, p95 enqueue-to-start ${median(bareRounds.map((r) => r.p95)).toFixed(0)} ms`);

  // Events: record updates through the API; a worker process receives each one.
  const probes = await Promise.all([1, 2].map(() => start('tests/support/job-worker.ts', { JOBS_CONCURRENCY: '4' }, /WORKER/)));
  const client = new TestClient(base);
  if ((await client.login('acme.admin', 'Demo@2026')).status !== 200) throw new Error('login failed');
  const forms = await db.query(`select id from forms_form where space_id = 'acme' and version > 0 order by id limit 1`);
  const formId = String(forms.rows[0].id);
  const created = (await client.post(`/api/forms/forms/${formId}/records`, { values: { f1: 'Bench' } })).body.data;
  const answers: number[] = [];
  const deliveries: number[] = [];
  let version = created.rowVersion as number;
  for (let i = 0; i < UPDATES; i += 1) {
    const sent = Date.now();
    const answer = await client.put(`/api/forms/forms/${formId}/records/${created.id}`, { values: { f1: `Bench ${i}` }, rowVersion: version });
    if (answer.status !== 200) throw new Error(`update failed: ${JSON.stringify(answer.body)}`);
    answers.push(Date.now() - sent);
    version = answer.body.data.rowVersion;
    const eventId = (await db.query(`select max(id) as id from kernel_event where type = 'forms.record.updated'`)).rows[0].id;
    for (;;) {
      const got = await db.query(`select extract(epoch from received_at) * 1000 as at from bench_event_probe where event_id = $1`, [eventId]);
      if (got.rows[0]) {
        deliveries.push(Number(got.rows[0].at) - sent);
        break;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  }
  for (const child of probes) await stopProcess(child);
  const eventsP95 = percentile(deliveries.slice(20), 0.95);
  console.log(`events: update answered p95 ${percentile(answers.slice(20), 0.95).toFixed(0)} ms; its event at a subscriber in another process p95 ${eventsP95.toFixed(0)} ms (${UPDATES - 20} updates after 20 warm-up)`);
  console.log(`jobs: ${(kernelRate / bareRate).toFixed(2)}× bare queue throughput, events p95 ${eventsP95.toFixed(0)} ms`);
} finally {
  for (const child of children) await stopProcess(child);
  await db.end().catch(() => undefined);
  await database.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
