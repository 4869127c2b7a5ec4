import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import { TRACK_API, TrackBatchBody, TrackFunnelBody, TrackTopQuery, type FunnelStep, type TopClick, type TopPage } from '../../../../shared/api/console-watch.ts';
import { inSpace, type Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import './tables.ts';

const ROOT = { roles: ['root'] } as const;
/** A browser's own time is kept when it is plausible (a beacon sent at unload may carry a minute-old view). */
const PLAUSIBLE_PAST_MS = 60 * 60_000;

/** Page views and clicks are kept this long (decision 0086): long enough to compare seasons, not forever. */
export const TRACK_KEEP_DAYS = 180;

/**
 * Deletes the events older than TRACK_KEEP_DAYS, space by space under each space's row-level security (the table
 * is space-owned; no role reads or deletes across spaces). Answers how many went.
 */
export async function pruneTracking(kernel: Kernel): Promise<number> {
  const spaces = await kernel.db.selectFrom('spaces').select('id').execute();
  let pruned = 0;
  for (const { id } of spaces) {
    const result = await inSpace(kernel.db, id, (trx) =>
      trx.deleteFrom('track_event').where('at', '<', sql<Date>`now() - make_interval(days => ${TRACK_KEEP_DAYS})`).executeTakeFirst(),
    );
    pruned += Number(result.numDeletedRows);
  }
  return pruned;
}

/** Funnels count sign-in sessions; a digest stands for the session, so the table holds nothing that opens one. */
const sessionKey = (sessionId: string) => createHash('sha256').update(`track:${sessionId}`).digest('hex').slice(0, 32);

/**
 * Event tracking (`/sysop/buryingAnalysis`, decision 0086): the renderer's beacon stores page views and chosen clicks
 * in the caller's space (the session's, never the body's; row-level security holds it there), and root reads one
 * space at a time — top pages, top clicks and funnels — each read of a space written to the operation log.
 */
export function registerTrackRoutes(app: App, kernel: Kernel): void {
  app.post(
    TRACK_API,
    // readOnly: telemetry is not an operation of the user's to log (one oplog row per beacon would drown the log).
    { config: { access: 'signedIn', beacon: true, readOnly: true }, schema: { querystring: NoQuery, body: TrackBatchBody } },
    async (req) => {
      const principal = signedIn(req);
      const space = currentSpace(req);
      const now = kernel.clock.now();
      const key = sessionKey(principal.sessionId || `token:${principal.tokenId ?? principal.userId}`);
      const rows = req.body.events.map((e) => {
        if ((e.kind === 'click') !== (e.target !== undefined)) throw fail.unprocessable('console.track.problem.target');
        const at = e.at !== undefined && e.at <= now + 60_000 && e.at >= now - PLAUSIBLE_PAST_MS ? new Date(e.at) : new Date(now);
        return { space_id: space.id, user_id: principal.userId, session_key: key, kind: e.kind, page: e.page, target: e.target ?? null, at };
      });
      await kernel.transact(req, (trx) => trx.insertInto('track_event').values(rows).execute());
      return { code: 200, msg: 'ok', data: { stored: rows.length } };
    },
  );

  /** Root reads one space's events, inside that space (row-level security), and the reading is logged. */
  async function readSpace<T>(req: FastifyRequest, spaceId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    const space = await kernel.db.selectFrom('spaces').select('id').where('id', '=', spaceId).executeTakeFirst();
    if (!space) throw fail.notFound('space.notFound');
    await kernel.audit.record({ userId: req.ctx.principal?.userId ?? null, spaceId, action: 'console.track.read', target: spaceId, result: 'ok', ip: req.ctx.ip, crossSpace: true });
    return inSpace(kernel.db, spaceId, work);
  }
  const since = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

  app.get(`${TRACK_API}/top`, { config: { access: ROOT }, schema: { querystring: TrackTopQuery } }, async (req) => {
    const { spaceId, days = 7 } = req.query;
    const { pages, clicks } = await readSpace(req, spaceId, async (trx) => {
      const pages = await trx
        .selectFrom('track_event')
        .select('page')
        .select((eb) => [eb.fn.countAll<string>().as('views'), eb.fn.count<string>('session_key').distinct().as('sessions'), eb.fn.count<string>('user_id').distinct().as('users')])
        .where('kind', '=', 'view')
        .where('at', '>=', since(days))
        .groupBy('page')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('page')
        .limit(50)
        .execute();
      const clicks = await trx
        .selectFrom('track_event')
        .select(['page', 'target'])
        .select((eb) => eb.fn.countAll<string>().as('clicks'))
        .where('kind', '=', 'click')
        .where('at', '>=', since(days))
        .groupBy(['page', 'target'])
        .orderBy(sql`count(*)`, 'desc')
        .limit(50)
        .execute();
      return { pages, clicks };
    });
    const top: TopPage[] = pages.map((p) => ({ page: p.page, views: Number(p.views), sessions: Number(p.sessions), users: Number(p.users) }));
    const topClicks: TopClick[] = clicks.map((c) => ({ page: c.page, target: c.target ?? '', clicks: Number(c.clicks) }));
    return { code: 200, msg: 'ok', data: { pages: top, clicks: topClicks } };
  });

  app.post(`${TRACK_API}/funnel`, { config: { access: ROOT, readOnly: true }, schema: { querystring: NoQuery, body: TrackFunnelBody } }, async (req) => {
    const { spaceId, days = 7, steps } = req.body;
    const counts = await readSpace(req, spaceId, (trx) => funnel(trx, steps, days));
    const result: FunnelStep[] = steps.map((page, i) => ({ page, sessions: counts[i] ?? 0 }));
    return { code: 200, msg: 'ok', data: { steps: result } };
  });
}

/**
 * Sessions reaching each step in order: step k counts the sessions that viewed page k after their first view of
 * step k−1's page (within the period). One statement, a CTE per step; the pages are parameters, the names fixed.
 */
async function funnel(trx: Trx, steps: string[], days: number): Promise<number[]> {
  const from = sql<Date>`now() - make_interval(days => ${days})`;
  const ctes: RawBuilder<unknown>[] = steps.map((page, i) =>
    i === 0
      ? sql`s0 as (select session_key, min(at) as t from track_event where kind = 'view' and at >= ${from} and page = ${page} group by session_key)`
      : sql`${sql.raw(`s${i}`)} as (select e.session_key, min(e.at) as t from track_event e join ${sql.raw(`s${i - 1}`)} p on p.session_key = e.session_key
             where e.kind = 'view' and e.at > p.t and e.page = ${page} group by e.session_key)`,
  );
  const counts = steps.map((_, i) => sql`(select count(*) from ${sql.raw(`s${i}`)})`);
  const result = await sql<{ counts: Array<string | number> }>`with ${sql.join(ctes)} select array[${sql.join(counts)}] as counts`.execute(trx);
  return (result.rows[0]?.counts ?? []).map(Number);
}
