import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { SYSTEM_FIELDS, VALUE_KIND, type FieldDef, type SystemField, type ValueKind } from '../../../shared/forms/fields.ts';
import type { ApiRecord } from '../../../shared/api/forms.ts';
import type { Trx } from '../../kernel/db/pool.ts';

export type { ApiRecord };

// A `date` column is a calendar day, not an instant: keep PostgreSQL's text ('2026-11-22'), never a local Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** The record table of a form (created on first publish by forms_storage_create). */
export const tableOf = (formId: string) => `forms_data_${formId}`;

/** Storage columns of the system fields of §3. */
export const SYSTEM_COLUMN: Record<SystemField, string> = {
  number: 'number',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  ownerId: 'owner_id',
  handlerId: 'handler_id',
};

export const isSystemField = (name: string): name is SystemField => (SYSTEM_FIELDS as readonly string[]).includes(name);

/** The column of a form field or system field; field keys (`f12`) are their own column names. */
export const columnOf = (name: string): string => (isSystemField(name) ? SYSTEM_COLUMN[name] : name);

/** The column of a name in a form's fields: a system field's column, `number` for the serial field, else the key. */
export const columnIn = (fields: readonly FieldDef[], name: string): string =>
  isSystemField(name) ? SYSTEM_COLUMN[name] : fields.some((f) => f.key === name && VALUE_KIND[f.type] === 'serial') ? 'number' : name;

/** Fields with a column of their own (the serial field's value is the record's `number`). */
export const storedFields = (fields: readonly FieldDef[]) => fields.filter((f) => VALUE_KIND[f.type] !== 'serial');

const CAST: Record<Exclude<ValueKind, 'serial'>, string> = {
  text: 'text',
  number: 'float8',
  date: 'date',
  datetime: 'timestamptz',
  texts: 'text[]',
  ref: 'bigint',
  json: 'jsonb',
};

/** A parameter cast to a kind's column type (the type name comes from the fixed table above, never from input). */
export function param(kind: ValueKind, value: unknown): RawBuilder<unknown> {
  const type = CAST[kind === 'serial' ? 'text' : kind];
  const bound = kind === 'json' && value !== null ? JSON.stringify(value) : value;
  return sql`cast(${bound} as ${sql.raw(type)})`;
}

/**
 * Publishing: makes sure the form's table exists and has a column for every stored field. DDL runs inside the
 * caller's transaction through the SECURITY DEFINER functions of migration 0002, so a failed publish leaves
 * neither a half-made table nor a version pointing at missing columns.
 */
export async function prepareStorage(trx: Trx, formId: string, fields: readonly FieldDef[]): Promise<void> {
  await sql`select forms_storage_create(${formId}::bigint)`.execute(trx);
  for (const field of storedFields(fields)) {
    await sql`select forms_storage_add_column(${formId}::bigint, ${field.key}, ${VALUE_KIND[field.type]})`.execute(trx);
  }
}

/** Index for a column that a view sorts or filters on (a no-op when it exists). */
export async function ensureIndex(trx: Trx, formId: string, column: string): Promise<void> {
  await sql`select forms_storage_index(${formId}::bigint, ${column})`.execute(trx);
}

export interface RecordRow {
  id: string;
  number: string | null;
  owner_id: string;
  owner_dept_id: string | null;
  created_by: string;
  updated_by: string;
  handler_id: string | null;
  created_at: Date;
  updated_at: Date;
  row_version: number;
  form_version: number;
  deleted_at: Date | null;
  deleted_by: string | null;
  [column: string]: unknown;
}

/** The system columns every read selects. */
export const SYSTEM_SELECT = sql.raw(
  'id, number, owner_id, owner_dept_id, created_by, updated_by, handler_id, created_at, updated_at, row_version, form_version, deleted_at, deleted_by',
);

/** Database value → API value of one field. */
export function fromColumn(kind: ValueKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'number') return Number(value);
  if (kind === 'datetime') return (value as Date).toISOString();
  return value;
}


/** A row as the API answers it: system fields plus the values of the fields the caller may see. */
export function toApiRecord(row: RecordRow, fields: readonly FieldDef[]): ApiRecord {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    values[field.key] = VALUE_KIND[field.type] === 'serial' ? row.number : fromColumn(VALUE_KIND[field.type], row[field.key]);
  }
  return {
    id: row.id,
    number: row.number,
    ownerId: row.owner_id,
    ownerDeptId: row.owner_dept_id,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    handlerId: row.handler_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    rowVersion: row.row_version,
    formVersion: row.form_version,
    ...(row.deleted_at ? { deletedAt: row.deleted_at.toISOString() } : {}),
    values,
  };
}

/** Whether a field's value goes into a record's search text (searchTextOf, searchTextSql). */
export const searchable = (field: FieldDef) => field.type !== 'richtext' && ['text', 'number', 'date', 'texts'].includes(VALUE_KIND[field.type]);

/**
 * searchTextOf computed in SQL from some of a record's fields: what a viewer with hidden fields may search
 * (the stored search_text holds every field). Same parts in the same order, so it matches where search_text does.
 */
export function searchTextSql(fields: readonly FieldDef[]): RawBuilder<unknown> {
  const parts = fields.filter(searchable).map((f) => (VALUE_KIND[f.type] === 'texts' ? sql`array_to_string(${sql.ref(`t.${f.key}`)}, ' ')` : sql`${sql.ref(`t.${f.key}`)}::text`));
  return sql`lower(concat_ws(' ', t.number, ${sql.join(parts.length ? parts : [sql`null`])}))`;
}

/** The text a record is found by in search: its text-like values, lower-cased, bounded. */
export function searchTextOf(fields: readonly FieldDef[], values: Record<string, unknown>, number: string | null): string {
  const parts: string[] = number ? [number] : [];
  for (const field of fields) {
    const value = values[field.key];
    if (value === null || value === undefined || !searchable(field)) continue;
    const kind = VALUE_KIND[field.type];
    if (kind === 'text' || kind === 'number' || kind === 'date') parts.push(String(value));
    else if (kind === 'texts' && Array.isArray(value)) parts.push(value.join(' '));
  }
  return parts.join(' ').toLowerCase().slice(0, 2000);
}
