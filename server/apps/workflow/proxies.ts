import { sql } from 'kysely';
import { dayIn } from '../../../shared/workflow/agents.ts';
import type { AgentPerm } from '../../../shared/workflow/model.ts';
import { AGENT_PERMS } from '../../../shared/workflow/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import './tables.ts';
import { activeMembersOf } from '../../kernel/members.ts';

/**
 * The engine's read side of agents and hosting (Part 1 §9, decision 0055). Rules are virtual: nothing was moved
 * when they were made, so every question "may B act for A here, now?" is answered here, inside the caller's
 * transaction (row-level security confines the rule tables to the space; memberships are named by space).
 * Only effective rules count: an agent rule that is agenting with today (the space's date) within its dates, a
 * hosting that is enabled, and in both cases both people active members of the space. Direct rules only: A→B and
 * B→C never let C act for A (no rule is followed past one step).
 */
export interface Proxy {
  principalId: string;
  via: 'agent' | 'trustee';
  /** null = every app (hosting). */
  apps: string[] | null;
  perms: AgentPerm[];
}

export interface ProxyOf {
  userId: string;
  via: 'agent' | 'trustee';
  apps: string[] | null;
  perms: AgentPerm[];
}

/** "Today" in the space's time zone, from the kernel's clock (tests move it). */
export async function spaceToday(trx: Trx, spaceId: string, now: Date): Promise<string> {
  // The space's zone is a platform column (kernel migration 0004), read here rather than through another app.
  const zone = (await sql<{ time_zone: string }>`select time_zone from spaces where id = ${spaceId}`.execute(trx)).rows[0]?.time_zone;
  return dayIn(zone ?? 'Asia/Shanghai', now);
}

/** Which of `ids` are active members of the space (the kernel's one reading of it). */
export const activeMembers = activeMembersOf;

interface Filter {
  agentId?: string;
  principalIds?: readonly string[];
}

/** Effective agent rules matching `filter`, as (principal, agent, apps, perms). */
async function effectiveRules(trx: Trx, spaceId: string, today: string, filter: Filter) {
  if (filter.principalIds?.length === 0) return [];
  let query = trx
    .selectFrom('workflow_agent as a')
    .select(['a.principal_id', 'a.agent_id', sql<string[]>`a.apps::text[]`.as('apps'), 'a.perms'])
    .where('a.state', '=', 'agenting')
    .where('a.valid_from', '<=', today)
    .where('a.valid_to', '>=', today);
  if (filter.agentId) query = query.where('a.agent_id', '=', filter.agentId);
  if (filter.principalIds) query = query.where('a.principal_id', 'in', filter.principalIds);
  const rows = await query.orderBy('a.id').execute();
  const active = await activeMembers(trx, spaceId, rows.flatMap((r) => [r.principal_id, r.agent_id]));
  return rows.filter((r) => active.has(String(r.principal_id)) && active.has(String(r.agent_id)));
}

/** Effective hostings matching `filter`, as (user, trustee). */
async function effectiveHostings(trx: Trx, spaceId: string, filter: Filter) {
  if (filter.principalIds?.length === 0) return [];
  let query = trx.selectFrom('workflow_hosting as h').select(['h.user_id', 'h.trustee_id']).where('h.enabled', '=', true);
  if (filter.agentId) query = query.where('h.trustee_id', '=', filter.agentId);
  if (filter.principalIds) query = query.where('h.user_id', 'in', filter.principalIds);
  const rows = await query.orderBy('h.user_id').execute();
  const active = await activeMembers(trx, spaceId, rows.flatMap((r) => [r.user_id, r.trustee_id]));
  return rows.filter((r) => active.has(String(r.user_id)) && active.has(String(r.trustee_id)));
}

const perms = (stored: readonly string[]): AgentPerm[] => AGENT_PERMS.filter((perm) => stored.includes(perm));

/** Whose work `userId` may do today: effective agent rules where he is the agent, and hostings where he is the trustee. */
export async function principalsFor(trx: Trx, spaceId: string, userId: string, now: Date): Promise<Proxy[]> {
  const today = await spaceToday(trx, spaceId, now);
  const rules = await effectiveRules(trx, spaceId, today, { agentId: userId });
  const hostings = await effectiveHostings(trx, spaceId, { agentId: userId });
  return [
    ...rules.map((r): Proxy => ({ principalId: String(r.principal_id), via: 'agent', apps: r.apps.map(String), perms: perms(r.perms) })),
    ...hostings.map((h): Proxy => ({ principalId: String(h.user_id), via: 'trustee', apps: null, perms: [...AGENT_PERMS] })),
  ];
}

/**
 * For each principal, who may act for him now (to notify agents and trustees of new to-dos). One statement: it runs
 * with every approval, so the space's date is taken in SQL and both kinds of rule come back together.
 */
export async function proxiesOf(trx: Trx, spaceId: string, principalIds: readonly string[], now: Date): Promise<Map<string, ProxyOf[]>> {
  const ids = [...new Set(principalIds)];
  const result = new Map<string, ProxyOf[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const { rows } = await sql<{ principal: string; helper: string; via: 'agent' | 'trustee'; apps: string[] | null; perms: string[] | null }>`
    with today as (select (${now}::timestamptz at time zone coalesce((select time_zone from spaces where id = ${spaceId}), 'Asia/Shanghai'))::date as d)
    select a.principal_id::text as principal, a.agent_id::text as helper, 'agent' as via, a.apps::text[] as apps, a.perms
      from workflow_agent a, today
     where a.state = 'agenting' and a.valid_from <= today.d and a.valid_to >= today.d and a.principal_id = any(${ids}::bigint[])
    union all
    select h.user_id::text, h.trustee_id::text, 'trustee', null, null from workflow_hosting h where h.enabled and h.user_id = any(${ids}::bigint[])`.execute(trx);
  if (!rows.length) return result;
  const active = await activeMembers(trx, spaceId, rows.flatMap((r) => [r.principal, r.helper]));
  for (const r of rows) {
    if (!active.has(r.principal) || !active.has(r.helper)) continue;
    result.get(r.principal)?.push(
      r.via === 'agent' ? { userId: r.helper, via: 'agent', apps: r.apps ?? [], perms: perms(r.perms ?? []) } : { userId: r.helper, via: 'trustee', apps: null, perms: [...AGENT_PERMS] },
    );
  }
  return result;
}

/**
 * The path by which `userId` may act for `principalId` in `appId` with `perm`, or null. Acting for oneself is not a
 * path (the caller records `user`). When both an agent rule and a hosting allow it, the agent rule is named: it is
 * the narrower, deliberate grant for this app.
 */
export async function actingPath(
  trx: Trx,
  spaceId: string,
  userId: string,
  principalId: string,
  appId: string,
  perm: AgentPerm,
  now: Date,
): Promise<'agent' | 'trustee' | null> {
  if (userId === principalId) return null;
  const today = await spaceToday(trx, spaceId, now);
  const rules = await effectiveRules(trx, spaceId, today, { agentId: userId, principalIds: [principalId] });
  if (rules.some((r) => r.perms.includes(perm) && r.apps.map(String).includes(String(appId)))) return 'agent';
  const hostings = await effectiveHostings(trx, spaceId, { agentId: userId, principalIds: [principalId] });
  return hostings.length > 0 ? 'trustee' : null;
}
