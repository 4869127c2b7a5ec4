import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Role } from '../../../../shared/roles.ts';
import { inSpace, type Db, type Trx } from '../../../kernel/db/pool.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { Actor } from '../context.ts';

export interface JobRow {
  id: string;
  space_id: string;
  form_id: string;
  user_id: string;
  kind: 'import' | 'export';
  params: Record<string, unknown>;
  file_id: string | null;
  cursor: number;
  done: number;
  failed: number;
}

export interface JobContext {
  db: Db;
  job: JobRow;
  actor: Actor;
  /** This worker's name, as its claim in forms_job_queue carries it. */
  worker: string;
  /** Keeps the claim alive; false when another worker took the job over (then stop at once). */
  heartbeat(): Promise<boolean>;
}

export interface JobHandler {
  run(context: JobContext): Promise<void>;
  /**
   * Undoes what a failed job wrote, in the transaction that marks it failed: every way a job fails (its own
   * error, a worker that gave up, the user who left) goes through that one transaction.
   */
  discard?(trx: Trx, job: JobRow): Promise<void>;
}

/** A job whose server died: its heartbeat stops and the next claim after this many seconds takes it over. */
const staleSeconds = () => Number(process.env.FORMS_JOB_STALE_SECONDS ?? 30);
const POLL_MS = 1000;

/**
 * The background worker of imports and exports: claims one job at a time from forms_job_queue (SKIP LOCKED, so
 * any number of server processes share the work), runs it in the job's space as the user who asked, and keeps
 * a heartbeat. Handlers commit their progress with their data, so a job taken over resumes where it stopped.
 */
export class JobRunner {
  readonly worker = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly handlers: Record<JobRow['kind'], JobHandler>,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(200);
  }

  /** Work arrived in this process: look now rather than at the next poll. */
  kick(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule(POLL_MS);
      });
    }, ms);
    this.timer.unref?.();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await sql<{ space_id: string; id: string; attempts: number }>`
        select * from forms_claim_job(${this.worker}, make_interval(secs => ${staleSeconds()}))`.execute(this.db).catch((error: unknown) => {
        this.log.error({ err: error }, 'claiming a forms job failed');
        return { rows: [] };
      });
      const next = claimed.rows[0];
      if (!next) return;
      await this.run(next.space_id, next.id, next.attempts);
    }
  }

  private async run(spaceId: string, jobId: string, attempts: number): Promise<void> {
    const job = await inSpace(this.db, spaceId, (trx) =>
      sql<JobRow>`select id, space_id, form_id, user_id, kind, params, file_id, cursor, done, failed from forms_job where id = ${jobId}::bigint and status = 'preparing'`.execute(trx),
    );
    const row = job.rows[0];
    if (!row) return void (await this.release(spaceId, jobId));
    const member = await this.db.selectFrom('memberships').select('roles').where('space_id', '=', spaceId).where('user_id', '=', row.user_id).executeTakeFirst();
    const context: JobContext = {
      db: this.db,
      job: row,
      actor: { userId: row.user_id, roles: (member?.roles ?? []) as Role[], spaceId },
      worker: this.worker,
      heartbeat: async () =>
        inSpace(this.db, spaceId, async (trx) => (await sql<{ ok: boolean }>`select forms_job_heartbeat(${jobId}::bigint, ${this.worker}) as ok`.execute(trx)).rows[0]!.ok),
    };
    try {
      // A job that keeps killing its worker is given up after three tries instead of looping forever.
      if (attempts > 3 || !member) throw new JobFailed(member ? 'forms.job.gaveUp' : 'forms.job.userLeft');
      await this.handlers[row.kind].run(context);
    } catch (error) {
      if (error instanceof JobTakenOver) return;
      const key = error instanceof JobFailed ? error.key : 'common.operationFailed';
      if (!(error instanceof JobFailed)) this.log.error({ err: error, jobId, spaceId }, 'forms job failed');
      await inSpace(this.db, spaceId, async (trx) => {
        await this.handlers[row.kind].discard?.(trx, row);
        await sql`update forms_job set status = 'failed', error_key = ${key}, finished_at = now() where id = ${jobId}::bigint`.execute(trx);
      });
    }
    await this.release(spaceId, jobId);
  }

  private release(spaceId: string, jobId: string) {
    return inSpace(this.db, spaceId, (trx) => sql`select forms_release_job(${jobId}::bigint)`.execute(trx));
  }
}

/** A job ends as "prepare failed" with this message key. */
export class JobFailed extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** Another worker owns the job now (this one was presumed dead): stop without touching it. */
export class JobTakenOver extends Error {}
