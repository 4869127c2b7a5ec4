import { sql } from 'kysely';
import { SEARCH_RESULTS_CAP } from '../../../shared/constants.ts';
import { VALUE_KIND, type FieldDef } from '../../../shared/forms/fields.ts';
import { SORTABLE_KINDS, kindOf, type FilterGroup } from '../../../shared/forms/filters.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { accessPredicate } from './access.ts';
import type { FormMeta, Viewer } from './context.ts';
import { and, checkedFilter, filterSql, likeEscape, type Sql } from './filter-sql.ts';
import { SYSTEM_SELECT, columnOf, param, storedFields, toApiRecord, type ApiRecord, type RecordRow } from './storage.ts';

/** §3/B3: counts are exact below this many rows and a labelled planner estimate above. */
export const EXACT_COUNT_LIMIT = 100_000;

export interface ListRequest {
  filter?: FilterGroup;
  sort?: { field: string; dir: 'asc' | 'desc' };
  /** Field keys to answer (default: every field the viewer may see). */
  columns?: string[];
  cursor?: string;
  pageSize: number;
  count?: boolean;
  /** Search text: ranked matches, only the first 600 (§5). */
  q?: string;
}

export interface ListAnswer {
  records: ApiRecord[];
  nextCursor: string | null;
  total?: { count: number; estimated: boolean };
}

type CursorValue = string | number | null;

const encodeCursor = (segment: number, value: CursorValue, id: string) => Buffer.from(JSON.stringify([segment, value, id])).toString('base64url');

function decodeCursor(cursor: string): [number, CursorValue, string] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 3 && (parsed[0] === 0 || parsed[0] === 1) && /^[0-9]{1,18}$/.test(String(parsed[2]))) {
      const value = parsed[1];
      if (value === null || typeof value === 'number' || (typeof value === 'string' && value.length <= 500)) return parsed as [number, CursorValue, string];
    }
  } catch {
    // fall through to the 422 below
  }
  throw fail.unprocessable('forms.list.badCursor');
}

/** The columns to select: system columns plus the stored fields asked for and visible to the viewer. */
function selection(fields: readonly FieldDef[], columns: string[] | undefined): { fields: FieldDef[]; sql: Sql } {
  const chosen = columns ? fields.filter((f) => columns.includes(f.key)) : [...fields];
  const stored = storedFields(chosen).map((f) => sql.ref(`t.${f.key}`));
  return { fields: chosen, sql: stored.length ? sql`${SYSTEM_SELECT}, ${sql.join(stored)}` : SYSTEM_SELECT };
}

/** The WHERE shared by list, search, count, export and aggregates: live rows, the viewer's access, the filter. */
export function visibleWhere(form: FormMeta, viewer: Viewer, filter: FilterGroup | undefined): Sql {
  const parts: Sql[] = [sql`t.deleted_at is null`, accessPredicate(form, viewer, 'view')];
  const checked = checkedFilter(viewer.fields, filter);
  if (checked) parts.push(filterSql(viewer.fields, checked));
  return and(parts);
}

/** Exact below EXACT_COUNT_LIMIT; above it the planner's estimate (no count(*) over millions on every page). */
export async function countRecords(trx: Trx, table: string, where: Sql): Promise<{ count: number; estimated: boolean }> {
  const plan = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json) select 1 from ${sql.table(table)} t where ${where}`.execute(trx);
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  if (estimate >= EXACT_COUNT_LIMIT) return { count: estimate, estimated: true };
  const exact = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} t where ${where}`.execute(trx);
  return { count: Number(exact.rows[0]?.n ?? 0), estimated: false };
}

function sortOf(viewer: Viewer, sort: ListRequest['sort']): { column: string; kind: ReturnType<typeof kindOf>; dir: 'asc' | 'desc' } {
  if (!sort) return { column: 'id', kind: 'ref', dir: 'desc' };
  const kind = kindOf(viewer.fields, sort.field);
  if (!kind) throw fail.unprocessable('forms.filter.unknownField', { field: sort.field });
  if (!SORTABLE_KINDS.includes(kind)) throw fail.unprocessable('forms.list.notSortable', { field: sort.field });
  return { column: columnOf(sort.field), kind, dir: sort.dir };
}

/**
 * One page by keyset (never OFFSET): rows after the cursor's (value, id). A sort column with empty values is
 * read as two index-ordered segments (values, then empties — or the reverse for descending order), so every
 * page is an index range scan however deep it is.
 */
export type Counter = (table: string, where: Sql) => Promise<{ count: number; estimated: boolean }>;

export async function listRecords(trx: Trx, form: FormMeta, viewer: Viewer, request: ListRequest, counter?: Counter): Promise<ListAnswer> {
  const where = visibleWhere(form, viewer, request.filter);
  // The count starts first; given a counter on another connection, it runs while the page is read.
  const count = request.q === undefined && request.count ? (counter ?? ((table, w) => countRecords(trx, table, w)))(form.table, where) : null;
  count?.catch(() => undefined); // awaited below: a failure then is not an unhandled rejection now
  const { fields, sql: select } = selection(viewer.fields, request.columns);
  const table = sql.table(form.table);
  if (request.q !== undefined) return search(trx, form, viewer, request, where, fields, select);
  const { column, kind, dir } = sortOf(viewer, request.sort);
  const col = sql.ref(`t.${column}`);
  const direction = sql.raw(dir);
  const nullable = column !== 'id' && column !== 'created_at' && column !== 'updated_at' && column !== 'owner_id' && column !== 'created_by' && column !== 'updated_by';
  // Segment 0 comes first: values ascending, or empties first when descending (PostgreSQL's own null order).
  const segments = nullable ? (dir === 'asc' ? ['values', 'empty'] : ['empty', 'values']) : ['values'];
  const [segment, value, afterId] = request.cursor ? decodeCursor(request.cursor) : [0, null, null];
  if (segment >= segments.length) throw fail.unprocessable('forms.list.badCursor');
  const want = request.pageSize + 1;
  const compare = dir === 'asc' ? sql`>` : sql`<`;
  // One statement: the segments from the cursor's on, each an index-ordered range, in segment order.
  const branches = segments.slice(segment).map((kindOfSegment, offset) => {
    const parts: Sql[] = [where];
    const fromCursor = offset === 0 && afterId;
    if (kindOfSegment === 'empty') {
      parts.push(sql`${col} is null`);
      if (fromCursor) parts.push(sql`t.id ${compare} ${afterId}::bigint`);
    } else {
      if (nullable) parts.push(sql`${col} is not null`);
      if (fromCursor && column === 'id') parts.push(sql`t.id ${compare} ${afterId}::bigint`);
      else if (fromCursor) parts.push(sql`(${col}, t.id) ${compare} (${param(kind!, value)}, ${afterId}::bigint)`);
    }
    const order = kindOfSegment === 'empty' || column === 'id' ? sql`t.id ${direction}` : sql`${col} ${direction}, t.id ${direction}`;
    return sql`(select ${select}, ${sql.ref(`t.${column}`)} as __sort, ${segment + offset}::int as __segment from ${table} t where ${and(parts)} order by ${order} limit ${want})`;
  });
  const result = await sql<RecordRow & { __segment: number; __sort: unknown }>`
    select * from (${sql.join(branches, sql` union all `)}) page order by __segment, __sort ${direction}, id ${direction} limit ${want}`.execute(trx);
  const rows = result.rows;
  const more = rows.length > request.pageSize;
  const shown = rows.slice(0, request.pageSize);
  const last = shown.at(-1);
  const lastValue = last ? (last.__sort instanceof Date ? last.__sort.toISOString() : (last.__sort as CursorValue)) : null;
  const answer: ListAnswer = {
    records: shown.map((row) => toApiRecord(row, fields)),
    nextCursor: more && last ? encodeCursor(last.__segment, column === 'id' ? null : lastValue, last.id) : null,
  };
  if (count) answer.total = await count;
  return answer;
}

/** §5: search shows only the first 600 results, best matches first. */
async function search(trx: Trx, form: FormMeta, viewer: Viewer, request: ListRequest, where: Sql, fields: FieldDef[], select: Sql): Promise<ListAnswer> {
  const text = (request.q ?? '').trim().toLowerCase();
  if (!text) throw fail.unprocessable('forms.search.empty');
  const limit = Math.min(request.pageSize, SEARCH_RESULTS_CAP);
  const rows = await sql<RecordRow>`
    select ${select} from ${sql.table(form.table)} t
    where ${where} and t.search_text like ${`%${likeEscape(text)}%`}
    order by word_similarity(${text}, t.search_text) desc, t.updated_at desc, t.id desc
    limit ${limit}`.execute(trx);
  const answer: ListAnswer = { records: rows.rows.map((row) => toApiRecord(row, fields)), nextCursor: null };
  if (request.count) {
    const total = await countRecords(trx, form.table, and([where, sql`t.search_text like ${`%${likeEscape(text)}%`}`]));
    answer.total = { count: Math.min(total.count, SEARCH_RESULTS_CAP), estimated: total.estimated };
  }
  return answer;
}

/** Distinct values of a field with their counts (cascade filter trees, board columns), inside the viewer's access. */
export async function distinctValues(trx: Trx, form: FormMeta, viewer: Viewer, field: string, filter: FilterGroup | undefined) {
  const def = viewer.fields.find((f) => f.key === field);
  const kind = def ? VALUE_KIND[def.type] : null;
  if (!def || !kind || !['text', 'ref', 'number', 'date'].includes(kind)) throw fail.unprocessable('forms.list.notGroupable', { field });
  const col = sql.ref(`t.${field}`);
  const rows = await sql<{ value: unknown; n: string }>`
    select ${col} as value, count(*) as n from ${sql.table(form.table)} t
    where ${visibleWhere(form, viewer, filter)} group by ${col} order by count(*) desc, ${col} limit 500`.execute(trx);
  return rows.rows.map((r) => ({ value: r.value === null ? null : kind === 'number' ? Number(r.value) : r.value, count: Number(r.n) }));
}
