import { sql } from 'kysely';
import { NoBody } from '../../../../shared/api/common.ts';
import {
  DEAD_LETTERS_SHOWN,
  DeadLetterParam,
  JOBS_API,
  JobsOverviewQuery,
  type DeadLetter,
  type JobsOverview,
  type QueueCounts,
} from '../../../../shared/api/console-jobs.ts';
import type { Db, Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';

const ROOT = { roles: ['root'] } as const;
const STATES = ['ready', 'running', 'done', 'dead'] as const;

interface DeadRow {
  id: string;
  space_id: string | null;
  kind: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** Counts by kind and state, one line per kind: the queue's SECURITY DEFINER function sees every space's jobs. */
async function queueCounts(db: Db): Promise<QueueCounts[]> {
  const { rows } = await sql<{ kind: string; state: string; jobs: string }>`select kind, state, jobs from kernel_job_counts()`.execute(db);
  const byKind = new Map<string, QueueCounts>();
  for (const row of rows) {
    const line = byKind.get(row.kind) ?? { kind: row.kind, ready: 0, running: 0, done: 0, dead: 0 };
    if ((STATES as readonly string[]).includes(row.state)) line[row.state as (typeof STATES)[number]] = Number(row.jobs);
    byKind.set(row.kind, line);
  }
  return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

async function deadLetters(db: Db): Promise<DeadLetter[]> {
  const { rows } = await sql<DeadRow>`select * from kernel_job_dead(${DEAD_LETTERS_SHOWN})`.execute(db);
  // Root names spaces, not ids: the spaces table is the platform's, readable here as the console's space list reads it.
  const ids = [...new Set(rows.map((r) => r.space_id).filter((id): id is string => id !== null))];
  const spaces = ids.length ? await db.selectFrom('spaces').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  const names = new Map(spaces.map((s) => [s.id, s.name]));
  return rows.map((r) => ({
    id: String(r.id),
    spaceId: r.space_id,
    spaceName: r.space_id === null ? null : (names.get(r.space_id) ?? null),
    kind: r.kind,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
  }));
}

/** Retries (back to ready, attempts from zero) or discards one dead letter; false when the id is no dead letter. */
async function revive(trx: Trx, id: string, discard: boolean): Promise<boolean> {
  const { rows } = await sql<{ hit: boolean }>`select kernel_job_revive(${id}::bigint, ${discard}) as hit`.execute(trx);
  return rows[0]?.hit === true;
}

/**
 * The operator's jobs page (`/sysop/jobs`, decision 0095): every space's queues and dead letters, read and revived
 * only through the queue's SECURITY DEFINER functions — the app role itself sees no space's jobs outside a request.
 */
export function registerJobsRoutes(app: App, kernel: Kernel): void {
  app.get(JOBS_API, { config: { access: ROOT }, schema: { querystring: JobsOverviewQuery } }, async () => {
    const [queues, dead] = await Promise.all([queueCounts(kernel.db), deadLetters(kernel.db)]);
    const data: JobsOverview = { queues, dead };
    return { code: 200, msg: 'ok', data };
  });

  for (const [action, discard] of [['retry', false], ['discard', true]] as const) {
    app.post(
      `${JOBS_API}/dead/:id/${action}`,
      { config: { access: ROOT, action: `console.jobs.${action}` }, schema: { params: DeadLetterParam, querystring: JobsOverviewQuery, body: NoBody } },
      async (req) => {
        req.ctx.auditTarget = req.params.id;
        await kernel.transact(req, async (trx) => {
          // A retried or discarded letter, or one another operator handled a moment ago, is no dead letter any more;
          // refused inside the transaction, so the audit logs the 404 and not a success.
          if (!(await revive(trx, req.params.id, discard))) throw fail.notFound('console.jobs.notDead');
        });
        return { code: 200, msg: 'ok', data: { id: req.params.id } };
      },
    );
  }
}
