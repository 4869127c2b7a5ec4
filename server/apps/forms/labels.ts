import { sql } from 'kysely';
import type { FieldDef } from '../../../shared/forms/fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { accessPredicate } from './access.ts';
import { openFormAs, type Actor, type FormMeta, type Viewer } from './context.ts';
import type { ApiRecord } from './storage.ts';

export interface Labels {
  users: Record<string, string>;
  departments: Record<string, string>;
  /** Per relation field key: related record id → its display text (only records the reader may see). */
  relations: Record<string, Record<string, string>>;
}

const ids = (values: unknown[]) => [...new Set(values.filter((v): v is string => typeof v === 'string' && /^[0-9]{1,18}$/.test(v)))];

/** Who reads a page: whose permissions decide which related records' titles it may show. */
export const readerOf = (form: FormMeta, viewer: Viewer): Actor => ({ userId: viewer.userId, roles: viewer.roles, spaceId: form.spaceId });

/**
 * Names for the ids a page of records shows (members, departments, related records): one query per kind of
 * reference for the whole page, never one per row (no N+1).
 */
export async function labelsFor(trx: Trx, reader: Actor, fields: readonly FieldDef[], records: readonly ApiRecord[], options: { system?: boolean } = {}): Promise<Labels> {
  const labels: Labels = { users: {}, departments: {}, relations: {} };
  if (records.length === 0) return labels;
  const of = (type: FieldDef['type']) => fields.filter((f) => f.type === type);
  // The people of the system fields (owner, creator, modifier, handler) only when the page shows them.
  const system = options.system !== false;
  const userIds = ids(records.flatMap((r) => [...(system ? [r.ownerId, r.createdBy, r.updatedBy, r.handlerId] : []), ...of('member').map((f) => r.values[f.key])]));
  if (userIds.length) {
    const rows = await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute();
    for (const row of rows) labels.users[row.id] = row.name;
  }
  const deptIds = ids(records.flatMap((r) => [...(system ? [r.ownerDeptId] : []), ...of('department').map((f) => r.values[f.key])]));
  if (deptIds.length) {
    const rows = await trx.selectFrom('org_department').select(['id', 'name']).where('id', 'in', deptIds).execute();
    for (const row of rows) labels.departments[row.id] = row.name;
  }
  for (const field of of('relation')) {
    const target = field.relation?.formId;
    const wanted = ids(records.map((r) => r.values[field.key]));
    if (!target || wanted.length === 0) continue;
    labels.relations[field.key] = await relationTitles(trx, reader, target, wanted);
  }
  return labels;
}

/**
 * Display texts of records of another form: its number, or its title field's value, or `#id` — only for the
 * records the reader may see there (that form's record permissions and hidden fields); the others get no text,
 * so the reader sees the bare id, never a title.
 */
export async function relationTitles(trx: Trx, reader: Actor, formId: string, wanted: string[]): Promise<Record<string, string>> {
  const related = await openFormAs(trx, reader, formId);
  if (!related) return {};
  const { form, viewer } = related;
  const titleSql = titleOf(viewer);
  const rows = await sql<{ id: string; number: string | null; title: string | null }>`
    select t.id, t.number, ${titleSql} as title from ${sql.table(form.table)} t
    where t.id = any(${wanted}::bigint[]) and t.deleted_at is null and ${accessPredicate(form, viewer, 'view')}`.execute(trx);
  return Object.fromEntries(rows.rows.map((r) => [r.id, r.title ?? r.number ?? `#${r.id}`]));
}

/** The text naming a record of a form to its reader: its title field's value (null when it has none). */
function titleOf(viewer: Viewer) {
  const title = viewer.fields.find((f) => f.title && f.type !== 'serial' && f.type !== 'subtable');
  return title ? sql`${sql.ref(`t.${title.key}`)}::text` : sql`null::text`;
}

/** A record a reader may see whose title or number is one of the names asked for. */
export interface NamedRecord {
  id: string;
  number: string | null;
  /** The name asked for that found it. */
  name: string;
}

/**
 * The inverse of relationTitles, for imports: the records of a form the reader may see whose title or number is
 * one of `names` (several may share a title; the caller decides). Deleted records and ones hidden from the reader
 * are not found, exactly as a relation to them would be refused.
 */
export async function recordsNamed(trx: Trx, reader: Actor, formId: string, names: string[]): Promise<NamedRecord[]> {
  const related = await openFormAs(trx, reader, formId);
  if (!related || names.length === 0) return [];
  const { form, viewer } = related;
  const rows = await sql<{ id: string; number: string | null; title: string | null }>`
    select t.id, t.number, ${titleOf(viewer)} as title from ${sql.table(form.table)} t
    where (${titleOf(viewer)} = any(${names}::text[]) or t.number = any(${names}::text[])) and t.deleted_at is null
      and ${accessPredicate(form, viewer, 'view')}`.execute(trx);
  const wanted = new Set(names);
  return rows.rows.flatMap((r) => [
    ...(r.title !== null && wanted.has(r.title) ? [{ id: r.id, number: r.number, name: r.title }] : []),
    ...(r.number !== null && r.number !== r.title && wanted.has(r.number) ? [{ id: r.id, number: r.number, name: r.number }] : []),
  ]);
}
