import { sql } from 'kysely';
import type { MessageParams } from '../../../../shared/i18n/index.ts';
import type { Role } from '../../../../shared/roles.ts';
import { inSpace, type Db, type Trx } from '../../../kernel/db/pool.ts';
import { AppError } from '../../../kernel/errors.ts';
import { JobStopped, type Job } from '../../../kernel/jobs/types.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
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
  /** Keeps the claim alive; false when another worker took the job over (then stop at once). */
  heartbeat(): Promise<boolean>;
  /**
   * The same inside a transaction that writes the job's work: the claim's row stays locked until it commits, so
   * the work commits only while this worker still holds the job, and a takeover waits for it.
   */
  holds(trx: Trx): Promise<boolean>;
  /**
   * This try's own name (queue job, try number, worker): a process whose claim lapsed may still be running when another
   * takes the job over, so what a try writes outside the database is named by it and never shared.
   */
  attempt: string;
}

export interface JobHandler {
  run(context: JobContext): Promise<void>;
  /**
   * Undoes what a failed job wrote, in the transaction that marks it failed: every way a job fails (its own
   * error, a worker that gave up, the user who left) goes through that one transaction.
   */
  discard?(trx: Trx, job: JobRow): Promise<void>;
}

/** The kernel job kind of each forms job kind. */
export const FORMS_JOB_KIND = { import: 'forms.import', export: 'forms.export' } as const;
/** A job whose server died stops renewing its claim; the next worker takes it over once this many seconds passed. */
export const leaseSeconds = () => Number(process.env.FORMS_JOB_STALE_SECONDS ?? 30);
/** A job that keeps killing its worker is given up after three tries instead of looping forever. */
const MAX_TRIES = 3;

/** Queues a forms job (its row just inserted) on the kernel's queue, in the transaction that inserted it. */
export async function enqueueFormsJob(kernel: Kernel, trx: Trx, row: { id: string; kind: JobRow['kind'] }): Promise<void> {
  await kernel.jobs.enqueue(trx, { kind: FORMS_JOB_KIND[row.kind], payload: { jobId: String(row.id) } });
}

/**
 * Imports and exports run as jobs of the kernel's queue (decision 0098): any server process may claim one, it
 * runs in the job's space as the user who asked, and a dead process's job is taken over when its lease lapses.
 * Handlers commit their progress with their data, so a job taken over resumes where it stopped. forms_job stays
 * what the user sees (status, counts, file); the queue only says who works on it.
 */
export function defineFormsJobs(kernel: Kernel, handlers: Record<JobRow['kind'], JobHandler>): void {
  const lease = leaseSeconds();
  // A claim that lapsed while this process was busy comes back to this same process (its worker name, so the
  // fence in `holds` lets both through): the second run waits for the first instead of doing the work twice.
  const running = new Map<string, Promise<void>>();
  for (const kind of ['import', 'export'] as const) {
    kernel.jobs.define<{ jobId: string }>(
      FORMS_JOB_KIND[kind],
      async (job) => {
        const key = `${job.spaceId}/${job.payload.jobId}`;
        const already = running.get(key);
        if (already) return void (await already.catch(() => undefined));
        const run = runJob(kernel, handlers[kind], job, lease).finally(() => running.delete(key));
        running.set(key, run);
        await run;
      },
      { leaseSeconds: lease },
    );
  }
}

async function runJob(kernel: Kernel, handler: JobHandler, job: Job<{ jobId: string }>, lease: number): Promise<void> {
  const { db, log } = kernel;
  const spaceId = job.spaceId!;
  const jobId = String(job.payload.jobId);
  const found = await inSpace(db, spaceId, (trx) =>
    sql<JobRow>`select id, space_id, form_id, user_id, kind, params, file_id, cursor, done, failed from forms_job where id = ${jobId}::bigint and status = 'preparing'`.execute(trx),
  );
  const row = found.rows[0];
  if (!row) return;
  const member = await db.selectFrom('memberships').select('roles').where('space_id', '=', spaceId).where('user_id', '=', row.user_id).executeTakeFirst();
  const context: JobContext = {
    db,
    job: row,
    actor: { userId: row.user_id, roles: (member?.roles ?? []) as Role[], spaceId },
    // A stopping process ends the job between batches: the batch in flight rolls back and the claim goes back.
    heartbeat: () => (job.signal.aborted ? Promise.reject(new JobStopped()) : job.heartbeat()),
    holds: (trx) => (job.signal.aborted ? Promise.reject(new JobStopped()) : kernel.jobs.holds(trx, job.id, lease)),
    attempt: `${job.id}-a${job.attempt}-${kernel.jobs.worker}`,
  };
  try {
    if (job.attempt > MAX_TRIES || !member) throw new JobFailed(member ? 'forms.job.gaveUp' : 'forms.job.userLeft');
    await handler.run(context);
  } catch (error) {
    if (error instanceof JobTakenOver) return;
    if (error instanceof JobStopped) throw error; // the queue hands the claim back
    // An error after another worker took the job over is that worker's to settle: its rows must not be discarded.
    const held = await job.heartbeat().catch(() => null);
    if (held === false) return;
    if (held === null) throw error; // the database is out of reach: the kernel tries the job again later
    // A refusal of the checks the job shares with the API (an AppError) ends it with its message and parameters.
    const failed = error instanceof JobFailed ? error : error instanceof AppError ? JobFailed.of(error) : null;
    if (!failed) log.error({ err: error, jobId, spaceId }, 'forms job failed');
    const key = failed?.key ?? 'common.operationFailed';
    const params = failed && Object.keys(failed.params).length ? JSON.stringify(failed.params) : null;
    await inSpace(db, spaceId, async (trx) => {
      await handler.discard?.(trx, row);
      await sql`update forms_job set status = 'failed', error_key = ${key}, error_params = ${params}::jsonb, finished_at = now() where id = ${jobId}::bigint`.execute(trx);
    });
  }
}

/** A job ends as "prepare failed" with this message key and the parameters its text names. */
export class JobFailed extends Error {
  constructor(
    readonly key: string,
    readonly params: MessageParams = {},
  ) {
    super(key);
  }

  /** The job's end for a refusal raised by the checks it shares with the API (an AppError), with its parameters. */
  static of(error: AppError): JobFailed {
    return new JobFailed(error.key, error.params);
  }
}

/** Another worker owns the job now (this one was presumed dead): stop without touching it. */
export class JobTakenOver extends Error {}
