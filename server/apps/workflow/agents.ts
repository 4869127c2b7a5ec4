import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { AgentListQuery, CreateAgentBody, RecoverAgentsBody, UpdateAgentBody } from '../../../shared/api/workflow-agents.ts';
import type { AgentListAnswer, AgentRuleDraft } from '../../../shared/workflow/agents.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { sameVersion } from '../../kernel/db/versions.ts';
import { listRules, lockRules, orderedPerms, refuseConflicts, refuseDraft, requireManager, views } from './agent-store.ts';
import { spaceToday } from './proxies.ts';

/** Every member keeps his own agents; admins manage anyone's (a departed member's work: decision 0055). */
export const AGENT_ACCESS = { permission: 'workflow.use' } as const;

export const isSpaceAdmin = (req: FastifyRequest) => req.ctx.roles.includes('admin');

/** The note as stored: trimmed (the check counts code points of the trimmed text). */
const noteOf = (note: string | undefined) => (note ?? '').trim();

/** The rule `id` as the caller may change it, locked, with its state for today. */
async function ownRule(trx: Trx, req: FastifyRequest, id: string, today: string) {
  const rule = requireManager((await lockRules(trx, [id]))[0], signedIn(req).userId, isSpaceAdmin(req));
  const [view] = await views(trx, currentSpace(req).id, [rule], today);
  return { rule, view: view! };
}

/**
 * Application agents (spec §3 Agent, §4, §5; Part 1 §9): lists of my agents and agents to me, new rule, edit,
 * (batch) recovery and delete. Re-edit is the page's: a recycled, expired or invalid rule's values copied into a
 * new rule, created here like any other.
 */
export function registerAgentRuleRoutes(app: App, kernel: Kernel): void {
  const now = () => new Date(kernel.clock.now());

  app.get('/api/workflow/agents', { config: { access: AGENT_ACCESS }, schema: { querystring: AgentListQuery } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    const view = req.query.view ?? 'mine';
    const principalId = req.query.principalId ?? user.userId;
    if (view === 'mine' && principalId !== user.userId && !isSpaceAdmin(req)) throw fail.forbidden('workflow.agents.othersForbidden');
    const data = await kernel.transact(req, async (trx): Promise<AgentListAnswer> => {
      const today = await spaceToday(trx, space.id, now());
      const where = view === 'mine' ? { principalId } : { agentId: user.userId };
      return { rules: await listRules(trx, space.id, where, today), today };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post('/api/workflow/agents', { config: { access: AGENT_ACCESS, action: 'workflow.agent.create' }, schema: { querystring: NoQuery, body: CreateAgentBody } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    const { principalId = user.userId, agentId, apps, perms, validFrom, validTo, note } = req.body;
    if (principalId !== user.userId && !isSpaceAdmin(req)) throw fail.forbidden('workflow.agents.othersForbidden');
    req.ctx.auditTarget = `${principalId}:${agentId}`;
    const draft: AgentRuleDraft = { principalId, agentId, apps, perms, validFrom, validTo, note };
    const data = await kernel.transact(req, async (trx) => {
      const today = await spaceToday(trx, space.id, now());
      refuseDraft(draft, today);
      await refuseConflicts(trx, space.id, draft, today);
      const row = await trx
        .insertInto('workflow_agent')
        .values({
          space_id: space.id,
          principal_id: principalId,
          agent_id: agentId,
          apps: [...apps],
          perms: orderedPerms(perms),
          valid_from: validFrom,
          valid_to: validTo,
          note: noteOf(note),
          created_by: user.userId,
          created_at: now(),
          updated_at: sql<Date>`clock_timestamp()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      req.ctx.auditTarget = String(row.id);
      return (await views(trx, space.id, await lockRules(trx, [String(row.id)]), today))[0]!;
    });
    return { code: 200, msg: 'ok', data };
  });

  /**
   * Edit an agenting rule (in force or not yet): scope, permissions, end date and note, checked like a new rule.
   * The start date of a rule already in force is history (the agent may have acted) and stays as it is.
   */
  app.put('/api/workflow/agents/:id', { config: { access: AGENT_ACCESS, action: 'workflow.agent.update' }, schema: { params: IdParam, querystring: NoQuery, body: UpdateAgentBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const data = await kernel.transact(req, async (trx) => {
      const today = await spaceToday(trx, space.id, now());
      const { rule, view } = await ownRule(trx, req, req.params.id, today);
      if (view.state !== 'agenting') throw fail.unprocessable('workflow.agents.editOnlyAgenting');
      if (!sameVersion(rule.updated_at, req.body.updatedAt)) throw fail.conflict('workflow.agents.changedMeanwhile');
      const { apps, perms, validFrom, validTo, note } = req.body;
      const draft: AgentRuleDraft = { principalId: String(rule.principal_id), agentId: String(rule.agent_id), apps, perms, validFrom, validTo, note };
      refuseDraft(draft, today);
      if (!view.notYetInForce && validFrom !== rule.valid_from) throw fail.unprocessable('workflow.agents.startFixed', { date: rule.valid_from }, { field: 'validFrom' });
      await refuseConflicts(trx, space.id, draft, today, req.params.id);
      await trx
        .updateTable('workflow_agent')
        .set({ apps: [...apps], perms: orderedPerms(perms), valid_from: validFrom, valid_to: validTo, note: noteOf(note), updated_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', req.params.id)
        .execute();
      return (await views(trx, space.id, await lockRules(trx, [req.params.id]), today))[0]!;
    });
    return { code: 200, msg: 'ok', data };
  });

  /** Recover (take back) one or many agenting rules: all of them or, if any cannot be, none. */
  app.post('/api/workflow/agents/recover', { config: { access: AGENT_ACCESS, action: 'workflow.agent.recover' }, schema: { querystring: NoQuery, body: RecoverAgentsBody } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    const { ids } = req.body;
    req.ctx.auditTarget = ids.join(',');
    const data = await kernel.transact(req, async (trx) => {
      const today = await spaceToday(trx, space.id, now());
      const rows = await lockRules(trx, ids);
      if (rows.length !== ids.length) throw fail.notFound('workflow.agents.notFound');
      for (const row of rows) requireManager(row, user.userId, isSpaceAdmin(req));
      const stuck = (await views(trx, space.id, rows, today)).filter((v) => v.state !== 'agenting');
      if (stuck.length > 0) throw fail.unprocessable('workflow.agents.recoverOnlyAgenting', { count: stuck.length });
      await trx.updateTable('workflow_agent').set({ state: 'recycled', updated_at: sql<Date>`clock_timestamp()` }).where('id', 'in', ids).execute();
      return { rules: await views(trx, space.id, await lockRules(trx, ids), today) };
    });
    return { code: 200, msg: 'ok', data };
  });

  /** Delete a rule that no longer works (recycled, expired, invalid); one that does is recovered first. */
  app.delete('/api/workflow/agents/:id', { config: { access: AGENT_ACCESS, action: 'workflow.agent.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const today = await spaceToday(trx, space.id, now());
      const { view } = await ownRule(trx, req, req.params.id, today);
      if (view.state === 'agenting') throw fail.unprocessable('workflow.agents.deleteAgenting');
      await trx.deleteFrom('workflow_agent').where('id', '=', req.params.id).execute();
    });
    return { code: 200, msg: 'ok', data: { id: req.params.id } };
  });
}
