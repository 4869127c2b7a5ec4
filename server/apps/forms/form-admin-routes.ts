import { sql } from 'kysely';
import { AppParams, CopyFormBody, FormOrderBody, FormParams } from '../../../shared/api/forms.ts';
import { NoBody, NoQuery } from '../../../shared/api/common.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { storedDefinition } from './definitions.ts';
import { formColumns, formName } from './form-rows.ts';
import { registerGuessFieldsRoute } from './guess-fields-route.ts';

const design = { permission: 'forms.design' } as const;

/**
 * Managing an app's forms (spec §2.8): copy, order, delete to the recycle bin and restore. Only designers
 * (admins and app managers hold forms.design); row-level security keeps every call inside the caller's space.
 */
export function registerFormAdminRoutes(app: App, kernel: Kernel): void {
  registerGuessFieldsRoute(app, kernel);

  /** A copy takes the draft and the published design as the copy's draft: never records, views or rules. */
  app.post('/api/forms/forms/:formId/copy', { config: { access: design, action: 'forms.form.copy' }, schema: { params: FormParams, body: CopyFormBody } }, async (req) => {
    const space = currentSpace(req);
    const user = signedIn(req);
    const name = formName(req.body.name);
    req.ctx.auditTarget = req.params.formId;
    const copy = await kernel.transact(req, async (trx) => {
      const source = await trx.selectFrom('forms_form').select(['app_id', 'description', 'draft', 'highest_key']).where('id', '=', req.params.formId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!source) throw fail.notFound('forms.formNotFound');
      return trx
        .insertInto('forms_form')
        .values({
          space_id: space.id,
          app_id: source.app_id,
          name,
          description: source.description,
          draft: storedDefinition(source.draft),
          highest_key: source.highest_key,
          created_by: user.userId,
          sort: sql<number>`(select coalesce(max(sort), 0) + 1 from forms_form where app_id = ${source.app_id})`,
        })
        .returning(formColumns)
        .executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: copy };
  });

  /** The new order names every live form of the app once; anything else is a 422 and changes nothing. */
  app.put('/api/forms/apps/:appId/form-order', { config: { access: design, action: 'forms.form.order' }, schema: { params: AppParams, body: FormOrderBody } }, async (req) => {
    currentSpace(req);
    req.ctx.auditTarget = req.params.appId;
    const forms = await kernel.transact(req, async (trx) => {
      if (!(await kernel.apps.mayOpen(trx, req, req.params.appId))) throw fail.notFound('forms.appNotFound');
      const live = await trx.selectFrom('forms_form').select('id').where('app_id', '=', req.params.appId).where('deleted_at', 'is', null).forUpdate().execute();
      const wanted = req.body.formIds;
      const liveIds = new Set(live.map((f) => f.id));
      if (wanted.length !== liveIds.size || wanted.some((id) => !liveIds.has(id))) throw fail.unprocessable('forms.order.mismatch');
      for (const [index, id] of wanted.entries()) await trx.updateTable('forms_form').set({ sort: index + 1 }).where('id', '=', id).execute();
      return trx.selectFrom('forms_form').select(formColumns).where('app_id', '=', req.params.appId).where('deleted_at', 'is', null).orderBy('sort').orderBy('id').execute();
    });
    return { code: 200, msg: 'ok', data: { forms } };
  });

  /** Deleting puts the form in the recycle bin: its records stay untouched until it is restored. */
  app.delete('/api/forms/forms/:formId', { config: { access: design, action: 'forms.form.delete' }, schema: { params: FormParams, querystring: NoQuery } }, async (req) => {
    const user = signedIn(req);
    req.ctx.auditTarget = req.params.formId;
    await kernel.transact(req, async (trx) => {
      const done = await trx
        .updateTable('forms_form')
        .set({ deleted_at: sql<Date>`clock_timestamp()`, deleted_by: user.userId })
        .where('id', '=', req.params.formId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (done.numUpdatedRows === 0n) throw fail.notFound('forms.formNotFound');
    });
    return { code: 200, msg: 'ok', data: null };
  });

  app.get('/api/forms/apps/:appId/recycle', { config: { access: design }, schema: { params: AppParams, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const forms = await kernel.transact(req, async (trx) => {
      if (!(await kernel.apps.mayOpen(trx, req, req.params.appId))) throw fail.notFound('forms.appNotFound');
      return trx
        .selectFrom('forms_form')
        .select([...formColumns, 'deleted_at as deletedAt'])
        .where('app_id', '=', req.params.appId)
        .where('deleted_at', 'is not', null)
        .orderBy('deleted_at', 'desc')
        .execute();
    });
    return { code: 200, msg: 'ok', data: { forms } };
  });

  app.post('/api/forms/forms/:formId/restore', { config: { access: design, action: 'forms.form.restore' }, schema: { params: FormParams, body: NoBody } }, async (req) => {
    req.ctx.auditTarget = req.params.formId;
    const form = await kernel.transact(req, async (trx) => {
      const restored = await trx
        .updateTable('forms_form')
        .set({ deleted_at: null, deleted_by: null })
        .where('id', '=', req.params.formId)
        .where('deleted_at', 'is not', null)
        .returning(formColumns)
        .executeTakeFirst();
      if (!restored) throw fail.notFound('forms.formNotInRecycle');
      return restored;
    });
    return { code: 200, msg: 'ok', data: form };
  });
}
