import { sql } from 'kysely';
import type { DataTableItem, GrowthDay } from '../../../../shared/api/forms-datacenter.ts';
import type { Apps } from '../../../kernel/apps.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { countConfig } from '../count-budget.ts';
import { ensureIndex, tableOf } from '../storage.ts';
import { addedInLast, tableGrowth, type GrowthWindow } from './growth.ts';

/** A published form of this space whose record table exists, with the table's size. */
export interface FormTable {
  formId: string;
  appId: string;
  appName: string;
  formName: string;
  version: number;
  table: string;
  bytes: number;
}

/**
 * The space's forms that have a table: published, not in the recycle bin, of an app that is not deleted (what
 * forms_viewer_meta answers). Row-level security keeps forms_form to the request's space; the apps and their
 * names are the application centre's answer (`kernel.apps`); the size comes from the catalogue (pg_class and
 * pg_total_relation_size need no grant on the table).
 */
export async function formTables(apps: Apps, trx: Trx, formId?: string): Promise<FormTable[]> {
  const rows = await sql<{ form_id: string; app_id: string; form_name: string; version: number; bytes: string }>`
    select f.id::text as form_id, f.app_id::text as app_id, f.name as form_name, f.version, pg_total_relation_size(c.oid)::text as bytes
    from forms_form f
    join pg_class c on c.relname = 'forms_data_' || f.id and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
    where f.deleted_at is null and f.version > 0 ${formId === undefined ? sql`` : sql`and f.id = ${formId}::bigint`}
    order by f.sort, f.id`.execute(trx);
  // Live apps come by name: their rank orders the tables by app, the (stable) sort keeping each app's forms in order.
  const live = await apps.live(trx, [...new Set(rows.rows.map((r) => r.app_id))]);
  const rank = new Map(live.map((app, i) => [app.id, i]));
  const shown = rows.rows.filter((r) => rank.has(r.app_id)).sort((a, b) => rank.get(a.app_id)! - rank.get(b.app_id)!);
  return shown.map((r) => ({
    formId: r.form_id,
    appId: r.app_id,
    appName: live[rank.get(r.app_id)!]!.name,
    formName: r.form_name,
    version: r.version,
    table: tableOf(r.form_id),
    bytes: Number(r.bytes),
  }));
}

/** The planner's estimate of a table's live rows (what list counts start from, count-budget.ts). */
async function estimatedLiveRows(trx: Trx, table: string): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json) select 1 from ${sql.table(table)} t
    where t.deleted_at is null`.execute(trx);
  return Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}

interface LiveFigures {
  rows: number;
  updatedAt: Date | null;
  estimated: boolean;
  large: boolean;
}

/**
 * Live rows and the latest change, by the rule lists count by (decision 0025), without spending a time budget:
 * below FORMS_COUNT_EXACT_BELOW rows (the planner's estimate) an exact count, which is cheap there; above it the
 * estimate itself, labelled — the data centre never counts a million rows on a call. The latest change of a large
 * table reads its index on updated_at (made once, as monitoring does) instead of scanning.
 */
async function liveFigures(trx: Trx, formId: string, table: string): Promise<LiveFigures> {
  const estimate = await estimatedLiveRows(trx, table);
  const t = sql.table(table);
  if (estimate < countConfig().exactBelow) {
    const row = (await sql<{ n: number; at: Date | null }>`select count(*)::int as n, max(t.updated_at) as at from ${t} t where t.deleted_at is null`.execute(trx)).rows[0];
    return { rows: row?.n ?? 0, updatedAt: row?.at ?? null, estimated: false, large: false };
  }
  await ensureIndex(trx, formId, 'updated_at');
  const row = (await sql<{ at: Date | null }>`select max(t.updated_at) as at from ${t} t where t.deleted_at is null`.execute(trx)).rows[0];
  return { rows: estimate, updatedAt: row?.at ?? null, estimated: true, large: true };
}

/** One form as a table: its figures and its growth over the window. */
export async function describeTable(trx: Trx, form: FormTable, window: GrowthWindow): Promise<{ item: DataTableItem; growth: GrowthDay[] }> {
  const live = await liveFigures(trx, form.formId, form.table);
  const growth = await tableGrowth(trx, form.formId, form.table, window, live.large);
  const item: DataTableItem = {
    formId: form.formId,
    appId: form.appId,
    appName: form.appName,
    formName: form.formName,
    table: form.table,
    // Every record of the window is live and counted exactly: an estimate from stale statistics is raised to it.
    rows: live.estimated ? Math.max(live.rows, addedInLast(growth, growth.length)) : live.rows,
    bytes: form.bytes,
    added7d: addedInLast(growth, 7),
    added30d: addedInLast(growth, 30),
    updatedAt: live.updatedAt ? live.updatedAt.toISOString() : null,
    estimated: live.estimated,
  };
  return { item, growth };
}
