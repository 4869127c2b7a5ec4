import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { testConfig } from '../../../../tests/support/databases.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { eventually } from '../../../../tests/support/messages.ts';
import { createTestDatabase, dropTestDatabase } from '../../../../tests/support/platform.ts';
import { crashProcess, startScript, stopProcess } from '../../../../tests/support/process.ts';
import { startPlatform, type Platform } from '../../../platform.ts';
import { finished, sheetRows } from './import-kit.ts';

// Decision 0109: exports are stored in PostgreSQL, written per try, completed only under the lease. Each server
// process below has a data folder of its own, as separate hosts would: nothing on one disk is seen by another.
const ROWS = 4000;
const FILLER = 'x'.repeat(300); // 4,000 rows of ~300 bytes: more than one stored part of a MiB

let databaseUrl = '';
let reader: Platform | null = null; // answers requests only (JOBS=off): it never writes an export itself
let admin: TestClient;
let owner: pg.Pool;
let formId = '';
const children: ChildProcess[] = [];
const folders: string[] = [];

const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-export-host-'));
  folders.push(dir);
  return dir;
};

/** A server process on the test database with its own data folder; its log lines are kept for the test to read. */
async function server(dataDir: string, env: Record<string, string> = {}) {
  const started = startScript('tests/support/serve.ts', { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_SEED: '0', PORT: '0', LOG_LEVEL: 'silent', ...env }, /LISTENING (\S+)/);
  children.push(started.child);
  let log = '';
  started.child.stdout?.on('data', (chunk) => (log += String(chunk)));
  // One that does not get ready must not stay behind as a worker that takes the next test's jobs.
  await started.ready.catch(async (error: unknown) => {
    await crashProcess(started.child);
    throw error;
  });
  return { child: started.child, log: () => log };
}

/** Every file under a data folder's exports, relative to it. */
const exportFiles = (dataDir: string): string[] => {
  const dir = path.join(dataDir, 'exports');
  return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))) : [];
};

/** Holds a table in a transaction of its own, so that whatever reads it waits: an export's try is parked mid-way. */
async function hold(table: string): Promise<pg.PoolClient> {
  const client = await owner.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  return client;
}
const holdRecords = () => hold(`forms_data_${formId}`);
/** Lets go of a hold: what waited goes on. */
async function release(client: pg.PoolClient | null): Promise<null> {
  if (client) {
    await client.query('commit');
    client.release();
  }
  return null;
}

/** True once some server waits for a lock on `table` (held by hold()). */
const waitingOn = async (table: string) =>
  (await owner.query('select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation where not l.granted and c.relname = $1', [table])).rows[0].n > 0;
/** An export's batch waits for its records: the try has opened its file and holds the job. */
const parked = () => waitingOn(`forms_data_${formId}`);

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A signal to a server's whole process group (tsx and the server it runs); one already gone is left alone. */
const signal = (child: ChildProcess, name: NodeJS.Signals) => {
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, name);
};

async function exportJob(): Promise<string> {
  return (await ok(admin.post(`/api/forms/forms/${formId}/exports?lang=en`, { format: 'csv' }))).id;
}

/** Downloads an export from the reader process and checks it is the whole form. */
async function downloaded(jobId: string) {
  const file = await admin.download(`/api/forms/jobs/${jobId}/file`);
  expect(file.status).toBe(200);
  const rows = await sheetRows(file.bytes, 'csv');
  expect(rows).toHaveLength(ROWS + 1);
  expect(rows[1]![0]).toBe(`Row 1 ${FILLER}`);
  expect(rows.at(-1)![0]).toBe(`Row ${ROWS} ${FILLER}`);
  return file;
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase('exporthosts', inject('templateDatabase'));
  reader = await startPlatform({ ...testConfig(databaseUrl), jobs: false });
  owner = reader.kernel.databases.owner;
  admin = await signedIn(reader.url, 'acme.admin');
  ({ formId } = await publishedForm(admin, [{ key: 'f1', type: 'text', label: 'Title', required: true, title: true }]));
  await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: 'seed' } }));
  // Records written straight into the table (the test owns the database): thousands through the API would be slow.
  await owner.query(
    `insert into forms_data_${formId} (space_id, owner_id, owner_dept_id, created_by, updated_by, form_version, f1)
     select space_id, owner_id, owner_dept_id, created_by, updated_by, form_version, 'Row ' || g || ' ' || $1 from forms_data_${formId}, generate_series(1, ${ROWS}) g`,
    [FILLER],
  );
  await owner.query(`delete from forms_data_${formId} where f1 = 'seed'`);
}, 120_000);

afterAll(async () => {
  for (const child of children) {
    signal(child, 'SIGCONT');
    await stopProcess(child);
  }
  await reader?.stop();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('exports across server processes that share only the database', () => {
  it('an export finished by one process downloads from another whose disk never saw it, after the first host is gone', async () => {
    const writerDir = folder();
    const writer = await server(writerDir);
    const jobId = await exportJob();
    const job = await finished(admin, jobId);
    expect(job.status).toBe('complete');
    await stopProcess(writer.child);
    fs.rmSync(writerDir, { recursive: true, force: true }); // the first host, with its disk, is gone

    const file = await downloaded(jobId);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(job.fileName)}`);
    expect(Number(file.headers.get('content-length'))).toBe(file.bytes.length);
    expect(file.bytes.length).toBe(Number(job.fileSize));
    // Stored in parts, more than one here: the bytes above are the parts joined in order.
    expect((await owner.query('select count(*)::int as n from forms_export_part where job_id = $1', [jobId])).rows[0].n).toBeGreaterThan(1);
    expect(exportFiles(testConfig(databaseUrl).dataDir)).toEqual([]);
  }, 180_000);

  it('a try frozen past its lease wakes after another process finished the job: it neither completes nor deletes anything but its own file', async () => {
    const frozenDir = folder();
    // FORMS_JOB_STALE_SECONDS=1: a frozen process loses the job a second after its last heartbeat.
    const frozen = await server(frozenDir, { FORMS_JOB_STALE_SECONDS: '1', LOG_LEVEL: 'warn' });
    const held = await holdRecords();
    let jobId = '';
    try {
      jobId = await exportJob();
      expect(await eventually(parked, Boolean)).toBe(true);
      expect(exportFiles(frozenDir)).toHaveLength(1);
      signal(frozen.child, 'SIGSTOP');
    } finally {
      await release(held);
    }
    let taker: ChildProcess | null = null;
    try {
      taker = (await server(folder(), { FORMS_JOB_STALE_SECONDS: '1' })).child;
      expect(await finished(admin, jobId)).toMatchObject({ status: 'complete', total: ROWS });
      const state = 'select status, total, output_size, finished_at from forms_job where id = $1';
      const before = { job: (await owner.query(state, [jobId])).rows[0], bytes: digest((await downloaded(jobId)).bytes) };
      const queued = `select state, attempts from kernel_job where kind = 'forms.export' and payload->>'jobId' = $1`;
      expect((await owner.query(queued, [jobId])).rows[0]).toEqual({ state: 'done', attempts: 2 });

      signal(frozen.child, 'SIGCONT');
      // The queue logs this once the woken try has ended (whatever it did), since its claim is no longer its own.
      const ended = await eventually(async () => frozen.log(), (log) => log.includes('a job ended after another worker took it over'), 60_000);
      expect(ended).toContain('a job ended after another worker took it over');
      expect({ job: (await owner.query(state, [jobId])).rows[0], bytes: digest((await downloaded(jobId)).bytes) }).toEqual(before);
      expect((await owner.query(queued, [jobId])).rows[0]).toEqual({ state: 'done', attempts: 2 });
      expect(exportFiles(frozenDir)).toEqual([]);
    } finally {
      // A failed check must leave neither a frozen process holding its transaction open nor a worker running for the
      // tests after it.
      signal(frozen.child, 'SIGCONT');
      await Promise.all([stopProcess(frozen.child), taker && stopProcess(taker)]);
    }
  }, 180_000);

  it('a try frozen past its lease wakes while the process that took the job over still works on it: only the new holder completes it', async () => {
    const frozenDir = folder();
    const frozen = await server(frozenDir, { FORMS_JOB_STALE_SECONDS: '1', LOG_LEVEL: 'warn' });
    let taker: ChildProcess | null = null;
    let records: pg.PoolClient | null = await holdRecords();
    let definitions: pg.PoolClient | null = null;
    try {
      const jobId = await exportJob();
      expect(await eventually(parked, Boolean)).toBe(true);
      signal(frozen.child, 'SIGSTOP');
      records = await release(records);
      // The frozen try's batch has been read (it waits in its socket). Its claim is kept from lapsing while the next
      // process starts (a start reads every table's policy, so no table may be held then), then it lapses while the
      // form's definition is held: the next try takes the job over and waits there, before its first batch.
      const queuedJob = `update kernel_job set locked_until = now() + $2::interval where kind = 'forms.export' and payload->>'jobId' = $1`;
      await owner.query(queuedJob, [jobId, '1 hour']);
      taker = (await server(folder(), { FORMS_JOB_STALE_SECONDS: '1' })).child;
      definitions = await hold('forms_version');
      await owner.query(queuedJob, [jobId, '-1 second']);
      expect(await eventually(() => waitingOn('forms_version'), Boolean)).toBe(true);
      const queued = `select state, attempts, locked_by is not null as held from kernel_job where kind = 'forms.export' and payload->>'jobId' = $1`;
      expect((await owner.query(queued, [jobId])).rows[0]).toEqual({ state: 'running', attempts: 2, held: true });

      signal(frozen.child, 'SIGCONT');
      const ended = await eventually(async () => frozen.log(), (log) => log.includes('a job ended after another worker took it over'), 60_000);
      expect(ended).toContain('a job ended after another worker took it over');
      // The woken try wrote its whole file, then found the job no longer its own: nothing stored, nothing completed.
      const job = 'select j.status, (select count(*)::int from forms_export_part p where p.job_id = j.id) as parts from forms_job j where j.id = $1';
      expect((await owner.query(job, [jobId])).rows[0]).toEqual({ status: 'preparing', parts: 0 });
      expect(exportFiles(frozenDir)).toEqual([]);

      definitions = await release(definitions);
      expect(await finished(admin, jobId)).toMatchObject({ status: 'complete', total: ROWS });
      expect((await owner.query(queued, [jobId])).rows[0]).toEqual({ state: 'done', attempts: 2, held: false });
      await downloaded(jobId);
    } finally {
      await release(records);
      await release(definitions);
      signal(frozen.child, 'SIGCONT');
      await Promise.all([stopProcess(frozen.child), taker && stopProcess(taker)]);
    }
  }, 180_000);

  it('the partial file of a killed try is removed when a process starts on that host again; a live try’s file stays', async () => {
    const hostDir = folder();
    const killed = await server(hostDir, { FORMS_JOB_STALE_SECONDS: '1' });
    const held = await holdRecords();
    let jobId = '';
    let partial: string | undefined;
    try {
      jobId = await exportJob();
      expect(await eventually(parked, Boolean)).toBe(true);
      [partial] = exportFiles(hostDir);
      expect(partial).toBeTruthy();
      await crashProcess(killed.child);
    } finally {
      await release(held);
    }
    // Its lease long past (as after a restart), and beside it the file of a try that is still being written.
    const exports = path.join(hostDir, 'exports');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(exports, partial!), anHourAgo, anHourAgo);
    const live = 'acme-999999-1-a1-j-1-00000000.csv.part';
    fs.writeFileSync(path.join(exports, live), 'rows so far');

    // The next process on this host (its lease the default 30 s) sweeps before it listens.
    const next = await server(hostDir);
    expect(exportFiles(hostDir)).not.toContain(partial);
    expect(exportFiles(hostDir)).toContain(live);
    // And it takes the export over and finishes it.
    expect(await finished(admin, jobId)).toMatchObject({ status: 'complete', total: ROWS });
    await downloaded(jobId);
    expect(exportFiles(hostDir)).toEqual([live]);
    await stopProcess(next.child);
  }, 180_000);

  it('stored exports past the history’s 3 days are removed by the hourly prune; newer ones stay downloadable', async () => {
    const stored = (await owner.query<{ job_id: string }>('select distinct job_id::text from forms_export_part order by 1')).rows.map((r) => r.job_id);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    const [old, recent] = stored as [string, string];
    await owner.query(`update forms_export_part set stored_at = now() - interval '3 days 1 minute' where job_id = $1`, [old]);
    await owner.query(`update kernel_schedule set next_run_at = now() - interval '1 second' where kind = 'forms.export.prune'`);
    expect(await reader!.kernel.schedules.tick()).toBe(1);
    await reader!.kernel.jobs.drainNow();
    expect((await owner.query('select count(*)::int as n from forms_export_part where job_id = $1', [old])).rows[0].n).toBe(0);
    const gone = await admin.get(`/api/forms/jobs/${old}/file`);
    expect([gone.status, gone.body.msg]).toEqual([409, 'forms.job.notReady']);
    await downloaded(recent);
  }, 60_000);
});
