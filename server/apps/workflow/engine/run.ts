import { sql, type Insertable, type Selectable } from 'kysely';
import type { MessageCategory, Wording } from '../../../../shared/messages/notify.ts';
import type { FlowModel, Via } from '../../../../shared/workflow/model.ts';
import { placesOf, type Place } from '../../../../shared/workflow/walk.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import type { FlowForm, FlowRecord } from '../../../kernel/record-flow.ts';
import type { WorkflowActionTable, WorkflowInstanceTable, WorkflowTaskTable } from '../tables.ts';
import { raiseFlowEvents } from './events.ts';

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
  /** Timeline rows of this action, written by settle. */
  logs: Array<Insertable<WorkflowActionTable>>;
  /** The task the request named, read with the instance's lock (lockWithTask). */
  prefetched?: TaskRow | null;
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

/**
 * A form's name and fields for the engine's own use (notices, conditions, the detail's layout), kept a few seconds:
 * every action needs them, and a rename or a new version shows a moment later. Values are always written through
 * forms, which reads the form afresh.
 */
const formCache = new Map<string, { form: FlowForm | null; until: number }>();
const FORM_TTL_MS = 5_000;

async function formFacts(kernel: Kernel, trx: Trx, spaceId: string, formId: string): Promise<FlowForm | null> {
  const key = `${spaceId}/${formId}`;
  const hit = formCache.get(key);
  if (hit && hit.until > Date.now()) return hit.form;
  const form = await kernel.recordFlow.records.facts(trx, formId);
  if (formCache.size > 5000) formCache.clear();
  formCache.set(key, { form, until: Date.now() + FORM_TTL_MS });
  return form;
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

const TASK_COLUMNS = [
  'space_id', 'id', 'instance_id', 'form_id', 'app_id', 'round', 'node_id', 'activation', 'parent_task_id', 'seq', 'owner_id', 'assignee_id', 'entrust_state',
  'entrustee_id', 'state', 'cancel_reason', 'decided_by', 'on_behalf_of', 'via', 'reason', 'decided_at', 'viewed_at', 'due_at', 'timer_at', 'remind_count',
  'last_urged_at', 'draft', 'created_at',
] as const satisfies ReadonlyArray<keyof TaskRow>;

/** lockInstance and the action's task of that instance in one round trip (most actions name one). */
export async function lockWithTask(trx: Trx, id: string, taskId: string): Promise<{ instance: InstanceRow; task: TaskRow | null }> {
  const { rows } = await sql<Record<string, unknown>>`
    select i.*, ${sql.join(TASK_COLUMNS.map((c) => sql`${sql.ref(`t.${c}`)} as ${sql.ref(`task_${c}`)}`))}
      from workflow_instance i left join workflow_task t on t.id = ${taskId}::bigint and t.instance_id = i.id
     where i.id = ${id}::bigint for update of i`.execute(trx);
  const row = rows[0];
  if (!row) throw fail.notFound('workflow.instanceNotFound');
  const instance: Record<string, unknown> = {};
  const task: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('task_')) task[key.slice(5)] = value;
    else instance[key] = value;
  }
  return { instance: instance as InstanceRow, task: task.id ? (task as unknown as TaskRow) : null };
}

export async function openRun(kernel: Kernel, trx: Trx, spaceId: string, instance: InstanceRow, selections: Record<string, string[]> = {}): Promise<Run> {
  const { model, places } = await modelOf(trx, spaceId, instance.form_id, instance.flow_version);
  const initiator = instance.initiator_id;
  const form = await formFacts(kernel, trx, spaceId, instance.form_id);
  if (!form) throw fail.notFound('workflow.instanceNotFound');
  return { kernel, trx, spaceId, now: new Date(kernel.clock.now()), instance, model, places, form, record: undefined, initiator: { userId: initiator }, selections: { ...instance.selections, ...selections }, logs: [] };
}

/**
 * One row of the append-only timeline. Rows wait on the run and are written by `settle`, in the same statement that
 * settles the instance (every action ends with settle): one round trip fewer on every action.
 */
export async function logAction(
  run: Run,
  action: string,
  acting: Acting,
  details: { taskId?: string | null; fromState?: string | null; toState?: string | null; fromNode?: string | null; toNodes?: string[]; reason?: string | null; payload?: Record<string, unknown> } = {},
): Promise<void> {
  run.logs.push({
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
  });
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
  const logs = run.logs.splice(0);
  // Without rows to write the CTE is an empty read, so both cases stay one statement.
  const updated = await run.trx
    .with('logged', (db) => (logs.length ? db.insertInto('workflow_action').values(logs).returning('id') : db.selectFrom('workflow_action').select('id').where(sql<boolean>`false`)))
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
  await raiseFlowEvents(run, logs, i.current_nodes, row);
  run.instance = row;
  if (i.record_id) await run.kernel.recordFlow.records.setHandler(run.trx, i.form_id, i.record_id, i.state === 'running' ? handler : null);
}
