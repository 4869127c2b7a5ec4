import type { ColumnType } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { SharingBody } from '../../../shared/api/org-sharing.ts';
import {
  DEFAULT_SHARING_POLICY,
  SHARING_ACTIONS,
  SHARING_PATH,
  ruleAllows,
  sharingProblem,
  tidySharingPolicy,
  type NameableRole,
  type SharingAction,
  type SharingAllowed,
  type SharingMode,
  type SharingPolicy,
} from '../../../shared/org/data-sharing.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { Sharer } from '../../kernel/data-sharing.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import './tables.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration org 0014: one row per action a space has set; an absent row is "everyone". */
export interface OrgDataSharingTable {
  space_id: string;
  action: SharingAction;
  mode: SharingMode;
  platform_roles: ColumnType<string[], string[] | undefined, string[]>;
  enterprise_roles: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Timestamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_data_sharing: OrgDataSharingTable;
  }
}

/** The space's policy in the request's transaction (row-level security picks the request's space). */
export async function readSharingPolicy(trx: Trx): Promise<SharingPolicy> {
  const rows = await trx.selectFrom('org_data_sharing').select(['action', 'mode', 'platform_roles', 'enterprise_roles']).execute();
  const policy: SharingPolicy = { ...DEFAULT_SHARING_POLICY };
  for (const row of rows) {
    policy[row.action] = { mode: row.mode, platformRoles: row.platform_roles as NameableRole[], enterpriseRoles: row.enterprise_roles.map(String) };
  }
  return policy;
}

/**
 * The checker the kernel asks (server/kernel/data-sharing.ts): the policy and, only when some action names
 * enterprise roles, the ones this member holds. Two small reads inside the asking app's transaction.
 */
export async function sharingAllowed(trx: Trx, who: Sharer): Promise<SharingAllowed> {
  const policy = await readSharingPolicy(trx);
  const namesRoles = SHARING_ACTIONS.some((action) => policy[action].mode === 'roles' && policy[action].enterpriseRoles.length > 0);
  const held = namesRoles
    ? (await trx.selectFrom('org_role_member').select('role_id').where('user_id', '=', who.userId).execute()).map((row) => String(row.role_id))
    : [];
  const allowed = {} as SharingAllowed;
  for (const action of SHARING_ACTIONS) allowed[action] = ruleAllows(policy[action], who.roles, held);
  return allowed;
}

/** Of the enterprise role ids a policy names, those that are roles of this space (another space's are not). */
async function knownRoles(trx: Trx, policy: SharingPolicy): Promise<{ ids: string[]; known: Set<string> }> {
  const ids = [...new Set(SHARING_ACTIONS.flatMap((action) => policy[action].enterpriseRoles))];
  if (ids.length === 0) return { ids, known: new Set() };
  return { ids, known: new Set((await trx.selectFrom('org_role').select('id').where('id', 'in', ids).execute()).map((row) => String(row.id))) };
}

/** The policy as the admin's page shows it: a role deleted since (which matches nobody) is no longer listed. */
async function readForPage(trx: Trx): Promise<SharingPolicy> {
  const policy = await readSharingPolicy(trx);
  const { known } = await knownRoles(trx, policy);
  for (const action of SHARING_ACTIONS) policy[action] = { ...policy[action], enterpriseRoles: policy[action].enterpriseRoles.filter((id) => known.has(id)) };
  return policy;
}

/** What the operation log names as the change: each action's mode, e.g. "export:nobody,print:roles,…". */
const summary = (policy: SharingPolicy) => SHARING_ACTIONS.map((action) => `${action}:${policy[action].mode}`).join(',');

/**
 * shareData (spec §2.6; decision 0046): the admin reads and saves the space's data-sharing policy; every app that
 * lets data out asks the kernel, which asks `sharingAllowed` here. Reading and changing it is the administrator's
 * alone, by role and not by a delegable permission: a delegate could otherwise open exports to everyone.
 */
export function registerDataSharingRoutes(app: App, kernel: Kernel): void {
  kernel.sharing.provide(sharingAllowed);
  const admin = { roles: ['admin'] } as const;

  app.get(SHARING_PATH, { config: { access: admin }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    return { code: 200, msg: 'ok', data: await kernel.transact(req, readForPage) };
  });

  app.put(SHARING_PATH, { config: { access: admin, action: 'org.settings.shareData' }, schema: { querystring: NoQuery, body: SharingBody } }, async (req) => {
    const space = currentSpace(req);
    const policy = tidySharingPolicy(req.body as SharingPolicy);
    const problem = sharingProblem(policy);
    if (problem) throw fail.unprocessable(problem.key, problem.params);
    req.ctx.auditTarget = summary(policy);
    const saved = await kernel.transact(req, async (trx) => {
      const { ids, known } = await knownRoles(trx, policy);
      const missing = ids.find((id) => !known.has(id));
      if (missing) throw fail.unprocessable('org.sharing.problem.unknownRole', { id: missing });
      // All four rows in this one transaction: a member never meets half a policy.
      await trx
        .insertInto('org_data_sharing')
        .values(SHARING_ACTIONS.map((action) => ({ space_id: space.id, action, mode: policy[action].mode, platform_roles: policy[action].platformRoles, enterprise_roles: policy[action].enterpriseRoles })))
        .onConflict((oc) =>
          oc.columns(['space_id', 'action']).doUpdateSet((eb) => ({
            mode: eb.ref('excluded.mode'),
            platform_roles: eb.ref('excluded.platform_roles'),
            enterprise_roles: eb.ref('excluded.enterprise_roles'),
            updated_at: new Date(),
          })),
        )
        .execute();
      return readForPage(trx);
    });
    return { code: 200, msg: 'ok', data: saved };
  });
}
