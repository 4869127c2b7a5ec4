import type { WorkflowPart } from '../../../shared/appcenter/package.ts';
import type { FlowModel } from '../../../shared/workflow/model.ts';
import { modelProblems } from '../../../shared/workflow/validate-model.ts';
import type { PackageActor, PackageRefs, PartInstall } from '../../kernel/app-packages.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { referenceProblems } from './design-refs.ts';
import { publishedFields } from './design-store.ts';

/** The published flow of each of the app's packaged forms (forms' part ran first and named them in `refs`). */
async function exportPart(trx: Trx, _actor: PackageActor, appId: string, refs: PackageRefs): Promise<WorkflowPart | null> {
  const rows = await trx
    .selectFrom('workflow_flow as f')
    .innerJoin('workflow_flow_version as v', (join) => join.onRef('v.form_id', '=', 'f.form_id').onRef('v.version', '=', 'f.version'))
    .innerJoin('forms_form as ff', 'ff.id', 'f.form_id')
    .select(['f.form_id', 'f.enabled', 'v.model'])
    .where('ff.app_id', '=', appId)
    .where('ff.deleted_at', 'is', null)
    .orderBy('f.form_id')
    .execute();
  const flows = rows.filter((r) => refs.has(`form:${r.form_id}`)).map((r) => ({ form: refs.get(`form:${r.form_id}`)!, enabled: r.enabled, model: r.model }));
  return flows.length ? { flows } : null;
}

/**
 * Each flow becomes its form's flow in the installing space, checked as the designer's publish checks it: when
 * every person, role, post and department it names exists here it is published as a new version; otherwise it is
 * kept as the form's draft for the administrator to assign (the publisher's people are not this space's).
 */
async function installPart(trx: Trx, actor: PackageActor, input: unknown, install: PartInstall): Promise<void> {
  const part = input as WorkflowPart;
  for (const flow of part.flows) {
    const formId = install.refs.get(`form:${flow.form}`);
    if (!formId) continue;
    const model = flow.model as FlowModel;
    const form = await trx.selectFrom('forms_form').select('version').where('id', '=', formId).executeTakeFirstOrThrow();
    const sound = modelProblems(model, { fields: await publishedFields(trx, formId, form.version) }).length === 0 && (await referenceProblems(trx, actor.spaceId, model)).length === 0;
    const current = await trx.selectFrom('workflow_flow').select('version').where('form_id', '=', formId).forUpdate().executeTakeFirst();
    const draft = { draft: JSON.stringify(model), draft_updated_at: new Date(), draft_updated_by: actor.userId };
    await trx
      .insertInto('workflow_flow')
      .values({ space_id: actor.spaceId, form_id: formId, enabled: flow.enabled, ...draft })
      .onConflict((oc) => oc.columns(['space_id', 'form_id']).doUpdateSet(draft))
      .execute();
    if (!sound) continue;
    const version = (current?.version ?? 0) + 1;
    await trx.insertInto('workflow_flow_version').values({ space_id: actor.spaceId, form_id: formId, version, model: JSON.stringify(model), published_by: actor.userId }).execute();
    await trx.updateTable('workflow_flow').set({ version }).where('form_id', '=', formId).execute();
  }
}

/** Workflow's part of an application package (decision 0076): after forms', whose forms the flows belong to. */
export function registerPackagePart(kernel: Kernel): void {
  kernel.appPackages.register('workflow', 20, { exportPart, installPart });
}
