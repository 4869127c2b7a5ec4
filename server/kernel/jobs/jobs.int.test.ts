import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { inSpace } from '../db/pool.ts';
import { JobFailedForGood, type Job } from './types.ts';

let platform: Platform;
const seen: Array<{ kind: string; id: string; spaceId: string | null; attempt: number; payload: unknown }> = [];
const failures = new Map<string, number>();
let orderLog: string[] = [];
/** What the platform logs at warn level or worse while the suite runs. */
const warnings: Array<Record<string, unknown>> = [];

/** Reads a job as the owner would not: through the space it belongs to (row-level security). */
const stateIn = (spaceId: string, id: string) =>
  inSpace(platform.kernel.db, spaceId, async (trx) => (await sql<{ state: string; attempts: number; last_error: string | null }>`select state, attempts, last_error from kernel_job where id = ${id}::bigint`.execute(trx)).rows[0]);

const enqueueIn = (spaceId: string, kind: string, extra: Record<string, unknown> = {}) =>
  inSpace(platform.kernel.db, spaceId, (trx) => platform.kernel.jobs.enqueue(trx, { kind, payload: { n: 1 }, ...extra }));

beforeAll(async () => {
  platform = await startTestPlatform({ log: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) }) });
  const jobs = platform.kernel.jobs;
  const note = (job: Job) => void seen.push({ kind: job.kind, id: job.id, spaceId: job.spaceId, attempt: job.attempt, payload: job.payload });
  jobs.define('test.ok', async (job) => note(job));
  jobs.define('test.flaky', async (job) => {
    note(job);
    const left = failures.get(job.id) ?? 2;
    failures.set(job.id, left - 1);
    if (left > 0) throw new Error(`flaky failure ${left}`);
  }, { backoffMs: () => 50 });
  jobs.define('test.broken', async () => {
    throw new Error('always broken');
  }, { backoffMs: () => 50 });
  jobs.define('test.fatal', async () => {
    throw new JobFailedForGood('cannot be mended');
  });
  jobs.define('test.ordered', async (job) => {
    const n = (job.payload as { n: number }).n;
    orderLog.push(`start ${n}`);
    await new Promise((r) => setTimeout(r, 30));
    orderLog.push(`end ${n}`);
  });
});

afterAll(async () => platform?.stop());

describe('the kernel job queue', () => {
  it('runs a job of a space after its transaction commits, in that space, with its payload', async () => {
    const [id] = await enqueueIn('acme', 'test.ok', { payload: { hello: 'world' } });
    await eventually(async () => seen.find((s) => s.id === id), Boolean);
    expect(seen.find((s) => s.id === id)).toMatchObject({ kind: 'test.ok', spaceId: 'acme', attempt: 1, payload: { hello: 'world' } });
    expect((await stateIn('acme', id!))?.state).toBe('done');
  });

  it('adds nothing when the enqueuing transaction rolls back', async () => {
    let id = '';
    await expect(
      inSpace(platform.kernel.db, 'acme', async (trx) => {
        id = (await platform.kernel.jobs.enqueue(trx, { kind: 'test.ok' }))[0]!;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await stateIn('acme', id)).toBeUndefined();
  });

  it('retries a failing job with backoff and keeps its last error until it succeeds', async () => {
    const [id] = await enqueueIn('acme', 'test.flaky');
    const done = await eventually(() => stateIn('acme', id!), (s) => s?.state === 'done');
    expect(done).toMatchObject({ state: 'done', attempts: 3, last_error: 'flaky failure 1' });
  });

  it('ends a job that keeps failing in dead letters with its error; the operator retries or discards it', async () => {
    const [id] = await enqueueIn('acme', 'test.broken', { maxAttempts: 2 });
    const dead = await eventually(() => stateIn('acme', id!), (s) => s?.state === 'dead');
    expect(dead).toMatchObject({ state: 'dead', attempts: 2, last_error: 'always broken' });
    const letters = (await sql<{ id: string; kind: string; last_error: string }>`select * from kernel_job_dead(50)`.execute(platform.kernel.db)).rows;
    expect(letters.find((l) => String(l.id) === id)).toMatchObject({ kind: 'test.broken', last_error: 'always broken' });
    expect((await sql<{ ok: boolean }>`select kernel_job_revive(${id}::bigint, false) as ok`.execute(platform.kernel.db)).rows[0]!.ok).toBe(true);
    await eventually(() => stateIn('acme', id!), (s) => s?.state === 'dead' && s.attempts === 2);
    expect((await sql<{ ok: boolean }>`select kernel_job_revive(${id}::bigint, true) as ok`.execute(platform.kernel.db)).rows[0]!.ok).toBe(true);
    expect(await stateIn('acme', id!)).toBeUndefined();
  });

  it('makes a failure that no retry can mend a dead letter at once', async () => {
    const [id] = await enqueueIn('nova', 'test.fatal');
    expect(await eventually(() => stateIn('nova', id!), (s) => s?.state === 'dead')).toMatchObject({ attempts: 1, last_error: 'cannot be mended' });
  });

  it('adds a job with a unique key once while it waits', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const first = await enqueueIn('acme', 'test.ok', { uniqueKey: 'only-once', runAt: later });
    const second = await enqueueIn('acme', 'test.ok', { uniqueKey: 'only-once', runAt: later });
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(0);
  });

  it('runs jobs sharing an order key one at a time, in the order they were added', async () => {
    orderLog = [];
    await inSpace(platform.kernel.db, 'acme', (trx) =>
      platform.kernel.jobs.enqueue(trx, [1, 2, 3, 4, 5].map((n) => ({ kind: 'test.ordered', payload: { n }, orderKey: 'record-42' }))),
    );
    await eventually(async () => orderLog.length, (n) => n === 10);
    expect(orderLog).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3', 'start 4', 'end 4', 'start 5', 'end 5']);
  });

  it('keeps each space to its own jobs: another space neither sees nor writes them, and a request cannot insert one directly', async () => {
    const [id] = await enqueueIn('acme', 'test.ok', { runAt: new Date(Date.now() + 3_600_000), uniqueKey: 'private' });
    expect(await stateIn('nova', id!)).toBeUndefined();
    expect(await stateIn('acme', id!)).toMatchObject({ state: 'ready' });
    await expect(
      inSpace(platform.kernel.db, 'nova', (trx) => sql`insert into kernel_job (space_id, kind) values ('acme', 'test.ok')`.execute(trx)),
    ).rejects.toThrow(/permission denied/);
    await expect(inSpace(platform.kernel.db, 'nova', (trx) => sql`update kernel_job set state = 'dead' where id = ${id}::bigint`.execute(trx))).rejects.toThrow(
      /permission denied/,
    );
    // A job without the request's space is refused rather than made a platform job by accident.
    await expect(inSpace(platform.kernel.db, null, (trx) => platform.kernel.jobs.enqueue(trx, { kind: 'test.ok' }))).rejects.toThrow(/needs the request's space/);
  });

  it('refuses a kind nobody defined', async () => {
    await expect(enqueueIn('acme', 'test.unknown')).rejects.toThrow(/not defined/);
  });

  it('counts jobs by kind and state for the operator', async () => {
    const counts = (await sql<{ kind: string; state: string; jobs: string }>`select * from kernel_job_counts()`.execute(platform.kernel.db)).rows;
    expect(counts.find((c) => c.kind === 'test.ok' && c.state === 'done')?.jobs).toBeDefined();
    expect(Number(counts.find((c) => c.kind === 'test.fatal' && c.state === 'dead')?.jobs)).toBe(1);
  });
});

describe('a job whose worker stopped answering', () => {
  it('is taken over when its lease lapses and runs to its end once', async () => {
    platform.kernel.jobs.define('test.orphan', async (job) => void seen.push({ kind: job.kind, id: job.id, spaceId: job.spaceId, attempt: job.attempt, payload: { takenOver: job.takenOver } }));
    const [id] = await enqueueIn('acme', 'test.orphan', { runAt: new Date(Date.now() + 3_600_000) });
    // A worker that claims the job and dies: its claim holds one second, then lapses. Made due and claimed in one
    // transaction, so this process's own worker cannot take it first.
    const client = await platform.kernel.databases.owner.connect();
    let claimed;
    try {
      await client.query('begin');
      await client.query(`update kernel_job set run_at = now() where id = $1`, [id]);
      claimed = await client.query(`select * from kernel_job_claim('dead-worker', array['test.orphan'], interval '1 second', 1)`);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(String(claimed.rows[0]?.id)).toBe(id);
    const run = await eventually(async () => seen.find((s) => s.id === id), Boolean, 20_000);
    expect(run).toMatchObject({ attempt: 2, payload: { takenOver: true } });
    expect(await eventually(() => stateIn('acme', id!), (s) => s?.state === 'done')).toMatchObject({ state: 'done', attempts: 2 });
    expect(seen.filter((s) => s.id === id)).toHaveLength(1);
    expect(warnings.filter((w) => w.msg === 'job taken over from a worker that stopped answering' && w.jobId === id)).toEqual([
      expect.objectContaining({ level: 40, kind: 'test.orphan', previousWorker: 'dead-worker', worker: platform.kernel.jobs.worker, spaceId: 'acme' }),
    ]);
    // The dead worker's late end is refused: the job is not its to finish any more.
    expect((await platform.kernel.databases.owner.query(`select kernel_job_finish('dead-worker', $1, null, null) as ok`, [id])).rows[0].ok).toBe(false);
  });
});

describe('a kind with a lane of its own (concurrency)', () => {
  it('runs at most that many of its jobs at once, beside the shared slots: other kinds go on while it is stuck', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    let inside = 0;
    let most = 0;
    platform.kernel.jobs.define('test.stuck', async (job) => {
      started.push(job.id);
      most = Math.max(most, ++inside);
      await gate;
      inside -= 1;
    }, { concurrency: 1 });
    const stuck = (await Promise.all([1, 2, 3].map(() => enqueueIn('acme', 'test.stuck')))).flat();
    await eventually(async () => started.length, (n) => n === 1);
    // More jobs of other kinds than the process has shared slots: all run while the lane is stuck.
    const others = (await Promise.all([1, 2, 3, 4, 5].map(() => enqueueIn('acme', 'test.ok')))).flat();
    for (const id of others) expect((await eventually(() => stateIn('acme', id), (s) => s?.state === 'done'))?.state).toBe('done');
    expect(started).toHaveLength(1);
    release();
    for (const id of stuck) expect((await eventually(() => stateIn('acme', id), (s) => s?.state === 'done'))?.state).toBe('done');
    expect(started.sort()).toEqual([...stuck].sort());
    expect(most).toBe(1);
  });

  it('refuses a lane that is not a positive whole number', () => {
    expect(() => platform.kernel.jobs.define('test.badlane', async () => {}, { concurrency: 0 })).toThrow(/bad concurrency/);
    expect(() => platform.kernel.jobs.define('test.badlane', async () => {}, { concurrency: 1.5 })).toThrow(/bad concurrency/);
  });
});
