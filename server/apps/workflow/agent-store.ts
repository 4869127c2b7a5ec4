import { sql } from 'kysely';
import { AGENT_LIMITS, agentRuleProblem, notYetInForce, ruleState, type AgentRuleDraft, type AgentRuleView, type AgentState } from '../../../shared/workflow/agents.ts';
import { AGENT_PERMS, type AgentPerm } from '../../../shared/workflow/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { activeMembers } from './proxies.ts';
import './tables.ts';

/** Rule reads and the checks that need the database (decision 0055); the routes are agents.ts. */

const RULE_COLUMNS = [
  'a.id',
  'a.principal_id',
  'a.agent_id',
  sql<string[]>`a.apps::text[]`.as('apps'),
  'a.perms',
  sql<string>`to_char(a.valid_from, 'YYYY-MM-DD')`.as('valid_from'),
  sql<string>`to_char(a.valid_to, 'YYYY-MM-DD')`.as('valid_to'),
  'a.state',
  'a.note',
  'a.created_by',
  'a.created_at',
  'a.updated_at',
] as const;

export type RuleRow = Awaited<ReturnType<typeof lockRules>>[number];

/** Rules of the space by id (row-level security hides other spaces'), locked for the change to come. */
export async function lockRules(trx: Trx, ids: readonly string[]) {
  return trx.selectFrom('workflow_agent as a').select(RULE_COLUMNS).where('a.id', 'in', [...ids]).orderBy('a.id').forUpdate().execute();
}

/** Rules where `principalId` is the principal, or `agentId` the agent; newest first. */
export async function listRules(trx: Trx, spaceId: string, where: { principalId?: string; agentId?: string }, today: string): Promise<AgentRuleView[]> {
  let query = trx.selectFrom('workflow_agent as a').select(RULE_COLUMNS);
  if (where.principalId) query = query.where('a.principal_id', '=', where.principalId);
  if (where.agentId) query = query.where('a.agent_id', '=', where.agentId);
  const rows = await query.orderBy('a.id', 'desc').limit(AGENT_LIMITS.list).execute();
  return views(trx, spaceId, rows, today);
}

/** Rows as the page shows them: names of people and apps, and the state computed for today. */
export async function views(trx: Trx, spaceId: string, rows: readonly RuleRow[], today: string): Promise<AgentRuleView[]> {
  if (rows.length === 0) return [];
  const people = [...new Set(rows.flatMap((r) => [r.principal_id, r.agent_id, r.created_by].map(String)))];
  const users = await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', people).execute();
  const name = new Map(users.map((u) => [String(u.id), u.name]));
  const active = await activeMembers(trx, spaceId, people);
  const appIds = [...new Set(rows.flatMap((r) => r.apps))];
  const apps = appIds.length ? await trx.selectFrom('appcenter_app').select(['id', 'name', 'deleted_at']).where('id', 'in', appIds).execute() : [];
  const app = new Map(apps.map((a) => [String(a.id), a]));
  const person = (id: string) => ({ id: String(id), name: name.get(String(id)) ?? '' });
  return rows.map((r) => {
    const state = ruleState(r.state as AgentState, r.valid_to, active.has(String(r.principal_id)) && active.has(String(r.agent_id)), today);
    return {
      id: String(r.id),
      principal: person(r.principal_id),
      agent: person(r.agent_id),
      // An app gone for good (not just in the recycle bin) drops out of the scope as shown.
      apps: r.apps.flatMap((id) => (app.has(id) ? [{ id, name: app.get(id)!.name, deleted: app.get(id)!.deleted_at !== null }] : [])),
      perms: AGENT_PERMS.filter((perm) => r.perms.includes(perm)),
      validFrom: r.valid_from,
      validTo: r.valid_to,
      state,
      notYetInForce: notYetInForce(state, r.valid_from, today),
      note: r.note,
      createdBy: person(r.created_by),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  });
}

/** The shared check's refusal as a 422 naming the field (the page marks it). */
export function refuseDraft(draft: AgentRuleDraft, today: string): void {
  const problem = agentRuleProblem(draft, today);
  if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
}

/**
 * What the shared check cannot see: both people active members of this space (someone of another space is simply
 * not found), every app a live app of this space, and no agenting rule of the same principal and agent, not yet
 * ended, sharing a day and an app (`except`: the rule being edited). Two requests racing to create overlapping rules
 * are serialised by a transaction lock on the pair.
 */
export async function refuseConflicts(trx: Trx, spaceId: string, draft: AgentRuleDraft, today: string, except?: string): Promise<void> {
  const active = await activeMembers(trx, spaceId, [draft.principalId, draft.agentId]);
  if (!active.has(draft.principalId)) throw fail.unprocessable('workflow.agents.principalNotMember', {}, { field: 'principal' });
  if (!active.has(draft.agentId)) throw fail.unprocessable('workflow.agents.agentNotMember', {}, { field: 'agent' });
  const apps = await trx.selectFrom('appcenter_app').select('id').where('id', 'in', [...draft.apps]).where('deleted_at', 'is', null).execute();
  if (apps.length !== new Set(draft.apps).size) throw fail.unprocessable('workflow.agents.appUnknown', {}, { field: 'apps' });
  await sql`select pg_advisory_xact_lock(hashtext(${`workflow.agent:${spaceId}:${draft.principalId}:${draft.agentId}`}))`.execute(trx);
  let query = trx
    .selectFrom('workflow_agent as a')
    .select([sql<string>`to_char(a.valid_from, 'YYYY-MM-DD')`.as('valid_from'), sql<string>`to_char(a.valid_to, 'YYYY-MM-DD')`.as('valid_to')])
    .where('a.principal_id', '=', draft.principalId)
    .where('a.agent_id', '=', draft.agentId)
    .where('a.state', '=', 'agenting')
    .where('a.valid_to', '>=', today)
    .where('a.valid_from', '<=', draft.validTo)
    .where('a.valid_to', '>=', draft.validFrom)
    .where(sql<boolean>`a.apps && ${[...draft.apps]}::bigint[]`);
  if (except) query = query.where('a.id', '<>', except);
  const clash = await query.orderBy('a.valid_from').executeTakeFirst();
  if (clash) throw fail.unprocessable('workflow.agents.overlap', { from: clash.valid_from, to: clash.valid_to }, { field: 'validFrom' });
}

/** Stored permissions in the product's order, whatever order they were sent in. */
export const orderedPerms = (perms: readonly string[]): AgentPerm[] => AGENT_PERMS.filter((perm) => perms.includes(perm));

/**
 * Who may change a rule: its principal, or a space admin (rules for any member, a departed member's work
 * included). The agent sees the rule under "agents to me" but cannot change it (403); anyone else does not find it.
 */
export function requireManager(rule: RuleRow | undefined, userId: string, isAdmin: boolean): RuleRow {
  if (!rule) throw fail.notFound('workflow.agents.notFound');
  if (isAdmin || String(rule.principal_id) === userId) return rule;
  if (String(rule.agent_id) === userId) throw fail.forbidden('workflow.agents.notYours');
  throw fail.notFound('workflow.agents.notFound');
}
