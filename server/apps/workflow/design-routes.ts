import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { FLOW_JSON_LIMIT, FlowEnabledBody, FlowParams, FlowVersionParams, SaveFlowDraftBody, type FlowDesign, type FlowVersionDetail } from '../../../shared/api/workflow-design.ts';
import { starterModel, type FlowModel } from '../../../shared/workflow/model.ts';
import { modelProblems, shapeProblems, type ModelProblem } from '../../../shared/workflow/validate-model.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { namesOf, referenceProblems, referencesOf } from './design-refs.ts';
import { designedForm, flowVersions, publishedFields } from './design-store.ts';

export { publishedFlow } from './design-store.ts';

/** Designing a flow is designing its form: the same admin permission, for reading the design too. */
const design = { permission: 'forms.design' } as const;

/** A 422 naming the first problem in the caller's language, with every problem for the designer to place. */
function refuse(problems: ModelProblem[]): never {
  const first = problems[0]!;
  throw fail.unprocessable(first.key, first.params, { problems });
}

const sameInstant = (stored: Date | null, sent: string | null) =>
  stored === null || sent === null ? stored === sent : Number.isFinite(Date.parse(sent)) && stored.getTime() === Date.parse(sent);

/**
 * The process designer of a form: a draft saved as often as the designer likes (its shape checked,
 * not its completeness), publishing it as a frozen version after the full check (shared/workflow/validate-model.ts
 * plus what only the database can tell: the people and groups it names exist here, the form is published), and
 * switching the flow on or off. Running instances keep the version they started on.
 */
export function registerDesignRoutes(app: App, kernel: Kernel): void {
  const base = '/api/workflow/forms/:formId/flow';

  app.get(base, { config: { access: design }, schema: { params: FlowParams, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const data = await kernel.transact(req, async (trx): Promise<FlowDesign> => {
      const form = await designedForm(trx, req.params.formId);
      const flow = await trx.selectFrom('workflow_flow').select(['draft', 'draft_updated_at', 'version', 'enabled']).where('form_id', '=', form.id).executeTakeFirst();
      const draft = (flow?.draft as FlowModel | null | undefined) ?? starterModel();
      return {
        formId: form.id,
        formName: form.name,
        formVersion: form.version,
        fields: await publishedFields(trx, form.id, form.version),
        draft,
        draftUpdatedAt: flow?.draft_updated_at?.toISOString() ?? null,
        version: flow?.version ?? 0,
        enabled: flow?.enabled ?? true,
        versions: await flowVersions(trx, form.id),
        names: await namesOf(trx, space.id, referencesOf(draft)),
      };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.get(`${base}/versions/:version`, { config: { access: design }, schema: { params: FlowVersionParams, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const data = await kernel.transact(req, async (trx): Promise<FlowVersionDetail> => {
      const form = await designedForm(trx, req.params.formId);
      const version = Number(req.params.version);
      const row = await trx
        .selectFrom('workflow_flow_version as v')
        .leftJoin('users as u', 'u.id', 'v.published_by')
        .select(['v.model', 'v.published_at', 'v.published_by', 'u.name'])
        .where('v.form_id', '=', form.id)
        .where('v.version', '=', version)
        .executeTakeFirst();
      if (!row) throw fail.notFound('workflow.design.versionNotFound');
      const names = await namesOf(trx, space.id, referencesOf(row.model));
      return { version, model: row.model, publishedAt: row.published_at.toISOString(), publishedBy: row.published_by, publishedByName: row.name, names };
    });
    return { code: 200, msg: 'ok', data };
  });

  /** Saving checks the JSON's shape and size only: a draft may be incomplete; `draftUpdatedAt` guards another designer's save. */
  app.put(`${base}/draft`, { config: { access: design, action: 'workflow.flow.draft' }, schema: { params: FlowParams, querystring: NoQuery, body: SaveFlowDraftBody } }, async (req) => {
    req.ctx.auditTarget = req.params.formId;
    const space = currentSpace(req);
    const user = signedIn(req);
    const json = JSON.stringify(req.body.model) ?? '';
    if (json.length > FLOW_JSON_LIMIT) throw fail.unprocessable('workflow.design.tooLarge', { limit: Math.round(FLOW_JSON_LIMIT / 1024) });
    const problems = shapeProblems(req.body.model);
    if (problems.length) refuse(problems);
    const saved = await kernel.transact(req, async (trx) => {
      const form = await designedForm(trx, req.params.formId);
      const flow = await trx.selectFrom('workflow_flow').select('draft_updated_at').where('form_id', '=', form.id).forUpdate().executeTakeFirst();
      if (!sameInstant(flow?.draft_updated_at ?? null, req.body.draftUpdatedAt)) throw fail.conflict('workflow.design.draftChanged');
      const draft = { draft: json, draft_updated_at: sql<Date>`clock_timestamp()`, draft_updated_by: user.userId };
      return trx
        .insertInto('workflow_flow')
        .values({ space_id: space.id, form_id: form.id, ...draft })
        .onConflict((oc) => oc.columns(['space_id', 'form_id']).doUpdateSet(draft))
        .returning(['draft_updated_at'])
        .executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: { draftUpdatedAt: saved.draft_updated_at!.toISOString() } };
  });

  /** The saved draft becomes version n+1, or nothing changes and the 422 lists every problem. */
  app.post(`${base}/publish`, { config: { access: design, action: 'workflow.flow.publish' }, schema: { params: FlowParams, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.formId;
    const space = currentSpace(req);
    const user = signedIn(req);
    const published = await kernel.transact(req, async (trx) => {
      const form = await designedForm(trx, req.params.formId);
      const flow = await trx.selectFrom('workflow_flow').select(['draft', 'version']).where('form_id', '=', form.id).forUpdate().executeTakeFirst();
      if (!flow?.draft) throw fail.unprocessable('workflow.design.noDraft');
      if (form.version === 0) throw fail.unprocessable('workflow.design.formNotPublished');
      const model = flow.draft as FlowModel;
      const problems = modelProblems(model, { fields: await publishedFields(trx, form.id, form.version) });
      if (problems.length) refuse(problems);
      const missing = await referenceProblems(trx, space.id, model);
      if (missing.length) refuse(missing);
      const version = flow.version + 1;
      await trx
        .insertInto('workflow_flow_version')
        .values({ space_id: space.id, form_id: form.id, version, model: JSON.stringify(model), published_by: user.userId })
        .execute();
      await trx.updateTable('workflow_flow').set({ version }).where('form_id', '=', form.id).execute();
      return { version };
    });
    return { code: 200, msg: 'ok', data: published };
  });

  /** Off: new records of the form go without a flow again; running instances still finish on their version. */
  app.put(`${base}/enabled`, { config: { access: design, action: 'workflow.flow.enable' }, schema: { params: FlowParams, querystring: NoQuery, body: FlowEnabledBody } }, async (req) => {
    req.ctx.auditTarget = req.params.formId;
    const space = currentSpace(req);
    const enabled = req.body.enabled;
    await kernel.transact(req, async (trx) => {
      const form = await designedForm(trx, req.params.formId);
      await trx
        .insertInto('workflow_flow')
        .values({ space_id: space.id, form_id: form.id, enabled })
        .onConflict((oc) => oc.columns(['space_id', 'form_id']).doUpdateSet({ enabled }))
        .execute();
    });
    return { code: 200, msg: 'ok', data: { enabled } };
  });
}
