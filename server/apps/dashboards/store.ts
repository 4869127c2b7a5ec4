import { sql, type SqlBool } from 'kysely';
import type { ChartSummary, Page } from '../../../shared/api/dashboards.ts';
import type { Chart, ChartDraft } from '../../../shared/dashboards/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { guardedOf, mayEdit, mayView, viewableBy, type Viewer } from './access.ts';
import './tables.ts';

/** Lists and search pages hold this many; the cursor is the last id (newest first). */
export const PAGE_SIZE = 50;

/** `q` as an ILIKE pattern that matches it literally anywhere (its own % and _ are not wildcards). */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A chart row with its creator's name (users are readable inside the space's transaction). */
function chartQuery(trx: Trx) {
  return trx
    .selectFrom('dashboards_chart as c')
    .innerJoin('users as u', 'u.id', 'c.created_by')
    .select(['c.id', 'c.name', 'c.type', 'c.app_id', 'c.form_id', 'c.definition', 'c.viewers', 'c.editors', 'c.created_by', 'u.name as creator_name', 'c.updated_at', 'c.version']);
}
type ChartRow = Awaited<ReturnType<ReturnType<typeof chartQuery>['executeTakeFirstOrThrow']>>;

/** A stored chart as the shared model has it; `canEdit` is the viewer's. */
export function toChart(row: ChartRow, viewer: Viewer): Chart {
  const { query, options, tips } = row.definition;
  return { id: String(row.id), name: row.name, type: row.type, appId: String(row.app_id), query, options, tips, ...guardedOf(row, viewer) };
}

/** The chart if it is in the space (row-level security) and the viewer may open it; else null — never a hint. */
export async function readChart(trx: Trx, viewer: Viewer, id: string, lock = false): Promise<Chart | null> {
  let query = chartQuery(trx).where('c.id', '=', id);
  if (lock) query = query.forUpdate('c');
  const row = await query.executeTakeFirst();
  const chart = row ? toChart(row, viewer) : null;
  return chart && mayView(chart, viewer) ? chart : null;
}

/** Several charts in one statement (a board's): those the viewer may open, by id. */
export async function readCharts(trx: Trx, viewer: Viewer, ids: readonly string[]): Promise<Map<string, Chart>> {
  if (ids.length === 0) return new Map();
  const rows = await chartQuery(trx).where('c.id', 'in', [...ids]).execute();
  const charts = rows.map((row) => toChart(row, viewer)).filter((chart) => mayView(chart, viewer));
  return new Map(charts.map((chart) => [chart.id, chart]));
}

/** Charts whose name or tips contain `q`, the app's, newest first, only those the viewer may open. */
export async function listCharts(trx: Trx, viewer: Viewer, filter: { q?: string; appId?: string; cursor?: string }, size = PAGE_SIZE): Promise<Page<ChartSummary>> {
  let query = trx
    .selectFrom('dashboards_chart as c')
    .innerJoin('users as u', 'u.id', 'c.created_by')
    .leftJoin('forms_form as f', (join) => join.onRef('f.id', '=', 'c.form_id').on('f.deleted_at', 'is', null))
    .select(['c.id', 'c.name', 'c.type', 'c.app_id', 'c.form_id', 'f.name as form_name', 'c.updated_at', 'u.name as creator_name', 'c.created_by', 'c.viewers', 'c.editors'])
    .where(viewableBy('c', viewer))
    .orderBy('c.id', 'desc')
    .limit(size + 1);
  const q = filter.q?.trim();
  if (q) query = query.where(sql<SqlBool>`(c.name ilike ${containing(q)} or c.definition->>'tips' ilike ${containing(q)})`);
  if (filter.appId) query = query.where('c.app_id', '=', filter.appId);
  if (filter.cursor && /^[0-9]{1,18}$/.test(filter.cursor)) query = query.where('c.id', '<', filter.cursor);
  const rows = await query.execute();
  const items = rows.slice(0, size).map(
    (row): ChartSummary => ({
      id: String(row.id),
      name: row.name,
      type: row.type,
      appId: String(row.app_id),
      formId: String(row.form_id),
      formName: row.form_name,
      updatedAt: new Date(row.updated_at).toISOString(),
      createdByName: row.creator_name,
      canEdit: mayEdit({ createdBy: String(row.created_by), viewers: row.viewers, editors: row.editors }, viewer),
    }),
  );
  return { items, next: rows.length > size ? items.at(-1)!.id : null };
}

/** The columns a draft writes (its name trimmed as the rules read it). */
export function chartValues(draft: ChartDraft) {
  return {
    name: draft.name.trim(),
    type: draft.type,
    app_id: draft.appId,
    form_id: draft.query.formId,
    definition: JSON.stringify({ query: draft.query, options: draft.options, tips: draft.tips }),
    viewers: JSON.stringify(draft.viewers),
    editors: JSON.stringify(draft.editors),
  };
}

export async function insertChart(trx: Trx, spaceId: string, userId: string, draft: ChartDraft): Promise<string> {
  const row = await trx
    .insertInto('dashboards_chart')
    .values({ space_id: spaceId, ...chartValues(draft), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateChart(trx: Trx, id: string, userId: string, draft: ChartDraft, version: number, now: Date): Promise<void> {
  await trx.updateTable('dashboards_chart').set({ ...chartValues(draft), updated_by: userId, updated_at: now, version }).where('id', '=', id).execute();
}

/** Only the draft part of a chart (what a copy or a save writes). */
export function draftOf(chart: Chart): ChartDraft {
  const { name, type, appId, query, options, tips, viewers, editors } = chart;
  return { name, type, appId, query, options, tips, viewers, editors };
}
