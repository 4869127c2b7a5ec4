import type { FlowVersionSummary } from '../../../shared/api/workflow-design.ts';
import type { FieldDef, FormDefinition } from '../../../shared/forms/fields.ts';
import type { FlowModel } from '../../../shared/workflow/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';

/** A live form as the designer needs it: its name and published version (row-level security: this space's only). */
export async function designedForm(trx: Trx, formId: string) {
  const form = await trx.selectFrom('forms_form').select(['id', 'name', 'version']).where('id', '=', formId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!form) throw fail.notFound('workflow.design.formNotFound');
  return form;
}

/** The fields of a form's published version: what a flow on it may name (none before the first publish). */
export async function publishedFields(trx: Trx, formId: string, version: number): Promise<FieldDef[]> {
  if (version === 0) return [];
  const row = await trx.selectFrom('forms_version').select('definition').where('form_id', '=', formId).where('version', '=', version).executeTakeFirst();
  return (row?.definition as FormDefinition | undefined)?.fields ?? [];
}

export async function flowVersions(trx: Trx, formId: string): Promise<FlowVersionSummary[]> {
  const rows = await trx
    .selectFrom('workflow_flow_version as v')
    .leftJoin('users as u', 'u.id', 'v.published_by')
    .select(['v.version', 'v.published_at', 'v.published_by', 'u.name'])
    .where('v.form_id', '=', formId)
    .orderBy('v.version', 'desc')
    .execute();
  return rows.map((r) => ({ version: r.version, publishedAt: r.published_at.toISOString(), publishedBy: r.published_by, publishedByName: r.name }));
}

/**
 * Published versions never change, so their models are cached by space, form and version (as forms caches
 * definitions); whether a form's flow is on and which version is current is read every time, so switching a flow
 * off or publishing a new version takes effect at once on every server.
 */
const models = new Map<string, FlowModel>();

/** One cached model is shared by every caller: frozen, so a caller that changes it fails instead of changing it for all. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The enabled, published flow of a form in the transaction's space, or null: the engine starts instances on it. */
export async function publishedFlow(trx: Trx, formId: string): Promise<{ version: number; model: FlowModel } | null> {
  const flow = await trx.selectFrom('workflow_flow').select(['space_id', 'version', 'enabled']).where('form_id', '=', formId).executeTakeFirst();
  if (!flow || !flow.enabled || flow.version === 0) return null;
  const key = `${flow.space_id}/${formId}/${flow.version}`;
  let model = models.get(key);
  if (!model) {
    const row = await trx.selectFrom('workflow_flow_version').select('model').where('form_id', '=', formId).where('version', '=', flow.version).executeTakeFirstOrThrow();
    model = deepFreeze(row.model);
    if (models.size > 5000) models.clear();
    models.set(key, model);
  }
  return { version: flow.version, model };
}
