import { sql } from 'kysely';
import { VALUE_KIND, type FieldDef } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import { translate, type Language } from '../../../../shared/i18n/index.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { createI18n } from '../../../kernel/i18n.ts';
import type { FormMeta, Viewer } from '../context.ts';
import type { Cell, FormulaError } from '../../../kernel/sheets/index.ts';
import { nextNumbers, serialField, takenNumbers } from '../numbering.ts';
import { searchTextOf, storedFields } from '../storage.ts';
import { checkedRows, type CheckedValues, type InTransaction } from '../values.ts';
import { CellRefused, cellValue, type CellContext } from './import-cells.ts';
import { recordsWritten } from '../analysis/stamps.ts';

const i18n = createI18n();

export interface SheetRow {
  /** Data row number (1 = the first row under the header): the job's cursor and the record's import_row. */
  rowNo: number;
  /** Its line in the file, for the user. */
  line: number;
  cells: Cell[];
  /** Formula errors in its cells (xlsx): a mapped column holding one fails the row. */
  errors?: FormulaError[];
  /** How number cells show in their own formats (xlsx), by column, where that differs from the number. */
  shown?: string[];
}

/** A sheet row turned into record input (JavaScript only, done while the previous batch writes). */
export interface Candidate extends SheetRow {
  input: Record<string, unknown>;
  /** Cells the conversion could not read: the row fails with these, without being checked further. */
  unreadable: FieldError[];
}

interface CheckedRow extends SheetRow {
  values: CheckedValues;
  number: string | null;
}

export interface Outcome {
  ok: CheckedRow[];
  failed: Array<SheetRow & { reason: string }>;
}

const reasonOf = (language: Language, errors: Array<{ key: string; params?: Record<string, string | number> }>) =>
  errors.map((e) => translate(i18n.dictionaries, language, e.key, e.params)).join('; ');

/** Cells → the input a record form would send; a cell the conversion cannot handle fails its row only. */
export function candidates(rows: SheetRow[], mapping: Array<[number, FieldDef]>, context: CellContext): Candidate[] {
  return rows.map((row) => {
    const input: Record<string, unknown> = {};
    const unreadable: FieldError[] = [];
    for (const [column, field] of mapping) {
      const error = row.errors?.find((e) => e.column === column);
      if (error) {
        unreadable.push({ field: field.key, key: 'forms.import.formulaError', params: { field: field.label, error: error.code } });
        continue;
      }
      try {
        input[field.key] = cellValue(field, row.cells[column] ?? null, context, row.shown?.[column]);
      } catch (error) {
        if (error instanceof CellRefused) unreadable.push({ field: field.key, key: error.key, params: error.params });
        else unreadable.push({ field: field.key, key: 'forms.import.cellUnreadable', params: { field: field.label } });
      }
    }
    return { ...row, input, unreadable };
  });
}

/**
 * Every row goes through `checkedRows`, the record API's own check (§5 rules, references that must be of this
 * space, rich text sanitising): one write path for every writer. A row it refuses fails with the reasons; anything
 * else (a refused permission, a database error) fails the import. The batch is checked at once: one query per kind
 * of reference for its 2,000 rows.
 */
export async function checkBatch(run: InTransaction, form: FormMeta, viewer: Viewer, rows: Candidate[], language: Language): Promise<Outcome> {
  const outcome: Outcome = { ok: [], failed: [] };
  const serial = serialField(viewer.fields);
  const readable = rows.filter((row) => row.unreadable.length === 0);
  const checked = await checkedRows(run, form, viewer.fields, readable.map((row) => row.input), { userId: viewer.userId, roles: viewer.roles, recordId: null });
  const byRow = new Map(readable.map((row, i) => [row, checked[i]!]));
  for (const row of rows) {
    const { rowNo, line, cells } = row;
    const result = byRow.get(row);
    if (!result || result.errors) {
      outcome.failed.push({ rowNo, line, cells, reason: reasonOf(language, result?.errors ?? row.unreadable) });
      continue;
    }
    outcome.ok.push({ rowNo, line, cells, values: result.values, number: serial ? ((result.values[serial.key] as string | null) ?? null) : null });
  }
  return outcome;
}

/** Numbers typed in the sheet must be free, in the form and within the sheet; the others are generated. */
export async function assignNumbers(trx: Trx, form: FormMeta, fields: readonly FieldDef[], outcome: Outcome, language: Language) {
  const serial = serialField(fields);
  if (!serial) return;
  const taken = await takenNumbers(trx, form.table, outcome.ok.filter((r) => r.number !== null).map((r) => r.number!));
  const seen = new Set<string>();
  outcome.ok = outcome.ok.filter((r) => {
    const duplicate = r.number !== null && (taken.has(r.number) || seen.has(r.number));
    if (r.number !== null) seen.add(r.number);
    if (duplicate) outcome.failed.push({ rowNo: r.rowNo, line: r.line, reason: translate(i18n.dictionaries, language, 'common.numberRepeated'), cells: r.cells });
    return !duplicate;
  });
  if (serial.numbering) {
    const missing = outcome.ok.filter((r) => r.number === null);
    const numbers = await nextNumbers(trx, form, serial.numbering, missing.length);
    missing.forEach((r, i) => (r.number = numbers[i]!));
  }
}

const RECORDSET_TYPE: Record<string, string> = { text: 'text', number: 'float8', date: 'date', datetime: 'timestamptz', texts: 'jsonb', ref: 'bigint', json: 'jsonb', serial: 'text' };

/**
 * The import's insert. It takes CheckedValues only, which nothing but checkedRows makes: a row cannot reach
 * the table without the record API's check. A batch is one JSON document turned into rows by json_to_recordset:
 * one parameter and PostgreSQL's own JSON parser. Keys are the checked field keys.
 */
export async function insertBatch(trx: Trx, form: FormMeta, viewer: Viewer, jobId: string, rows: readonly CheckedRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const fields: FieldDef[] = storedFields(viewer.fields);
  const document = JSON.stringify(
    rows.map((r) => {
      const row: Record<string, unknown> = { u_number: r.number, u_row: r.rowNo, u_search: searchTextOf(viewer.fields, r.values, r.number) };
      for (const f of fields) row[f.key] = r.values[f.key] ?? null;
      return row;
    }),
  );
  const shape = [sql`u_number text, u_row int, u_search text`, ...fields.map((f) => sql`${sql.ref(f.key)} ${sql.raw(RECORDSET_TYPE[VALUE_KIND[f.type]]!)}`)];
  const selected = fields.map((f) =>
    VALUE_KIND[f.type] === 'texts' ? sql`case when u.${sql.ref(f.key)} is null then null else array(select jsonb_array_elements_text(u.${sql.ref(f.key)})) end` : sql`u.${sql.ref(f.key)}`,
  );
  const inserted = await sql<{ id: string; import_row: number }>`
    insert into ${sql.table(form.table)} (space_id, number, owner_id, owner_dept_id, created_by, updated_by, form_version, import_job, import_row, search_text
      ${sql.join(fields.map((f) => sql`, ${sql.ref(f.key)}`), sql``)})
    select ${form.spaceId}, u.u_number, ${viewer.userId}::bigint, ${viewer.departments[0] ?? null}::bigint, ${viewer.userId}::bigint, ${viewer.userId}::bigint,
      ${form.version}, ${jobId}::bigint, u.u_row, u.u_search ${sql.join(selected.map((s) => sql`, ${s}`), sql``)}
    from json_to_recordset(${document}::json) as u(${sql.join(shape)})
    returning id, import_row`.execute(trx);
  await recordsWritten(trx, form);
  // Ids in the rows' order (RETURNING does not promise the order of the SELECT it inserted).
  const byRow = new Map(inserted.rows.map((r) => [r.import_row, String(r.id)]));
  return rows.map((r) => byRow.get(r.rowNo)!);
}
