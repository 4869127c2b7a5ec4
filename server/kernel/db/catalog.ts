import type pg from 'pg';
import { APP_ROLE } from './pool.ts';

/**
 * Platform tables carry a space reference but are not space-owned rows: a user belongs to several spaces, a
 * session moves between them, root reads the log across them. The access layer guards these; every other
 * table with `space_id` must be isolated by forced row-level security.
 */
// space_security_policy, space_dictionary: read by the kernel outside a request's space (at start, for public
// dictionary calls); written only for the request's own space by the org app's routes.
// sms_send_log: the operator's send log across spaces (decision 0083); the space is where a message was sent for.
// finance_order: root's ledger of what each space bought (decision 0087); only root's console routes read it.
export const PLATFORM_TABLES: readonly string[] = ['spaces', 'users', 'memberships', 'sessions', 'oplog', 'space_security_policy', 'space_dictionary', 'sms_send_log', 'finance_order'];

const POLICY_CONDITION = "nullif(current_setting('app.space_id'::text, true), ''::text)";
const PROVIDER_CONDITION = "nullif(current_setting('app.provider_id'::text, true), ''::text)";
/** The provider tier's own platform tables (decision 0071); every other table with `provider_id` is provider-owned. */
export const PROVIDER_PLATFORM_TABLES: readonly string[] = ['spaces', 'providers', 'provider_members'];

/**
 * What is wrong with tenancy in the live catalog (empty = sound): space tables without ENABLED and FORCED RLS
 * or without a USING + WITH CHECK policy on app.space_id, a policy opened by another setting, and an app role that
 * could see past RLS.
 * The server refuses to start when this is not empty.
 */
export async function tenancyProblems(pool: pg.Pool): Promise<string[]> {
  const problems: string[] = [];
  const tables = await pool.query<{ table: string; rls: boolean; forced: boolean; owner: string }>(
    `select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced, pg_get_userbyid(c.relowner) as owner
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'space_id' and not a.attisdropped)`,
  );
  const policies = await pool.query<{ table: string; policy: string; qual: string | null; check: string | null }>(
    `select tablename as table, policyname as policy, qual, with_check as check from pg_policies where schemaname = current_schema()`,
  );
  for (const t of tables.rows) {
    if (PLATFORM_TABLES.includes(t.table)) continue;
    if (!t.rls) problems.push(`${t.table}: row-level security is not enabled`);
    if (!t.forced) problems.push(`${t.table}: row-level security is not forced`);
    const guarded = policies.rows.some(
      (p) => p.table === t.table && !!p.qual?.toLowerCase().includes(POLICY_CONDITION) && !!p.check?.toLowerCase().includes(POLICY_CONDITION),
    );
    if (!guarded) problems.push(`${t.table}: no policy with USING and WITH CHECK on app.space_id`);
  }
  problems.push(...(await providerTenancyProblems(pool, policies.rows)));
  problems.push(...settingProblems(policies.rows));
  const owned = await pool.query<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and pg_get_userbyid(c.relowner) = $1`,
    [APP_ROLE],
  );
  for (const row of owned.rows) problems.push(`${row.relname}: owned by the app role ${APP_ROLE}`);
  const role = await pool.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
    'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
    [APP_ROLE],
  );
  const app = role.rows[0];
  if (!app) problems.push(`the app role ${APP_ROLE} does not exist`);
  else {
    if (app.rolsuper) problems.push(`the app role ${APP_ROLE} is a superuser`);
    if (app.rolbypassrls) problems.push(`the app role ${APP_ROLE} bypasses row-level security`);
  }
  return problems;
}

/** The settings a policy may read: the ones that narrow what a transaction sees to its own space or provider. */
const POLICY_SETTINGS: readonly string[] = ['app.space_id', 'app.provider_id'];

/**
 * A policy opened by any other setting is a switch the app role can throw itself (`set_config` needs no right), so it
 * guards nothing (decision 0102): reads across spaces go through SECURITY DEFINER functions instead.
 */
function settingProblems(policies: Array<{ table: string; policy: string; qual: string | null; check: string | null }>): string[] {
  const problems = new Set<string>();
  for (const p of policies) {
    for (const [, setting] of `${p.qual ?? ''} ${p.check ?? ''}`.matchAll(/current_setting\('([^']*)'/gi)) {
      if (!POLICY_SETTINGS.includes(setting!)) problems.add(`${p.table}: policy ${p.policy} reads the setting ${setting}, which the app role may set itself`);
    }
  }
  return [...problems];
}

/** Provider-owned tables (a `provider_id` and no `space_id`) must be isolated like space tables, on app.provider_id. */
async function providerTenancyProblems(pool: pg.Pool, policies: Array<{ table: string; qual: string | null; check: string | null }>): Promise<string[]> {
  const problems: string[] = [];
  const tables = await pool.query<{ table: string; rls: boolean; forced: boolean }>(
    `select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'provider_id' and not a.attisdropped)
        and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'space_id' and not a.attisdropped)`,
  );
  for (const t of tables.rows) {
    if (PROVIDER_PLATFORM_TABLES.includes(t.table)) continue;
    if (!t.rls) problems.push(`${t.table}: row-level security is not enabled`);
    if (!t.forced) problems.push(`${t.table}: row-level security is not forced`);
    const guarded = policies.some(
      (p) => p.table === t.table && !!p.qual?.toLowerCase().includes(PROVIDER_CONDITION) && !!p.check?.toLowerCase().includes(PROVIDER_CONDITION),
    );
    if (!guarded) problems.push(`${t.table}: no policy with USING and WITH CHECK on app.provider_id`);
  }
  return problems;
}
