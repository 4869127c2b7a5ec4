import { sql } from 'kysely';
import { AppParams, CreateFormBody, FormParams, RenameFormBody, SaveDraftBody } from '../../../shared/api/forms.ts';
import { NoQuery } from '../../../shared/api/common.ts';
import type { FormDefinition } from '../../../shared/forms/fields.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { invalid } from './values.ts';
import { definitionProblems, highestKeyOf, storedDefinition } from './definitions.ts';
import { formColumns, formName } from './form-rows.ts';
import { prepareStorage } from './storage.ts';

const design = { permission: 'forms.design' } as const;
const read = { permission: 'forms.records' } as const;

/**
 * Form design (admin): forms of an app, the designer's draft, publishing it as a new version. Records keep
 * working across versions: a field added later is empty on old records; a removed field's column keeps its data
 * (never shown again unless the field comes back).
 */
export function registerDesignRoutes(app: App, kernel: Kernel): void {
  app.get('/api/forms/apps/:appId/forms', { config: { access: read }, schema: { params: AppParams, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const forms = await kernel.transact(req, async (trx) => {
      if (!(await kernel.apps.mayOpen(trx, req, req.params.appId))) throw fail.notFound('forms.appNotFound');
      return trx.selectFrom('forms_form').select(formColumns).where('app_id', '=', req.params.appId).where('deleted_at', 'is', null).orderBy('sort').orderBy('id').execute();
    });
    return { code: 200, msg: 'ok', data: { forms } };
  });

  app.post('/api/forms/forms', { config: { access: design, action: 'forms.form.create' }, schema: { body: CreateFormBody } }, async (req) => {
    const space = currentSpace(req);
    const user = signedIn(req);
    const form = await kernel.transact(req, async (trx) => {
      // A live app of the space, whoever may open it: a designer may build forms in an app not open to his roles.
      if ((await kernel.apps.live(trx, [req.body.appId])).length === 0) throw fail.notFound('forms.appNotFound');
      const created = await trx
        .insertInto('forms_form')
        .values({
          space_id: space.id,
          app_id: req.body.appId,
          name: formName(req.body.name),
          description: req.body.description ?? '',
          draft: storedDefinition({ fields: [] }),
          created_by: user.userId,
          // A new form goes last in the app's navigation.
          sort: sql<number>`(select coalesce(max(sort), 0) + 1 from forms_form where app_id = ${req.body.appId})`,
        })
        .returning(formColumns)
        .executeTakeFirstOrThrow();
      req.ctx.auditTarget = created.id;
      return created;
    });
    return { code: 200, msg: 'ok', data: form };
  });

  app.patch('/api/forms/forms/:formId', { config: { access: design, action: 'forms.form.rename' }, schema: { params: FormParams, body: RenameFormBody } }, async (req) => {
    req.ctx.auditTarget = req.params.formId;
    const form = await kernel.transact(req, async (trx) => {
      const changed = await trx
        .updateTable('forms_form')
        .set({ name: formName(req.body.name), ...(req.body.description !== undefined ? { description: req.body.description } : {}), updated_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', req.params.formId)
        .where('deleted_at', 'is', null)
        .returning(formColumns)
        .executeTakeFirst();
      if (!changed) throw fail.notFound('forms.formNotFound');
      return changed;
    });
    return { code: 200, msg: 'ok', data: form };
  });

  /** The designer's view of a form: its draft, its published definition and version history. */
  app.get('/api/forms/forms/:formId/design', { config: { access: design }, schema: { params: FormParams, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const data = await kernel.transact(req, async (trx) => {
      const form = await trx.selectFrom('forms_form').select([...formColumns, 'draft']).where('id', '=', req.params.formId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!form) throw fail.notFound('forms.formNotFound');
      const versions = await trx
        .selectFrom('forms_version')
        .select(['version', 'definition', 'published_at as publishedAt', 'published_by as publishedBy'])
        .where('form_id', '=', req.params.formId)
        .orderBy('version', 'desc')
        .execute();
      return { form, versions };
    });
    return { code: 200, msg: 'ok', data };
  });

  /** Saving the draft never touches records; `draftUpdatedAt` guards against overwriting another designer's save. */
  app.put('/api/forms/forms/:formId/draft', { config: { access: design, action: 'forms.form.draft' }, schema: { params: FormParams, body: SaveDraftBody } }, async (req) => {
    req.ctx.auditTarget = req.params.formId;
    const definition = req.body.definition as FormDefinition;
    const saved = await kernel.transact(req, async (trx) => {
      const form = await trx.selectFrom('forms_form').select(['draft_updated_at', 'highest_key']).where('id', '=', req.params.formId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
      if (!form) throw fail.notFound('forms.formNotFound');
      if (form.draft_updated_at.toISOString() !== new Date(req.body.draftUpdatedAt).toISOString()) throw fail.conflict();
      const errors = await definitionProblems(trx, req.params.formId, definition);
      if (errors.length) invalid(errors);
      return trx
        .updateTable('forms_form')
        .set({
          draft: storedDefinition(definition),
          draft_updated_at: sql<Date>`clock_timestamp()`,
          highest_key: Math.max(form.highest_key, highestKeyOf(definition)),
          updated_at: sql<Date>`clock_timestamp()`,
        })
        .where('id', '=', req.params.formId)
        .returning(formColumns)
        .executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: saved };
  });

  /** Publishing: the draft becomes version n+1; the record table gains the new fields' columns in the same transaction. */
  app.post('/api/forms/forms/:formId/publish', { config: { access: design, action: 'forms.form.publish' }, schema: { params: FormParams } }, async (req) => {
    req.ctx.auditTarget = req.params.formId;
    const user = signedIn(req);
    const space = currentSpace(req);
    const published = await kernel.transact(req, async (trx) => {
      const form = await trx.selectFrom('forms_form').select(['draft', 'version']).where('id', '=', req.params.formId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
      if (!form) throw fail.notFound('forms.formNotFound');
      const definition = form.draft as FormDefinition;
      if (definition.fields.length === 0) throw fail.unprocessable('forms.design.noFields');
      const errors = await definitionProblems(trx, req.params.formId, definition);
      if (errors.length) invalid(errors);
      await prepareStorage(trx, req.params.formId, definition.fields);
      const version = form.version + 1;
      await trx
        .insertInto('forms_version')
        .values({ space_id: space.id, form_id: req.params.formId, version, definition: storedDefinition(definition), published_by: user.userId })
        .execute();
      return trx.updateTable('forms_form').set({ version, updated_at: sql<Date>`clock_timestamp()` }).where('id', '=', req.params.formId).returning(formColumns).executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: published };
  });
}
