import { sql, type Selectable } from 'kysely';
import type { MessageCategory, Wording } from '../../../../shared/messages/notify.ts';
import type { FlowModel, Via } from '../../../../shared/workflow/model.ts';
import { placesOf, type Place } from '../../../../shared/workflow/walk.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import type { FlowForm, FlowRecord } from '../../../kernel/record-flow.ts';
import type { WorkflowInstanceTable, WorkflowTaskTable } from '../tables.ts';

export type InstanceRow = Selectable<WorkflowInstanceTable>;
export type TaskRow = Selectable<WorkflowTaskTable>;

/** Who did something: the operator, for whom, and how he came to (Part 1 §9). */
export interface Acting {
  operatorId: string | null;
  onBehalfOf: string | null;
  via: Via;
}

export const SYSTEM: Acting = { operatorId: null, onBehalfOf: null, via: 'system' };

/**
 * One action on one instance, inside one transaction (Part 1 §11): the instance row locked FOR UPDATE, its frozen
 * model, its form and record, the initiator's departments and roles (for conditions), and what the action chose.
 */
export interface Run {
  kernel: Kernel;
  trx: Trx;
  spaceId: string;
  now: Date;
  instance: InstanceRow;
  model: FlowModel;
  places: Map<string, Place>;
  form: FlowForm;
  /** The record as last read or written in this action; undefined until someone needs it (recordOf). */
  record: FlowRecord | null | undefined;
  initiator: { userId: string };
  /** The initiator's departments and enterprise roles, read when a condition first needs them (initiatorFacts). */
  facts?: { userId: string; departments: string[]; roles: string[] };
  /** Assignees chosen by the initiator at submit, or by the approver for the next node, by node id. */
  selections: Record<string, string[]>;
}

/** Published versions never change: cached by space, form and version. */
const models = new Map<string, { model: FlowModel; places: Map<string, Place> }>();

export async function modelOf(trx: Trx, spaceId: string, formId: string, version: number) {
  const key = `${spaceId}/${formId}/${version}`;
  let found = models.get(key);
  if (!found) {
    const row = await trx.selectFrom('workflow_flow_version').select('model').where('form_id', '=', formId).where('version', '=', version).executeTakeFirstOrThrow();
    found = { model: row.model, places: placesOf(row.model) };
    if (models.size > 2000) models.clear();
    models.set(key, found);
  }
  return found;
}

/** The record, read once per action when first needed (approvals rarely need it: conditions and member fields do). */
export async function recordOf(run: Run): Promise<FlowRecord | null> {
  if (run.record === undefined) run.record = run.instance.record_id ? await run.kernel.recordFlow.records.read(run.trx, run.instance.form_id, run.instance.record_id) : null;
  return run.record;
}

/** The initiator's departments and roles, for conditions on them, read once per action when first needed. */
export async function initiatorFacts(run: Run): Promise<{ userId: string; departments: string[]; roles: string[] }> {
  if (!run.facts) {
    const people = run.kernel.directory.people;
    const userId = run.initiator.userId;
    run.facts = { userId, departments: await people.departmentsOf(run.trx, run.spaceId, userId), roles: await people.rolesOf(run.trx, run.spaceId, userId) };
  }
  return run.facts;
}

/** The instance locked for this transaction; another space's or a missing one is not found. */
export async function lockInstance(trx: Trx, id: string): Promise<InstanceRow> {
  const row = await trx.selectFrom('workflow_instance').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw fail.notFound('workflow.instanceNotFound');
  return row;
}

export async function openRun(kernel: Kernel, trx: Trx, spaceId: string, instance: InstanceRow, selections: Record<string, string[]> = {}): Promise<Run> {
  const { model, places } = await modelOf(trx, spaceId, instance.form_id, instance.flow_version);
  const initiator = instance.initiator_id;
  const form = await kernel.recordFlow.records.facts(trx, instance.form_id);
  if (!form) throw fail.notFound('workflow.instanceNotFound');
  return { kernel, trx, spaceId, now: new Date(kernel.clock.now()), instance, model, places, form, record: undefined, initiator: { userId: initiator }, selections: { ...instance.selections, ...selections } };
}

/** One row of the append-only timeline. */
export async function logAction(
  run: Run,
  action: string,
  acting: Acting,
  details: { taskId?: string | null; fromState?: string | null; toState?: string | null; fromNode?: string | null; toNodes?: string[]; reason?: string | null; payload?: Record<string, unknown> } = {},
): Promise<void> {
  await run.trx
    .insertInto('workflow_action')
    .values({
      space_id: run.spaceId,
      instance_id: run.instance.id,
      round: run.instance.round,
      task_id: details.taskId ?? null,
      action,
      operator_id: acting.operatorId,
      on_behalf_of: acting.onBehalfOf,
      via: acting.via,
      from_state: details.fromState ?? null,
      to_state: details.toState ?? null,
      from_node: details.fromNode ?? null,
      to_nodes: details.toNodes ?? [],
      reason: details.reason ?? null,
      payload: JSON.stringify(details.payload ?? {}),
      at: run.now,
    })
    .execute();
}

/** A notice about this instance, in the instance's transaction: rolled back with it, delivered once if it commits. */
export async function tell(run: Run, members: readonly string[], category: MessageCategory, key: string, extra: Record<string, string> = {}): Promise<void> {
  const to = [...new Set(members)].filter(Boolean);
  if (!to.length || !run.kernel.notices.hasSender() || !run.instance.record_id) return;
  const params = { form: run.form.name, title: run.record?.title ?? run.instance.title, ...extra };
  const wording = (suffix: string): Wording => ({ key: `workflow.notice.${key}.${suffix}`, params });
  await run.kernel.notices.send(run.trx, run.spaceId, {
    recipients: { members: to },
    category,
    sourceApp: 'workflow',
    sourceRecord: `${run.instance.form_id}/${run.instance.record_id}`,
    title: wording('title'),
    body: wording('body'),
    link: { routeId: 'forms.detail', params: { app: run.form.appId, form: run.instance.form_id }, query: { id: run.instance.record_id } },
    priority: category === 'urge' ? 'high' : 'normal',
  });
}

export const openTask = (task: Pick<TaskRow, 'state'>) => task.state === 'pending' || task.state === 'waiting';

/**
 * After every action: the nodes that hold open tasks, the record's current handler (the first pending assignee;
 * none once the flow stops), the lock version and the instance's state, written in one statement.
 */
export async function settle(run: Run): Promise<void> {
  const i = run.instance;
  const open = sql`from workflow_task t where t.instance_id = ${i.id}::bigint and t.state in ('pending', 'waiting')`;
  const updated = await run.trx
    .updateTable('workflow_instance')
    .set({
      state: i.state,
      round: i.round,
      current_nodes: sql<string[]>`(select coalesce(array_agg(distinct t.node_id order by t.node_id), '{}') ${open})`,
      interrupted_nodes: i.interrupted_nodes,
      returned_from: i.returned_from,
      returned_nodes: i.returned_nodes,
      record_id: i.record_id,
      draft_values: i.draft_values === null ? null : JSON.stringify(i.draft_values),
      title: run.record?.title ?? i.title,
      submitter_id: i.submitter_id,
      selections: JSON.stringify(run.selections),
      submitted_at: i.submitted_at,
      finished_at: i.finished_at,
      lock_version: i.lock_version + 1,
      updated_at: run.now,
    })
    .where('id', '=', i.id)
    .returningAll()
    .returning(sql<string | null>`(select t.assignee_id::text ${open} and t.state = 'pending' order by t.id limit 1)`.as('handler'))
    .executeTakeFirstOrThrow();
  const { handler, ...row } = updated;
  run.instance = row;
  if (i.record_id) await run.kernel.recordFlow.records.setHandler(run.trx, i.form_id, i.record_id, i.state === 'running' ? handler : null);
}
