import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { FormParams, RuleBody, RuleParams, ViewBody, ViewParams, type ViewConfig } from '../../../shared/api/forms.ts';
import { isRole } from '../../../shared/roles.ts';
import { CASCADE_TYPES, GROUPABLE_TYPES, VALUE_KIND, type FieldDef } from '../../../shared/forms/fields.ts';
import { SORTABLE_KINDS, filterFields, filterProblems, kindOf, type FilterGroup } from '../../../shared/forms/filters.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { loadForm, type FormMeta } from './context.ts';
import { columnOf, ensureIndex } from './storage.ts';

const access = { permission: 'forms.records' } as const;
const design = { permission: 'forms.design' } as const;
const viewColumns = ['id', 'name', 'kind', 'owner_id as ownerId', 'config', 'sort', 'updated_at as updatedAt'] as const;

const bad = (reason: string): never => {
  throw fail.unprocessable('forms.view.badConfig', { reason });
};

function fieldOf(fields: readonly FieldDef[], key: string | undefined, types: readonly string[], role: string): FieldDef {
  const field = fields.find((f) => f.key === key);
  if (!field || !types.includes(field.type)) bad(`${role}: ${key ?? '—'}`);
  return field!;
}

/** What a view of each kind needs; returns the columns it sorts, filters or groups on (they get indexes). */
export function checkView(fields: readonly FieldDef[], kind: string, config: ViewConfig): string[] {
  const used = [...filterFields(config.filter as FilterGroup | undefined)];
  if (config.filter) {
    const problems = filterProblems(fields, config.filter as FilterGroup);
    if (problems.length) throw fail.unprocessable(problems[0]!.key, problems[0]!.params, { problems });
  }
  for (const column of config.columns ?? []) if (!kindOf(fields, column)) bad(`columns: ${column}`);
  if (config.sort) {
    const sortKind = kindOf(fields, config.sort.field);
    if (!sortKind || !SORTABLE_KINDS.includes(sortKind)) bad(`sort: ${config.sort.field}`);
    used.push(config.sort.field);
  }
  if (kind === 'board') used.push(fieldOf(fields, config.groupField, GROUPABLE_TYPES, 'groupField').key);
  if (kind === 'calendar') used.push(fieldOf(fields, config.dateField, ['date', 'datetime'], 'dateField').key);
  if (kind === 'occupy') {
    used.push(fieldOf(fields, config.resourceField, [...GROUPABLE_TYPES, 'relation', 'member'], 'resourceField').key);
    used.push(fieldOf(fields, config.startField, ['datetime'], 'startField').key, fieldOf(fields, config.endField, ['datetime'], 'endField').key);
    if (config.startField === config.endField) bad('startField = endField');
  }
  if (kind === 'cascade') {
    if (!config.levels?.length) bad('levels');
    for (const level of config.levels!) used.push(fieldOf(fields, level, CASCADE_TYPES, 'levels').key);
  }
  return [...new Set(used)];
}

/** Indexes for what a view sorts, filters and groups on; an occupy view also gets its no-overlap constraint. */
export async function prepareView(trx: Trx, form: FormMeta, kind: string, config: ViewConfig, used: string[]) {
  for (const name of used) {
    const field = form.allFields.find((f) => f.key === name);
    if (field && (VALUE_KIND[field.type] === 'json' || VALUE_KIND[field.type] === 'serial')) continue;
    await ensureIndex(trx, form.id, columnOf(name));
  }
  if (kind === 'occupy') {
    await sql`savepoint occupy`.execute(trx);
    try {
      await sql`select forms_storage_occupy(${form.id}::bigint, ${config.resourceField!}, ${config.startField!}, ${config.endField!})`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint occupy`.execute(trx);
      if (pgErrorCode(error) === '23P01' || pgErrorCode(error) === '22000') throw fail.conflict('forms.view.overlapping');
      throw error;
    }
  }
}

/** Saved views per form (§2.8 customview/config, cascadesview): shared ones by admins, personal ones by anyone. */
export function registerViewRoutes(app: App, kernel: Kernel): void {
  app.get('/api/forms/forms/:formId/views', { config: { access }, schema: { params: FormParams, querystring: NoQuery } }, async (req) => {
    const views = await kernel.transact(req, async (trx) => {
      const { viewer } = await loadForm(trx, req, req.params.formId);
      return trx
        .selectFrom('forms_view')
        .select(viewColumns)
        .where('form_id', '=', req.params.formId)
        .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', viewer.userId)]))
        .orderBy('sort')
        .orderBy('id')
        .execute();
    });
    return { code: 200, msg: 'ok', data: { views } };
  });

  app.post('/api/forms/forms/:formId/views', { config: { access, action: 'forms.view.create' }, schema: { params: FormParams, body: ViewBody } }, async (req) => {
    const view = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      if (req.body.shared && !viewer.isAdmin) throw fail.forbidden();
      const used = checkView(viewer.fields, req.body.kind, req.body.config);
      await prepareView(trx, form, req.body.kind, req.body.config, used);
      return trx
        .insertInto('forms_view')
        .values({ space_id: form.spaceId, form_id: form.id, name: req.body.name.trim(), kind: req.body.kind, owner_id: req.body.shared ? null : viewer.userId, config: JSON.stringify(req.body.config) })
        .returning(viewColumns)
        .executeTakeFirstOrThrow();
    });
    req.ctx.auditTarget = `${req.params.formId}/${view.id}`;
    return { code: 200, msg: 'ok', data: view };
  });

  app.put('/api/forms/forms/:formId/views/:viewId', { config: { access, action: 'forms.view.update' }, schema: { params: ViewParams, body: ViewBody } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.viewId}`;
    const view = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      const current = await trx.selectFrom('forms_view').select('owner_id').where('id', '=', req.params.viewId).where('form_id', '=', form.id).forUpdate().executeTakeFirst();
      if (!current || (current.owner_id !== null && current.owner_id !== viewer.userId)) throw fail.notFound('forms.view.notFound');
      if ((current.owner_id === null || req.body.shared) && !viewer.isAdmin) throw fail.forbidden();
      const used = checkView(viewer.fields, req.body.kind, req.body.config);
      await prepareView(trx, form, req.body.kind, req.body.config, used);
      return trx
        .updateTable('forms_view')
        .set({ name: req.body.name.trim(), kind: req.body.kind, owner_id: req.body.shared ? null : viewer.userId, config: JSON.stringify(req.body.config), updated_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', req.params.viewId)
        .returning(viewColumns)
        .executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: view };
  });

  app.delete('/api/forms/forms/:formId/views/:viewId', { config: { access, action: 'forms.view.delete' }, schema: { params: ViewParams, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.viewId}`;
    await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      const current = await trx.selectFrom('forms_view').select('owner_id').where('id', '=', req.params.viewId).where('form_id', '=', form.id).executeTakeFirst();
      if (!current || (current.owner_id !== null && current.owner_id !== viewer.userId)) throw fail.notFound('forms.view.notFound');
      if (current.owner_id === null && !viewer.isAdmin) throw fail.forbidden();
      await trx.deleteFrom('forms_view').where('id', '=', req.params.viewId).execute();
    });
    return { code: 200, msg: 'ok', data: null };
  });

  registerRuleRoutes(app, kernel);
}

const ruleColumns = ['id', 'name', 'subject_kind as subjectKind', 'subject', 'levels', 'scope', 'condition', 'hidden_fields as hiddenFields'] as const;

/** A rule's problems (422) or its row values: the one check of the rule routes and of installed packages. */
export const checkRule = async (trx: Trx, form: Pick<FormMeta, 'allFields' | 'spaceId'>, body: typeof RuleBody.static) => {
  if (body.scope === 'condition') {
    if (!body.condition) throw fail.unprocessable('forms.rule.conditionRequired');
    const problems = filterProblems(form.allFields, body.condition as FilterGroup);
    if (problems.length) throw fail.unprocessable(problems[0]!.key, problems[0]!.params, { problems });
  }
  for (const key of body.hiddenFields ?? []) if (!form.allFields.some((f) => f.key === key)) throw fail.unprocessable('forms.filter.unknownField', { field: key });
  const known =
    body.subjectKind === 'role'
      ? isRole(body.subject) && body.subject !== 'root'
      : body.subjectKind === 'group'
        ? /^[0-9]{1,18}$/.test(body.subject) && !!(await sql`select 1 from org_group where id = ${body.subject}::bigint`.execute(trx)).rows.length
        : /^[0-9]{1,18}$/.test(body.subject) && !!(await trx.selectFrom('memberships').select('user_id').where('space_id', '=', form.spaceId).where('user_id', '=', body.subject).executeTakeFirst());
  if (!known) throw fail.unprocessable('forms.rule.badSubject');
  return {
    name: body.name.trim(),
    subject_kind: body.subjectKind,
    subject: body.subject,
    levels: body.levels,
    scope: body.scope,
    condition: body.scope === 'condition' ? JSON.stringify(body.condition) : null,
    hidden_fields: body.hiddenFields ?? [],
  };
};

/** Record permission rules of §6 (admin): per role, user group or user; levels; scope; hidden fields. */
function registerRuleRoutes(app: App, kernel: Kernel): void {
  app.get('/api/forms/forms/:formId/rules', { config: { access: design }, schema: { params: FormParams, querystring: NoQuery } }, async (req) => {
    const rules = await kernel.transact(req, async (trx) => {
      await loadForm(trx, req, req.params.formId);
      return trx.selectFrom('forms_rule').select(ruleColumns).where('form_id', '=', req.params.formId).orderBy('id').execute();
    });
    return { code: 200, msg: 'ok', data: { rules } };
  });

  app.post('/api/forms/forms/:formId/rules', { config: { access: design, action: 'forms.rule.create' }, schema: { params: FormParams, body: RuleBody } }, async (req) => {
    const rule = await kernel.transact(req, async (trx) => {
      const { form } = await loadForm(trx, req, req.params.formId);
      const values = await checkRule(trx, form, req.body);
      return trx.insertInto('forms_rule').values({ ...values, space_id: form.spaceId, form_id: form.id }).returning(ruleColumns).executeTakeFirstOrThrow();
    });
    req.ctx.auditTarget = `${req.params.formId}/${rule.id}`;
    return { code: 200, msg: 'ok', data: rule };
  });

  app.put('/api/forms/forms/:formId/rules/:ruleId', { config: { access: design, action: 'forms.rule.update' }, schema: { params: RuleParams, body: RuleBody } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.ruleId}`;
    const rule = await kernel.transact(req, async (trx) => {
      const { form } = await loadForm(trx, req, req.params.formId);
      const values = await checkRule(trx, form, req.body);
      const updated = await trx.updateTable('forms_rule').set(values).where('id', '=', req.params.ruleId).where('form_id', '=', form.id).returning(ruleColumns).executeTakeFirst();
      if (!updated) throw fail.notFound('forms.rule.notFound');
      return updated;
    });
    return { code: 200, msg: 'ok', data: rule };
  });

  app.delete('/api/forms/forms/:formId/rules/:ruleId', { config: { access: design, action: 'forms.rule.delete' }, schema: { params: RuleParams, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.ruleId}`;
    await kernel.transact(req, async (trx) => {
      await loadForm(trx, req, req.params.formId);
      const removed = await trx.deleteFrom('forms_rule').where('id', '=', req.params.ruleId).where('form_id', '=', req.params.formId).executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw fail.notFound('forms.rule.notFound');
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
