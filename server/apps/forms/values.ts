import { sql } from 'kysely';
import { VALUE_KIND, type FieldDef, type FileRef } from '../../../shared/forms/fields.ts';
import { defaultValues, validateValues, type FieldError } from '../../../shared/forms/validate.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { Role } from '../../../shared/roles.ts';
import { accessPredicate } from './access.ts';
import { openFormAs, type FormMeta } from './context.ts';
import { usableFiles } from './file-access.ts';
import { richText } from './rich-text.ts';

/** 422 with one message per field (§ bad input); the route's error handler translates the first one. */
export function invalid(errors: FieldError[]): never {
  const first = errors[0]!;
  throw fail.unprocessable(first.key, first.params, { errors });
}

/** Runs database work in a transaction of the form's space: the caller's own, or one opened only when needed. */
export type InTransaction = <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;

interface ReferenceKind {
  fields: FieldDef[];
  ids: (field: FieldDef, values: Record<string, unknown>) => string[];
  existing: (trx: Trx, all: string[]) => Promise<string[]>;
}

/**
 * Ids records point at must exist in this space: members, departments, records of the related form, uploaded
 * files. One query per kind of reference for a whole batch of rows, whatever the number of fields or rows (no
 * N+1), and none at all when no row names anything: the record API checks one row, an import thousands.
 * Answers each row's errors, in row order.
 */
async function referenceErrors(run: InTransaction, form: FormMeta, fields: readonly FieldDef[], rows: readonly Record<string, unknown>[], writer: Writer): Promise<FieldError[][]> {
  const errors: FieldError[][] = rows.map(() => []);
  const given = (field: FieldDef, values: Record<string, unknown>) => values[field.key] !== null && values[field.key] !== undefined;
  const ofType = (...types: FieldDef['type'][]) => fields.filter((f) => types.includes(f.type));
  const single = (f: FieldDef, values: Record<string, unknown>) => [String(values[f.key])];
  const kinds: ReferenceKind[] = [
    { fields: ofType('member'), ids: single, existing: async (trx, ids) =>
      (await trx.selectFrom('memberships').select('user_id').where('space_id', '=', form.spaceId).where('user_id', 'in', ids).execute()).map((r) => r.user_id) },
    { fields: ofType('department'), ids: single, existing: async (trx, ids) =>
      (await trx.selectFrom('org_department').select('id').where('id', 'in', ids).execute()).map((r) => r.id) },
    { fields: ofType('attachment', 'image'), ids: (f, values) => (values[f.key] as FileRef[]).map((file) => file.fileId), existing: (trx, ids) =>
      usableFiles(trx, writer.userId, ids, writer.recordId ? { formId: form.id, table: form.table, recordId: writer.recordId, fields } : null) },
    ...ofType('relation').map((field): ReferenceKind => ({ fields: [field], ids: single, existing: (trx, ids) => visibleRelated(trx, form, writer, field, ids) })),
  ];
  const wanted = kinds.map((kind) => {
    const all = new Set<string>();
    for (const values of rows) for (const field of kind.fields) if (given(field, values)) for (const id of kind.ids(field, values)) all.add(id);
    return [...all];
  });
  if (wanted.every((ids) => ids.length === 0)) return errors;
  await run(async (trx) => {
    for (const [k, kind] of kinds.entries()) {
      if (wanted[k]!.length === 0) continue;
      const found = new Set(await kind.existing(trx, wanted[k]!));
      rows.forEach((values, row) => {
        for (const field of kind.fields) {
          if (given(field, values) && kind.ids(field, values).some((id) => !found.has(id))) errors[row]!.push({ field: field.key, key: 'forms.validation.reference', params: { field: field.label } });
        }
      });
    }
  });
  return errors;
}

/** Who writes, and which record (null while creating): decides which files they may attach, which records relate. */
export interface Writer {
  userId: string;
  /** The writer's roles in the form's space: which related records they may see. */
  roles: Role[];
  recordId: string | null;
}

/**
 * Related records a writer may point at: live records of the related form, in this space, that the writer may see
 * (its record permissions, as a list of that form would apply them). Pointing at a record one may not see would
 * be a way to read its title back; such an id is refused like one that does not exist.
 */
async function visibleRelated(trx: Trx, form: FormMeta, writer: Writer, field: FieldDef, ids: string[]): Promise<string[]> {
  const target = field.relation?.formId;
  if (!target) return [];
  const related = await openFormAs(trx, { userId: writer.userId, roles: writer.roles, spaceId: form.spaceId }, target);
  if (!related) return [];
  const found = await sql<{ id: string }>`select t.id from ${sql.table(related.form.table)} t
    where t.id = any(${ids}::bigint[]) and t.deleted_at is null and ${accessPredicate(related.form, related.viewer, 'view')}`.execute(trx);
  return found.rows.map((r) => r.id);
}

declare const checkedBrand: unique symbol;
/** Values that went through checkedValues: the only kind a record insert accepts (imports' included). */
export type CheckedValues = Record<string, unknown> & { readonly [checkedBrand]: true };

/** One row's outcome of the check: its values, ready to store, or every reason it was refused. */
export type CheckOutcome = { values: CheckedValues; errors?: undefined } | { values?: undefined; errors: FieldError[] };

/**
 * The one check every record write goes through (API create and update, imports, and every later writer):
 * input values of creates (with defaults for absent fields) or of updates (partial, when the writer names a
 * record) checked by the shared §5 rules, references checked in the database, rich text sanitised. Rows are
 * checked together so that a batch costs one query per kind of reference; each row gets its own outcome.
 * `run` gives the transaction the references are looked up in (an import opens one only if a row has any).
 */
export async function checkedRows(run: InTransaction, form: FormMeta, fields: readonly FieldDef[], inputs: readonly Record<string, unknown>[], writer: Writer): Promise<CheckOutcome[]> {
  const partial = writer.recordId !== null;
  const defaults = partial ? {} : defaultValues(fields);
  const outcomes: CheckOutcome[] = [];
  const valid: Array<{ index: number; values: Record<string, unknown> }> = [];
  inputs.forEach((input, index) => {
    const { values, errors } = validateValues(fields, partial ? input : { ...defaults, ...input }, { partial });
    outcomes.push({ errors });
    if (errors.length === 0) valid.push({ index, values });
  });
  const references = await referenceErrors(run, form, fields, valid.map((v) => v.values), writer);
  const richTexts = fields.filter((f) => f.type === 'richtext');
  valid.forEach(({ index, values }, i) => {
    if (references[i]!.length) return void (outcomes[index] = { errors: references[i]! });
    for (const field of richTexts) if (typeof values[field.key] === 'string') values[field.key] = richText(values[field.key] as string);
    outcomes[index] = { values: values as CheckedValues };
  });
  return outcomes;
}

/** checkedRows for one record: its values, or a 422 listing every problem. */
export async function checkedValues(trx: Trx, form: FormMeta, fields: readonly FieldDef[], input: Record<string, unknown>, writer: Writer): Promise<CheckedValues> {
  const [outcome] = await checkedRows((work) => work(trx), form, fields, [input], writer);
  if (outcome!.errors) invalid(outcome!.errors);
  return outcome!.values!;
}

/** The uploaded files a record's values use. */
export const filesOf = (fields: readonly FieldDef[], values: Record<string, unknown>): FileRef[] =>
  fields.filter((f) => (f.type === 'attachment' || f.type === 'image') && Array.isArray(values[f.key])).flatMap((f) => values[f.key] as FileRef[]);

/** Stored columns of checked values (the serial field's value goes to `number`, not a column of its own). */
export function columnsOf(fields: readonly FieldDef[], values: Record<string, unknown>) {
  const columns: Array<{ key: string; kind: ReturnType<typeof kindFor>; value: unknown }> = [];
  let number: string | null | undefined;
  for (const field of fields) {
    if (!(field.key in values)) continue;
    if (field.type === 'serial') number = (values[field.key] as string | null) ?? null;
    else columns.push({ key: field.key, kind: kindFor(field), value: values[field.key] });
  }
  return { columns, number };
}

const kindFor = (field: FieldDef) => VALUE_KIND[field.type];
