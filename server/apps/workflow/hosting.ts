import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { HostingBody, HostingQuery } from '../../../shared/api/workflow-agents.ts';
import { hostingProblem, type HostingAnswer, type HostingView } from '../../../shared/workflow/agents.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { AGENT_ACCESS, isSpaceAdmin } from './agents.ts';
import { activeMembers } from './proxies.ts';
import './tables.ts';

/** Whose hosting the call is about: one's own, or (an admin's) any member's. */
function targetOf(req: FastifyRequest, userId: string | undefined): string {
  const me = signedIn(req).userId;
  const target = userId ?? me;
  if (target !== me && !isSpaceAdmin(req)) throw fail.forbidden('workflow.agents.othersForbidden');
  return target;
}

/** Hosting rows as the page shows them; a member with no row has hosting off and no trustee. */
async function hostingViews(trx: Trx, spaceId: string, rows: ReadonlyArray<{ user_id: string; trustee_id: string | null; enabled: boolean; updated_at: Date | null }>): Promise<HostingView[]> {
  const ids = rows.flatMap((r) => [r.user_id, ...(r.trustee_id ? [r.trustee_id] : [])]).map(String);
  const users = ids.length ? await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  const name = new Map(users.map((u) => [String(u.id), u.name]));
  const active = await activeMembers(trx, spaceId, ids);
  const person = (id: string) => ({ id: String(id), name: name.get(String(id)) ?? '' });
  return rows.map((r) => ({
    user: person(r.user_id),
    trustee: r.trustee_id ? person(r.trustee_id) : null,
    enabled: r.enabled,
    // Read now, like an agent rule's invalid state: a disabled trustee or member ends the hosting's effect.
    effective: r.enabled && !!r.trustee_id && active.has(String(r.user_id)) && active.has(String(r.trustee_id)),
    updatedAt: r.updated_at?.toISOString() ?? null,
  }));
}

async function hostingOf(trx: Trx, spaceId: string, userId: string): Promise<HostingView> {
  const row = await trx.selectFrom('workflow_hosting').select(['user_id', 'trustee_id', 'enabled', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  return (await hostingViews(trx, spaceId, [row ?? { user_id: userId, trustee_id: null, enabled: false, updated_at: null }]))[0]!;
}

/**
 * Account hosting (spec §4, §5; Part 1 §9): on or off, exactly one trustee who may do everything the member may, in
 * every app. Setting a new trustee replaces the old one (one row per member); turning it off keeps the trustee for
 * the next time it is turned on.
 */
export function registerHostingRoutes(app: App, kernel: Kernel): void {
  app.get('/api/workflow/hosting', { config: { access: AGENT_ACCESS }, schema: { querystring: HostingQuery } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req).userId;
    const target = targetOf(req, req.query.userId);
    const data = await kernel.transact(req, async (trx): Promise<HostingAnswer> => {
      // `users` has no row-level security: an admin asking about someone outside his space learns nothing, not a name.
      const member = await trx.selectFrom('memberships').select('user_id').where('space_id', '=', space.id).where('user_id', '=', target).executeTakeFirst();
      if (!member) throw fail.notFound('workflow.agents.memberNotFound');
      const toMe = await trx
        .selectFrom('workflow_hosting')
        .select(['user_id', 'trustee_id', 'enabled', 'updated_at'])
        .where('trustee_id', '=', me)
        .where('enabled', '=', true)
        .orderBy('user_id')
        .execute();
      return { mine: await hostingOf(trx, space.id, target), toMe: await hostingViews(trx, space.id, toMe) };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.put('/api/workflow/hosting', { config: { access: AGENT_ACCESS, action: 'workflow.hosting.set' }, schema: { querystring: NoQuery, body: HostingBody } }, async (req) => {
    const space = currentSpace(req);
    const userId = targetOf(req, req.body.userId);
    const { enabled } = req.body;
    const trusteeId = req.body.trusteeId || null;
    req.ctx.auditTarget = `${userId}:${enabled ? `on:${trusteeId}` : 'off'}`;
    const problem = hostingProblem({ userId, enabled, trusteeId });
    if (problem) throw fail.unprocessable(problem.key, problem.params, { field: 'trustee' });
    const data = await kernel.transact(req, async (trx) => {
      if (!enabled) {
        await trx.updateTable('workflow_hosting').set({ enabled: false, updated_at: sql<Date>`clock_timestamp()` }).where('user_id', '=', userId).execute();
        return hostingOf(trx, space.id, userId);
      }
      const active = await activeMembers(trx, space.id, [userId, trusteeId!]);
      if (!active.has(userId)) throw fail.unprocessable('workflow.agents.principalNotMember', {}, { field: 'user' });
      if (!active.has(trusteeId!)) throw fail.unprocessable('workflow.agents.hosting.trusteeNotMember', {}, { field: 'trustee' });
      await trx
        .insertInto('workflow_hosting')
        .values({ space_id: space.id, user_id: userId, trustee_id: trusteeId!, enabled: true, updated_at: sql<Date>`clock_timestamp()` })
        .onConflict((oc) => oc.columns(['space_id', 'user_id']).doUpdateSet({ trustee_id: trusteeId!, enabled: true, updated_at: sql<Date>`clock_timestamp()` }))
        .execute();
      return hostingOf(trx, space.id, userId);
    });
    return { code: 200, msg: 'ok', data };
  });
}
