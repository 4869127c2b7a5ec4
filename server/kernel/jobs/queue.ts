import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Trx } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import type { PgListener } from '../notify.ts';
import { claimGroups, laneOf, renewAfterMs, type Group, type Kind, type Running } from './lanes.ts';
import { defaultBackoffMs, JobFailedForGood, JobStopped, type EnqueueOptions, type Job, type JobHandler, type JobKindOptions } from './types.ts';

export const JOBS_CHANNEL = 'kernel_jobs';
const POLL_MS = 1000;
const DEFAULT_LEASE_SECONDS = 60;
const HEARTBEAT_TICK_MS = 500;

interface Claimed {
  id: string;
  space_id: string | null;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  taken_from: string | null; // the worker whose lapsed claim this takes over; null: the job was ready
}

const toJson = (jobs: readonly EnqueueOptions[]) =>
  JSON.stringify(
    jobs.map((j) => ({
      kind: j.kind,
      payload: j.payload ?? {},
      runAt: j.runAt?.toISOString(),
      priority: j.priority,
      maxAttempts: j.maxAttempts,
      uniqueKey: j.uniqueKey,
      orderKey: j.orderKey,
    })),
  );

/**
 * The kernel's one job queue (decision 0092): apps define job kinds with their handlers; jobs are rows of
 * kernel_job, claimed with FOR UPDATE SKIP LOCKED under a lease that running handlers renew, so any number of
 * processes share the work and a dead process's jobs are taken over when its lease lapses. A failed try is retried
 * with backoff until its attempts are spent, then kept as a dead letter with its last error.
 */
export class JobQueue {
  readonly worker = `j-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly kinds = new Map<string, Kind>();
  private readonly running = new Map<string, Running>();
  /** Slots of each lane ('' the shared ones) promised to claims in flight. */
  private readonly reserved = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private heartbeats: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** Claims in flight: their jobs are about to run here (drainNow waits for them too). */
  private claiming = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** How many jobs this process runs at once. */
    private readonly concurrency = Number(process.env.JOBS_CONCURRENCY ?? 4),
  ) {}

  /** Registers a job kind; a kind is defined once, by the app that owns it (its id leads the kind's name). */
  define<P = Record<string, unknown>>(kind: string, handler: JobHandler<P>, options: JobKindOptions = {}): void {
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} is defined twice`);
    if (!/^[a-z][a-z0-9_.:-]{0,99}$/.test(kind)) throw new Error(`bad job kind ${kind}`);
    const lane = options.concurrency ?? null;
    if (lane !== null && !(Number.isInteger(lane) && lane >= 1)) throw new Error(`bad concurrency ${lane} for job kind ${kind}`);
    this.kinds.set(kind, {
      handler: handler as JobHandler,
      leaseSeconds: options.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
      backoffMs: options.backoffMs ?? defaultBackoffMs,
      lane,
    });
    this.kick();
  }

  defined(kind: string): boolean {
    return this.kinds.has(kind);
  }

  /**
   * Adds jobs of the transaction's space, in that transaction: they exist once it commits, and not if it rolls back.
   * Answers the ids added (a duplicate unique key adds none).
   */
  async enqueue(trx: Trx | Db, jobs: EnqueueOptions | readonly EnqueueOptions[], options: { platform?: boolean } = {}): Promise<string[]> {
    const list = Array.isArray(jobs) ? (jobs as readonly EnqueueOptions[]) : [jobs as EnqueueOptions];
    if (!list.length) return [];
    for (const job of list) if (!this.kinds.has(job.kind)) throw new Error(`job kind ${job.kind} is not defined`);
    const { rows } = await sql<{ id: string }>`select kernel_job_enqueue(${toJson(list)}::jsonb, ${options.platform === true}) as id`.execute(trx);
    return rows.map((r) => String(r.id));
  }

  async start(listener: PgListener): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await listener.listen(JOBS_CHANNEL, () => this.kick());
    this.heartbeats = setInterval(() => void this.renewClaims(), HEARTBEAT_TICK_MS);
    this.heartbeats.unref?.();
    this.schedule(0);
  }

  /** Work was added: look now rather than at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) this.again = true;
    else this.schedule(0);
  }

  /**
   * Stops claiming and asks running handlers to stop between batches (they hand their claims back, JobStopped).
   * A handler still running after `withinMs` is not waited for: its claim is handed back anyway, and its next
   * fenced write (`holds`) finds the job no longer its own.
   */
  async stop(withinMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeats) clearInterval(this.heartbeats);
    for (const run of this.running.values()) run.abort.abort();
    await this.draining;
    const settled = Promise.allSettled([...this.running.values()].map((r) => r.promise));
    let timer: NodeJS.Timeout | undefined;
    const late = Number.isFinite(withinMs) ? new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), withinMs))) : null;
    const outcome = await (late ? Promise.race([settled, late]) : settled);
    clearTimeout(timer);
    if (outcome === 'late' && this.running.size) await this.handBack([...this.running.keys()]);
  }

  /** Hands claims back unfinished (not counted as a try): another process takes them at once. */
  private async handBack(ids: string[]): Promise<void> {
    await sql`select kernel_job_release(${this.worker}, ${ids}::bigint[])`
      .execute(this.db)
      .then(() => this.log.info({ jobIds: ids, worker: this.worker }, 'jobs handed back at shutdown'))
      .catch((err: unknown) => this.log.warn({ err, jobIds: ids }, 'handing jobs back failed; their leases will lapse'));
  }

  /** Runs every due job now and waits until none is left (tests, and the jobs bench's warm-up). */
  async drainNow(): Promise<void> {
    for (;;) {
      const { claimed } = await this.claimAndLaunch(false);
      if (!claimed && !this.running.size && !this.claiming) return;
      if (this.running.size) await Promise.race([...this.running.values()].map((r) => r.promise));
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.draining = this.drain().finally(() => {
        this.draining = null;
        if (!this.stopped) this.schedule(this.again ? 0 : POLL_MS);
        this.again = false;
      });
    }, ms);
    this.timer.unref?.();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      this.again = false;
      const { asked, more } = await this.claimAndLaunch(true);
      if (!asked) {
        // Every slot is taken (or half-taken, see groups): wait for one to free up.
        if (!this.running.size) return;
        await Promise.race([...this.running.values()].map((r) => r.promise));
        continue;
      }
      if (!more && !this.again) return;
    }
  }

  /** One statement claims for every group; each call is bounded by its own group's room. */
  private async claim(groups: Group[]): Promise<Claimed[]> {
    const calls = groups.map(
      (g) => sql`(select * from kernel_job_claim(${this.worker}, ${g.kinds}::text[], make_interval(secs => ${g.lease}), ${g.limit}))`,
    );
    try {
      return (await sql<Claimed>`${sql.join(calls, sql` union all `)}`.execute(this.db)).rows;
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'claiming jobs failed');
      return [];
    }
  }

  /**
   * Claims and starts jobs. The slots asked for are reserved while the claim is in flight (drainNow and the poll
   * may claim at once; a lane must not overfill), and drainNow counts the claim, since its jobs are about to start.
   * `more`: some group got all it asked for, so more may be due.
   */
  private async claimAndLaunch(batched: boolean): Promise<{ asked: boolean; claimed: number; more: boolean }> {
    const groups = claimGroups(this.kinds, this.running.values(), this.reserved, this.concurrency, batched);
    if (!groups.length) return { asked: false, claimed: 0, more: false };
    for (const g of groups) this.reserved.set(g.lane, (this.reserved.get(g.lane) ?? 0) + g.limit);
    this.claiming++;
    let rows: Claimed[] = [];
    try {
      rows = await this.claim(groups);
    } finally {
      this.claiming--;
      for (const g of groups) this.reserved.set(g.lane, (this.reserved.get(g.lane) ?? 0) - g.limit);
      for (const row of rows) this.launch(row);
    }
    const more = groups.some((g) => rows.filter((r) => laneOf(this.kinds, r.kind) === g.lane).length >= g.limit);
    return { asked: true, claimed: rows.length, more };
  }

  private launch(row: Claimed): void {
    const id = String(row.id);
    const abort = new AbortController();
    const promise = this.run(row, abort.signal).finally(() => {
      this.running.delete(id);
      if (!this.stopped) this.kick();
    });
    this.running.set(id, { promise, abort, kind: row.kind, renewedAt: Date.now() });
  }

  private async run(row: Claimed, signal: AbortSignal): Promise<void> {
    const id = String(row.id);
    const kind = this.kinds.get(row.kind)!;
    if (row.taken_from !== null) this.log.warn({ jobId: id, kind: row.kind, previousWorker: row.taken_from, worker: this.worker, spaceId: row.space_id, attempt: row.attempts }, 'job taken over from a worker that stopped answering');
    const job: Job = {
      id,
      spaceId: row.space_id,
      kind: row.kind,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      takenOver: row.taken_from !== null,
      signal,
      heartbeat: async () => {
        const held = (await this.renew([id], kind.leaseSeconds)).includes(id);
        const run = this.running.get(id);
        if (held && run) run.renewedAt = Date.now();
        return held;
      },
    };
    let error: unknown = null;
    try {
      await kind.handler(job);
    } catch (caught) {
      error = caught;
    }
    if (error === null) return void (await this.finish(id, null, null));
    if (error instanceof JobStopped || (this.stopped && signal.aborted && isAbort(error))) return void (await this.handBack([id]));
    const forGood = error instanceof JobFailedForGood || row.attempts >= row.max_attempts;
    const message = error instanceof Error ? error.message || error.name : String(error);
    const retryAt = forGood ? null : new Date(Date.now() + kind.backoffMs(row.attempts));
    if (forGood) this.log.warn({ jobId: id, kind: row.kind, spaceId: row.space_id, attempts: row.attempts, err: error }, 'job is a dead letter');
    else this.log.info({ jobId: id, kind: row.kind, attempt: row.attempts, retryAt, err: error }, 'job failed; retrying later');
    await this.finish(id, message, retryAt);
  }

  private async finish(id: string, error: string | null, retryAt: Date | null): Promise<void> {
    const { rows } = await sql<{ ok: boolean }>`select kernel_job_finish(${this.worker}, ${id}::bigint, ${error}, ${retryAt}) as ok`
      .execute(this.db)
      .catch((err: unknown) => {
        this.log.error({ err, jobId: id }, 'recording the end of a job failed; its lease will lapse and it runs again');
        return { rows: [{ ok: false }] };
      });
    if (!rows[0]?.ok) this.log.warn({ jobId: id, worker: this.worker }, 'a job ended after another worker took it over');
  }

  private async renew(ids: string[], leaseSeconds: number, executor: Trx | Db = this.db): Promise<string[]> {
    if (!ids.length) return [];
    const { rows } = await sql<{ id: string }>`
      select kernel_job_heartbeat(${this.worker}, ${ids}::bigint[], make_interval(secs => ${leaseSeconds})) as id`.execute(executor);
    return rows.map((r) => String(r.id));
  }

  /**
   * Renews one job's claim inside the caller's transaction: the job's row stays locked until that commits, so a
   * takeover waits for the work in flight. False when another worker holds the job now (write nothing more).
   */
  async holds(trx: Trx, jobId: string, leaseSeconds: number): Promise<boolean> {
    return (await this.renew([jobId], leaseSeconds, trx)).length > 0;
  }

  /**
   * Renews each running job's claim for its kind's lease once a third of it has passed, so only a dead process's
   * claims lapse, and a kind with a short lease is taken over soon after its process died.
   */
  private async renewClaims(): Promise<void> {
    const now = Date.now();
    const due = new Map<number, string[]>();
    for (const [id, run] of this.running) {
      const lease = this.kinds.get(run.kind)!.leaseSeconds;
      if (now - run.renewedAt < renewAfterMs(lease)) continue;
      run.renewedAt = now;
      due.set(lease, [...(due.get(lease) ?? []), id]);
    }
    await Promise.all(
      [...due].map(([lease, ids]) => this.renew(ids, lease).catch((error: unknown) => this.log.warn({ err: error }, 'renewing job claims failed'))),
    );
  }
}

const isAbort = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';
