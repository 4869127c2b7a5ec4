import { sql } from 'kysely';
import xss from 'xss';
import { VALUE_KIND, type FieldDef, type FileRef } from '../../../shared/forms/fields.ts';
import { defaultValues, validateValues, type FieldError } from '../../../shared/forms/validate.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { FormMeta } from './context.ts';
import { usableFiles } from './file-access.ts';
import { tableOf } from './storage.ts';

/** Rich text keeps formatting tags and loses scripts, event handlers and javascript: links. */
const richText = (html: string) => xss(html, { stripIgnoreTagBody: ['script', 'style'] });

/** 422 with one message per field (§ bad input); the route's error handler translates the first one. */
export function invalid(errors: FieldError[]): never {
  const first = errors[0]!;
  throw fail.unprocessable(first.key, first.params, { errors });
}

/**
 * Ids a record points at must exist in this space: members, departments, records of the related form, uploaded
 * files. One query per kind of reference, whatever the number of fields (no N+1).
 */
async function referenceErrors(trx: Trx, form: FormMeta, fields: readonly FieldDef[], values: Record<string, unknown>, writer: Writer): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const wanted = (type: FieldDef['type']) => fields.filter((f) => f.type === type && values[f.key] !== null && values[f.key] !== undefined);
  const check = async (list: FieldDef[], ids: (f: FieldDef) => string[], existing: (all: string[]) => Promise<string[]>) => {
    const all = [...new Set(list.flatMap(ids))];
    if (all.length === 0) return;
    const found = new Set(await existing(all));
    for (const field of list) if (ids(field).some((id) => !found.has(id))) errors.push({ field: field.key, key: 'forms.validation.reference', params: { field: field.label } });
  };
  await check(wanted('member'), (f) => [String(values[f.key])], async (ids) =>
    (await trx.selectFrom('memberships').select('user_id').where('space_id', '=', form.spaceId).where('user_id', 'in', ids).execute()).map((r) => r.user_id),
  );
  await check(wanted('department'), (f) => [String(values[f.key])], async (ids) =>
    (await trx.selectFrom('org_department').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
  );
  const files = [...wanted('attachment'), ...wanted('image')];
  await check(files, (f) => (values[f.key] as FileRef[]).map((file) => file.fileId), (ids) =>
    usableFiles(trx, writer.userId, ids, writer.recordId ? { formId: form.id, recordId: writer.recordId } : null),
  );
  for (const field of wanted('relation')) {
    await check([field], (f) => [String(values[f.key])], async (ids) => {
      const target = field.relation?.formId ?? '0';
      const published = await trx.selectFrom('forms_form').select('version').where('id', '=', target).executeTakeFirst();
      if (!published || published.version === 0) return [];
      const rows = await sql<{ id: string }>`select id from ${sql.table(tableOf(target))} where id = any(${ids}::bigint[]) and deleted_at is null`.execute(trx);
      return rows.rows.map((r) => r.id);
    });
  }
  return errors;
}

/**
 * Input values of a create (with defaults for absent fields) or an update (partial): checked by the shared §5
 * rules, references checked in the database, rich text sanitised. Throws a 422 listing every problem.
 */
/** Who writes, and which record (null while creating): decides which uploaded files they may attach. */
export interface Writer {
  userId: string;
  recordId: string | null;
}

declare const checkedBrand: unique symbol;
/** Values that went through checkedValues: the only kind a record insert accepts (imports' included). */
export type CheckedValues = Record<string, unknown> & { readonly [checkedBrand]: true };

export async function checkedValues(trx: Trx, form: FormMeta, fields: readonly FieldDef[], input: Record<string, unknown>, writer: Writer): Promise<CheckedValues> {
  const partial = writer.recordId !== null;
  const given = partial ? input : { ...defaultValues(fields), ...input };
  const { values, errors } = validateValues(fields, given, { partial });
  if (errors.length) invalid(errors);
  const references = await referenceErrors(trx, form, fields, values, writer);
  if (references.length) invalid(references);
  for (const field of fields) {
    if (field.type === 'richtext' && typeof values[field.key] === 'string') values[field.key] = richText(values[field.key] as string);
  }
  return values as CheckedValues;
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
