import type { FieldModes, FlowNode } from '../../../shared/workflow/model.ts';
import { fail } from '../../kernel/errors.ts';
import { approvalNode, isManager } from './engine/actor.ts';
import { rollbackTargets } from './engine/actions/decide.ts';
import { startKeys, type Caller } from './engine/actions/start.ts';
import { openTask, recordOf, type Run, type TaskRow } from './engine/run.ts';
import { principalsFor } from './proxies.ts';

/** The field modes a node gives its handler: named ones as given, the rest read-only (start: editable). */
function modesOf(node: FlowNode | undefined, keys: readonly string[]): FieldModes {
  const given: FieldModes = node && 'fields' in node ? node.fields : {};
  const fallback = node?.type === 'start' ? 'editable' : 'readonly';
  return Object.fromEntries(keys.map((key) => [key, given[key] ?? fallback]));
}

/** A pending task the caller may work now: his own, as entrustee, or as an agent or trustee in force. */
function workable(task: TaskRow, caller: Caller, proxies: Awaited<ReturnType<typeof principalsFor>>): 'user' | 'agent' | 'trustee' | 'entrustee' | 'answer' | null {
  if (task.state !== 'pending') return null;
  if (task.entrust_state === 'requested') return task.entrustee_id === caller.userId ? 'answer' : null;
  if (task.assignee_id === caller.userId) return task.entrust_state === 'accepted' ? 'entrustee' : 'user';
  const path = proxies.find((p) => p.principalId === task.assignee_id && (p.via === 'trustee' || ((p.apps === null || p.apps.includes(task.app_id)) && p.perms.includes('handleTodo'))));
  return path?.via ?? null;
}

/**
 * One instance as the caller sees it (form detail with workflow actions, spec §2.8): its state, the frozen model and
 * where it stands, the timeline of every round, the CCs, the record's values under the caller's field modes, and
 * the actions the caller may take now. Someone with no part in it (and no manager) gets a 404.
 */
export async function instanceDetail(run: Run, caller: Caller) {
  const { trx, instance } = run;
  const tasks = await trx.selectFrom('workflow_task').selectAll().where('instance_id', '=', instance.id).orderBy('id').execute();
  const ccs = await trx.selectFrom('workflow_cc').selectAll().where('instance_id', '=', instance.id).orderBy('id').execute();
  const timeline = await trx.selectFrom('workflow_action').selectAll().where('instance_id', '=', instance.id).orderBy('id').execute();
  const proxies = await principalsFor(trx, run.spaceId, caller.userId, run.now);
  const manager = isManager(run, caller.userId, caller.roles);
  const me = caller.userId;
  const initiator = instance.initiator_id === me || instance.submitter_id === me;
  const mine = tasks.filter((t) => [t.owner_id, t.assignee_id, t.entrustee_id, t.decided_by].includes(me));
  const working = tasks.map((t) => ({ task: t, as: workable(t, caller, proxies) })).filter((w) => w.as !== null);
  const cced = ccs.filter((c) => c.recipient_id === me);
  if (!manager && !initiator && !mine.length && !working.length && !cced.length) throw fail.notFound('workflow.instanceNotFound');

  const keys = run.form.fields.map((f) => f.key);
  const nodeOf = (id: string) => run.places.get(id)?.node;
  const editable = ['draft', 'returned', 'withdrawn'].includes(instance.state) && initiator;
  const focus = working.find((w) => w.as !== 'answer')?.task ?? mine.filter(openTask)[0] ?? mine.at(-1);
  const modes: FieldModes = editable
    ? modesOf(run.model.nodes[0], keys)
    : focus
      ? modesOf(nodeOf(focus.node_id), keys)
      : cced.length && !manager
        ? modesOf(nodeOf(cced[0]!.node_id), keys)
        : Object.fromEntries(keys.map((k) => [k, 'readonly' as const]));
  // The initiator's saved changes show over the record while he may still change it (a returned or withdrawn one).
  const saved = editable ? (instance.draft_values ?? {}) : {};
  const source = instance.record_id ? { ...((await recordOf(run))?.values ?? {}), ...saved } : (instance.draft_values ?? {});
  const values = Object.fromEntries(Object.entries(source).filter(([key]) => modes[key] !== 'hidden' && (instance.record_id !== null || startKeys(run.model.nodes[0] as never, keys).includes(key))));

  const myTasks = [];
  for (const { task, as } of working) {
    const node = approvalNode(run, task.node_id);
    const actions = as === 'answer' ? ['acceptEntrust', 'refuseEntrust'] : ['approve', 'saveTaskDraft', ...node.actions.filter((a) => a !== 'interrupt')];
    if (as !== 'answer' && task.entrust_state !== 'none' && task.owner_id === me) actions.push('cancelEntrust');
    myTasks.push({
      taskId: task.id, nodeId: task.node_id, as, actions, reasonRequired: node.reasonRequired === true,
      fields: modesOf(node, keys), rollbackTargets: node.actions.includes('rollback') && as !== 'answer' ? await rollbackTargets(run, task) : [], draft: task.draft,
    });
  }
  const waitingEntrust = tasks.filter((t) => t.state === 'pending' && t.entrust_state === 'requested' && (t.owner_id === me || t.assignee_id === me));
  const retrievable = tasks.filter((t) => t.state === 'approved' && t.round === instance.round && (t.decided_by === me || t.on_behalf_of === me)).map((t) => t.id);
  const running = instance.state === 'running';
  const offersInterrupt = working.some((w) => approvalNode(run, w.task.node_id).actions.includes('interrupt'));
  const can = {
    submit: editable,
    saveDraft: editable,
    withdraw: running && instance.initiator_id === me && run.model.settings.allowWithdraw,
    retrieve: running && run.model.settings.allowRetrieve ? retrievable : [],
    urge: running && (instance.initiator_id === me || manager),
    interrupt: running && (manager || (instance.initiator_id === me && run.model.settings.initiatorMayInterrupt) || offersInterrupt),
    recover: instance.state === 'interrupted' && manager,
    invalidate:
      (['draft', 'returned', 'withdrawn', 'interrupted'].includes(instance.state) && (instance.initiator_id === me || manager)) ||
      (running && manager) || (instance.state === 'approved' && manager && run.model.settings.allowInvalidateApproved),
    cancelEntrust: waitingEntrust.map((t) => t.id),
  };
  const people = new Set<string>([instance.initiator_id, ...(instance.submitter_id ? [instance.submitter_id] : [])]);
  for (const t of tasks) for (const id of [t.owner_id, t.assignee_id, t.entrustee_id, t.decided_by, t.on_behalf_of]) if (id) people.add(id);
  for (const c of ccs) for (const id of [c.recipient_id, c.from_user_id]) if (id) people.add(id);
  for (const a of timeline) for (const id of [a.operator_id, a.on_behalf_of]) if (id) people.add(id);
  const users = Object.fromEntries((await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', [...people]).execute()).map((u) => [String(u.id), u.name]));

  return {
    instance: {
      id: instance.id, formId: instance.form_id, appId: instance.app_id, recordId: instance.record_id, state: instance.state, round: instance.round,
      currentNodes: instance.current_nodes, initiatorId: instance.initiator_id, submitterId: instance.submitter_id, title: instance.title,
      createdAt: instance.created_at, submittedAt: instance.submitted_at, finishedAt: instance.finished_at, version: instance.lock_version,
    },
    // The fields the viewer may see, so a participant without a record rule still sees the record laid out.
    form: { id: run.form.id, name: run.form.name, appId: run.form.appId, appName: run.form.appName, fields: run.form.fields.filter((f) => modes[f.key] !== 'hidden') },
    model: run.model,
    tasks: tasks.filter((t) => t.round === instance.round).map((t) => ({
      id: t.id, nodeId: t.node_id, state: t.state, ownerId: t.owner_id, assigneeId: t.assignee_id, entrustState: t.entrust_state, entrusteeId: t.entrustee_id,
      decidedBy: t.decided_by, onBehalfOf: t.on_behalf_of, via: t.via, reason: t.reason, decidedAt: t.decided_at, createdAt: t.created_at, dueAt: t.due_at, cancelReason: t.cancel_reason,
    })),
    timeline: timeline.map((a) => ({
      id: a.id, round: a.round, action: a.action, operatorId: a.operator_id, onBehalfOf: a.on_behalf_of, via: a.via, fromNode: a.from_node, toNodes: a.to_nodes,
      reason: a.reason, at: a.at, taskId: a.task_id,
    })),
    cc: ccs.map((c) => ({ recipientId: c.recipient_id, fromUserId: c.from_user_id, nodeId: c.node_id, note: c.note, at: c.created_at, round: c.round })),
    values,
    fields: modes,
    myTasks,
    can,
    users,
  };
}
