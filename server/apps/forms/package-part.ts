import { sql } from 'kysely';
import type { FormsPart, PackageForm } from '../../../shared/appcenter/package.ts';
import type { ViewConfig } from '../../../shared/api/forms.ts';
import type { FieldDef, FormDefinition } from '../../../shared/forms/fields.ts';
import type { PackageActor, PackageRefs, PartInstall } from '../../kernel/app-packages.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { FormMeta } from './context.ts';
import { cleanDefinition, definitionProblems, highestKeyOf, storedDefinition } from './definitions.ts';
import { formName } from './form-rows.ts';
import { prepareStorage, tableOf } from './storage.ts';
import { invalid } from './values.ts';
import { checkRule, checkView, prepareView } from './views-routes.ts';

const formRef = (key: string) => `form:${key}`;

/** The definition with every relation's form id replaced through `map` (undefined: the target is not in the app). */
function remapRelations(definition: FormDefinition, map: (formId: string) => string | undefined): FormDefinition {
  const remap = (field: FieldDef): FieldDef => {
    if (field.type !== 'relation' || !field.relation) return field;
    const target = map(field.relation.formId);
    if (target === undefined) throw fail.unprocessable('appcenter.store.externalRelation', { field: field.label || field.key });
    return { ...field, relation: { ...field.relation, formId: target } };
  };
  return { fields: definition.fields.map((f) => ({ ...remap(f), ...(f.columns ? { columns: f.columns.map(remap) } : {}) })) };
}

/** The package form of each published, live form of the app: its definition, shared views and role rules. */
async function exportPart(trx: Trx, _actor: PackageActor, appId: string, refs: PackageRefs): Promise<FormsPart | null> {
  const forms = await trx
    .selectFrom('forms_form as f')
    .innerJoin('forms_version as v', (join) => join.onRef('v.form_id', '=', 'f.id').onRef('v.version', '=', 'f.version'))
    .select(['f.id', 'f.name', 'f.description', 'v.definition'])
    .where('f.app_id', '=', appId)
    .where('f.deleted_at', 'is', null)
    .orderBy('f.sort')
    .orderBy('f.id')
    .execute();
  if (forms.length === 0) return null;
  const keys = new Map(forms.map((f, i) => [f.id, `form${i + 1}`]));
  for (const [id, key] of keys) refs.set(`form:${id}`, key);
  const result: PackageForm[] = [];
  for (const form of forms) {
    const views = await trx.selectFrom('forms_view').select(['name', 'kind', 'config']).where('form_id', '=', form.id).where('owner_id', 'is', null).orderBy('sort').orderBy('id').execute();
    const rules = await trx.selectFrom('forms_rule').selectAll().where('form_id', '=', form.id).where('subject_kind', '=', 'role').orderBy('id').execute();
    result.push({
      key: keys.get(form.id)!,
      name: form.name,
      description: form.description,
      // A version stored before definitions were cleaned leaves the space clean all the same.
      definition: cleanDefinition(remapRelations(form.definition, (id) => keys.get(id))) as PackageForm['definition'],
      views: views.map((v) => ({ name: v.name, kind: v.kind, config: v.config as ViewConfig })),
      rules: rules.map((r) => ({
        name: r.name,
        role: r.subject as PackageForm['rules'][number]['role'],
        levels: r.levels as PackageForm['rules'][number]['levels'],
        scope: r.scope,
        ...(r.condition ? { condition: r.condition as PackageForm['rules'][number]['condition'] } : {}),
        hiddenFields: r.hidden_fields,
      })),
    });
  }
  return { forms: result };
}

/** Publishing as the designer does: the same checks, the record table's columns, version n+1. A same definition is no new version. */
async function publish(trx: Trx, actor: PackageActor, formId: string, definition: FormDefinition): Promise<void> {
  const form = await trx.selectFrom('forms_form').select(['version', 'highest_key']).where('id', '=', formId).forUpdate().executeTakeFirstOrThrow();
  if (form.version > 0) {
    const current = await trx.selectFrom('forms_version').select('definition').where('form_id', '=', formId).where('version', '=', form.version).executeTakeFirstOrThrow();
    if (JSON.stringify(current.definition) === storedDefinition(definition)) return;
  }
  if (definition.fields.length === 0) throw fail.unprocessable('forms.design.noFields');
  const errors = await definitionProblems(trx, formId, definition);
  if (errors.length) invalid(errors);
  await prepareStorage(trx, formId, definition.fields);
  const version = form.version + 1;
  await trx.insertInto('forms_version').values({ space_id: actor.spaceId, form_id: formId, version, definition: storedDefinition(definition), published_by: actor.userId }).execute();
  await trx
    .updateTable('forms_form')
    .set({ version, draft: storedDefinition(definition), draft_updated_at: sql<Date>`clock_timestamp()`, highest_key: Math.max(form.highest_key, highestKeyOf(definition)), updated_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', formId)
    .execute();
}

/** The form's package views and role rules, through the views' and rules' own checks (an update replaces them). */
async function placeViewsAndRules(trx: Trx, actor: PackageActor, meta: FormMeta, form: PackageForm): Promise<void> {
  await trx.deleteFrom('forms_view').where('form_id', '=', meta.id).where('owner_id', 'is', null).execute();
  await trx.deleteFrom('forms_rule').where('form_id', '=', meta.id).where('subject_kind', '=', 'role').execute();
  for (const [sort, view] of form.views.entries()) {
    const used = checkView(meta.allFields, view.kind, view.config);
    await prepareView(trx, meta, view.kind, view.config, used);
    await trx.insertInto('forms_view').values({ space_id: actor.spaceId, form_id: meta.id, name: view.name.trim(), kind: view.kind, owner_id: null, config: JSON.stringify(view.config), sort }).execute();
  }
  for (const rule of form.rules) {
    const values = await checkRule(trx, meta, { name: rule.name, subjectKind: 'role', subject: rule.role, levels: rule.levels, scope: rule.scope, condition: rule.condition, hiddenFields: rule.hiddenFields });
    await trx.insertInto('forms_rule').values({ ...values, space_id: actor.spaceId, form_id: meta.id }).execute();
  }
}

/**
 * A real copy into the actor's space: new forms (new ids, relations remapped to them), each published through
 * the designer's checks, then its views and rules through theirs. On update a form the earlier install made is
 * published anew in place (its records stay: a removed field's column keeps its data); a form the new version no
 * longer has is left as it is and named in `kept`.
 */
async function installPart(trx: Trx, actor: PackageActor, input: unknown, install: PartInstall): Promise<void> {
  const part = input as FormsPart;
  const live = new Set((await trx.selectFrom('forms_form').select('id').where('app_id', '=', install.appId).where('deleted_at', 'is', null).execute()).map((r) => r.id));
  for (const form of part.forms) {
    const existing = install.refs.get(formRef(form.key));
    if (existing && live.has(existing)) {
      await trx.updateTable('forms_form').set({ name: formName(form.name), description: form.description }).where('id', '=', existing).execute();
      continue;
    }
    const created = await trx
      .insertInto('forms_form')
      .values({
        space_id: actor.spaceId,
        app_id: install.appId,
        name: formName(form.name),
        description: form.description,
        draft: storedDefinition({ fields: [] }),
        created_by: actor.userId,
        sort: sql<number>`(select coalesce(max(sort), 0) + 1 from forms_form where app_id = ${install.appId})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    install.refs.set(formRef(form.key), created.id);
  }
  const packaged = new Set(part.forms.map((f) => formRef(f.key)));
  for (const [ref, id] of install.refs) {
    if (ref.startsWith('form:') && !packaged.has(ref) && live.has(id)) {
      const row = await trx.selectFrom('forms_form').select('name').where('id', '=', id).executeTakeFirst();
      if (row) install.kept.push(row.name);
    }
  }
  for (const form of part.forms) {
    const formId = install.refs.get(formRef(form.key))!;
    const definition = remapRelations(form.definition as FormDefinition, (key) => install.refs.get(formRef(key)));
    await publish(trx, actor, formId, definition);
    const meta: FormMeta = { id: formId, spaceId: actor.spaceId, appId: install.appId, appName: '', systemName: '', name: form.name, version: 0, table: tableOf(formId), allFields: definition.fields };
    await placeViewsAndRules(trx, actor, meta, form);
  }
}

/** Forms' part of an application package (decision 0076): registered at start, called only by the store. */
export function registerPackagePart(kernel: Kernel): void {
  kernel.appPackages.register('forms', 10, { exportPart, installPart });
}
