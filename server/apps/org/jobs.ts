import { sql } from 'kysely';
import { SPACE_JOBS_API, SPACE_JOBS_SHOWN, SpaceJobsQuery, type SpaceJob, type SpaceJobs, type SpaceJobState } from '../../../shared/api/org-jobs.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

interface JobRow {
  id: string;
  kind: string;
  state: SpaceJobState;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
}

/**
 * The space's unfinished jobs, dead ones first (they wait for someone to act), then by when they run. Finished jobs
 * are left out: a day of them would bury the few that matter. Row-level security keeps this to the request's space.
 */
async function openJobs(trx: Trx): Promise<SpaceJob[]> {
  const { rows } = await sql<JobRow>`
    select id::text, kind, state, attempts, max_attempts, last_error, run_at from kernel_job
     where state in ('ready', 'running', 'dead')
     order by state = 'dead' desc, run_at, id limit ${SPACE_JOBS_SHOWN}`.execute(trx);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    state: r.state,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    lastError: r.last_error,
    runAt: r.run_at.toISOString(),
  }));
}

/**
 * The space admin's scheduled jobs (`console/jobs`, decision 0095): his space's schedules and open jobs, read-only —
 * the apps that own a schedule create and change it (a rule's timer, a report's delivery).
 */
export function registerJobsRoutes(app: App, kernel: Kernel): void {
  app.get(SPACE_JOBS_API, { config: { access: { roles: ['admin'] } }, schema: { querystring: SpaceJobsQuery } }, async (req) => {
    currentSpace(req);
    const data: SpaceJobs = await kernel.transact(req, async (trx) => {
      const schedules = await kernel.schedules.list(trx);
      return {
        schedules: schedules.map((s) => ({ ...s, nextRunAt: s.nextRunAt?.toISOString() ?? null, lastRunAt: s.lastRunAt?.toISOString() ?? null })),
        jobs: await openJobs(trx),
      };
    });
    return { code: 200, msg: 'ok', data };
  });
}
