import type { FieldDef, FieldType, FormDefinition } from '../../../shared/forms/fields.ts';
import { validateDefinition, type FieldError } from '../../../shared/forms/validate.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { richText } from './rich-text.ts';
import type { StoredDefinition } from './schema.ts';

/**
 * The one way a form definition reaches the database (the draft of forms_form, a version of forms_version): the
 * columns take only a StoredDefinition, and only storedDefinition makes one. It cleans the rich-text default values
 * as records' rich text is cleaned, so no writer — the designer's save and publish, a copy, a store install, the
 * demo seed or any later one — can store live markup that every space installing the app would then be shown.
 */
export function storedDefinition(definition: FormDefinition): StoredDefinition {
  return JSON.stringify(cleanDefinition(definition)) as StoredDefinition;
}

/** The definition with every rich-text default (sub-table columns too) sanitised; everything else as it was. */
export function cleanDefinition(definition: FormDefinition): FormDefinition {
  const clean = (field: FieldDef): FieldDef => ({
    ...field,
    ...(field.type === 'richtext' && typeof field.defaultValue === 'string' ? { defaultValue: richText(field.defaultValue) } : {}),
    ...(Array.isArray(field.columns) ? { columns: field.columns.map(clean) } : {}),
  });
  return { ...definition, fields: definition.fields.map(clean) };
}

/** Every key ever published with its type: a published column keeps its type (a new field gets a new key). */
async function publishedKeys(trx: Trx, formId: string): Promise<Record<string, FieldType>> {
  const versions = await trx.selectFrom('forms_version').select('definition').where('form_id', '=', formId).orderBy('version').execute();
  const keys: Record<string, FieldType> = {};
  for (const { definition } of versions) for (const field of (definition as FormDefinition).fields) keys[field.key] = field.type;
  return keys;
}

/**
 * A relation field names a form of this space: row-level security hides every other space's forms, so a form id
 * of another space is simply not found (the message says no more than that).
 */
async function relationProblems(trx: Trx, definition: FormDefinition): Promise<FieldError[]> {
  const relations = definition.fields.flatMap((f) => [f, ...(f.columns ?? [])]).filter((f) => f.type === 'relation' && f.relation?.formId);
  if (relations.length === 0) return [];
  const ids = [...new Set(relations.map((f) => f.relation!.formId))];
  const found = new Set((await trx.selectFrom('forms_form').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  return relations.filter((f) => !found.has(f.relation!.formId)).map((f) => ({ field: f.key, key: 'forms.design.relationElsewhere', params: { field: f.label || f.key } }));
}

/** The definition's problems, its own (shared with the designer) and those only the database can tell. */
export async function definitionProblems(trx: Trx, formId: string, definition: FormDefinition): Promise<FieldError[]> {
  const errors = validateDefinition(definition, { publishedKeys: await publishedKeys(trx, formId) });
  return errors.length ? errors : relationProblems(trx, definition);
}

export const highestKeyOf = (definition: FormDefinition) =>
  Math.max(0, ...definition.fields.flatMap((f) => [f, ...(f.columns ?? [])]).map((f) => Number(f.key.slice(1)) || 0));
