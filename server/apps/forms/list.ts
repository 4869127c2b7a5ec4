import { sql } from 'kysely';
import { SEARCH_RESULTS_CAP } from '../../../shared/constants.ts';
import { VALUE_KIND, type FieldDef } from '../../../shared/forms/fields.ts';
import { SORTABLE_KINDS, kindOf, valueFitsKind, type FilterGroup } from '../../../shared/forms/filters.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { accessPredicate } from './access.ts';
import { countRecords, pageCount, type Count, type CountBudget } from './count-budget.ts';
import type { FormMeta, Viewer } from './context.ts';
import { and, checkedFilter, filterSql, likeEscape, type Sql } from './filter-sql.ts';
import { SYSTEM_SELECT, columnIn, param, searchTextSql, searchable, storedFields, toApiRecord, type ApiRecord, type RecordRow } from './storage.ts';

/** Monitoring and record routes count through the list module, as before counts got their budget. */
export { countRecords };

export interface ListRequest {
  filter?: FilterGroup;
  sort?: { field: string; dir: 'asc' | 'desc' };
  /** Field keys to answer (default: every field the viewer may see). */
  columns?: string[];
  cursor?: string;
  pageSize: number;
  count?: boolean;
  /** The user asked for the exact count: a longer budget than a page's (count-budget.ts). */
  exactCount?: boolean;
  /** Search text: ranked matches, only the first 600 (§5). */
  q?: string;
}

export interface ListAnswer {
  records: ApiRecord[];
  nextCursor: string | null;
  total?: Count;
}

type CursorValue = string | number | null;

const listed = (row: RecordRow & { __can_delete: boolean }, fields: readonly FieldDef[]): ApiRecord => ({ ...toApiRecord(row, fields), canDelete: row.__can_delete });

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

function sortOf(viewer: Viewer, sort: ListRequest['sort']): { column: string; kind: ReturnType<typeof kindOf>; dir: 'asc' | 'desc' } {
  if (!sort) return { column: 'id', kind: 'ref', dir: 'desc' };
  const kind = kindOf(viewer.fields, sort.field);
  if (!kind) throw fail.unprocessable('forms.filter.unknownField', { field: sort.field });
  if (!SORTABLE_KINDS.includes(kind)) throw fail.unprocessable('forms.list.notSortable', { field: sort.field });
  return { column: columnIn(viewer.fields, sort.field), kind, dir: sort.dir };
}

/**
 * One page by keyset (never OFFSET): rows after the cursor's (value, id). A sort column with empty values is
 * read as two index-ordered segments (values, then empties — or the reverse for descending order), so every
 * page is an index range scan however deep it is.
 */
export type Counter = (table: string, where: Sql, budget: CountBudget, onEstimate: (estimate: Count) => void) => Promise<Count>;

export async function listRecords(trx: Trx, form: FormMeta, viewer: Viewer, request: ListRequest, counter?: Counter): Promise<ListAnswer> {
  const where = visibleWhere(form, viewer, request.filter);
  // The count starts first; given a counter on another connection, it runs while the page is read.
  const budget: CountBudget = request.exactCount ? 'asked' : 'list';
  let heard: Count | undefined;
  const started = Date.now();
  const count = request.q === undefined && request.count ? (counter ?? ((table, w, b, e) => countRecords(trx, table, w, b, e)))(form.table, where, budget, (e) => (heard = e)) : null;
  count?.catch(() => undefined); // awaited below: a failure then is not an unhandled rejection now
  const { fields, sql: chosen } = selection(viewer.fields, request.columns);
  // Whether the viewer may delete each row: the list offers delete only for such rows (the same predicate deletes).
  const select = sql`${chosen}, ${accessPredicate(form, viewer, 'delete')} as __can_delete`;
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
  // A cursor is the client's text: its value must be of the sort field's type before it is bound as one.
  if (column !== 'id' && value !== null && !valueFitsKind(kind!, value)) throw fail.unprocessable('forms.list.badCursor');
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
  const result = await sql<RecordRow & { __segment: number; __sort: unknown; __can_delete: boolean }>`
    select * from (${sql.join(branches, sql` union all `)}) page order by __segment, __sort ${direction}, id ${direction} limit ${want}`.execute(trx);
  const rows = result.rows;
  const more = rows.length > request.pageSize;
  const shown = rows.slice(0, request.pageSize);
  const last = shown.at(-1);
  const lastValue = last ? (last.__sort instanceof Date ? last.__sort.toISOString() : (last.__sort as CursorValue)) : null;
  const answer: ListAnswer = {
    records: shown.map((row) => listed(row, fields)),
    nextCursor: more && last ? encodeCursor(last.__segment, column === 'id' ? null : lastValue, last.id) : null,
  };
  // Without a counter of its own the count ran on this connection, before the page: it is done by now.
  if (count) answer.total = await pageCount(count, () => heard, Date.now() - started, budget);
  return answer;
}

/**
 * What a search matches and ranks by. The stored search_text holds every field, so a viewer from whom a rule
 * hides a searchable field matches (and is ranked) on the text of the fields they see, computed in SQL; the
 * trigram-indexed search_text stays in the WHERE as the index's superset, so the plan does not change.
 */
export function searchMatch(form: FormMeta, viewer: Viewer, text: string): { where: Sql; rank: Sql } {
  const pattern = `%${likeEscape(text)}%`;
  const indexed = sql`t.search_text like ${pattern}`;
  const seen = new Set(viewer.fields.map((f) => f.key));
  if (!form.allFields.some((f) => searchable(f) && !seen.has(f.key))) return { where: indexed, rank: sql`word_similarity(${text}, t.search_text)` };
  const shown = searchTextSql(viewer.fields);
  return { where: and([indexed, sql`${shown} like ${pattern}`]), rank: sql`word_similarity(${text}, ${shown})` };
}

/** §5: search shows only the first 600 results, best matches first. */
async function search(trx: Trx, form: FormMeta, viewer: Viewer, request: ListRequest, where: Sql, fields: FieldDef[], select: Sql): Promise<ListAnswer> {
  const text = (request.q ?? '').trim().toLowerCase();
  if (!text) throw fail.unprocessable('forms.search.empty');
  const limit = Math.min(request.pageSize, SEARCH_RESULTS_CAP);
  const match = searchMatch(form, viewer, text);
  const rows = await sql<RecordRow & { __can_delete: boolean }>`
    select ${select} from ${sql.table(form.table)} t
    where ${where} and ${match.where}
    order by ${match.rank} desc, t.updated_at desc, t.id desc
    limit ${limit}`.execute(trx);
  const answer: ListAnswer = { records: rows.rows.map((row) => listed(row, fields)), nextCursor: null };
  if (request.count) {
    const total = await countRecords(trx, form.table, and([where, match.where]));
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
