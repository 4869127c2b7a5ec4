import { fail } from '../../../../kernel/errors.ts';
import { actOnTask, approvalNode, checkedReason, isManager, requireOffered, sameActivation } from '../actor.ts';
import { notifyAssignees } from '../notify.ts';
import { logAction, settle, tell, type Run, type TaskRow } from '../run.ts';
import { adHocCc, type Caller } from './start.ts';

const user = (userId: string) => ({ operatorId: userId, onBehalfOf: null, via: 'user' as const });

/**
 * Entrust (Part 1 item 5, §7.10): a transfer the entrustee must accept. Not to oneself, not to another handler of
 * the same node; the owner stays the original one however often it moves on.
 */
export async function entrust(run: Run, task: TaskRow, userId: string, to: string | undefined, reason: string | null | undefined): Promise<void> {
  const acting = await actOnTask(run, task, userId, 'handleTodo');
  requireOffered(approvalNode(run, task.node_id), 'entrust');
  const text = checkedReason(reason, false);
  if (!to) throw fail.unprocessable('workflow.entrustTargetRequired');
  if (to === userId || to === task.assignee_id || to === task.owner_id) throw fail.unprocessable('workflow.entrustSelf');
  if (!(await run.kernel.directory.people.activeMembers(run.trx, run.spaceId, [to])).has(to)) throw fail.unprocessable('workflow.entrustNotMember');
  const coMember = await sameActivation(run, task)
    .where('state', 'in', ['pending', 'waiting'])
    .where((eb) => eb.or([eb('assignee_id', '=', to), eb('owner_id', '=', to)]))
    .executeTakeFirst();
  if (coMember) throw fail.unprocessable('workflow.entrustCoMember');
  await run.trx.updateTable('workflow_task').set({ entrust_state: 'requested', entrustee_id: to }).where('id', '=', task.id).execute();
  await logAction(run, 'entrust', acting, { taskId: task.id, fromNode: task.node_id, reason: text, payload: { to } });
  await tell(run, [to], 'todo', 'entrusted', { reason: text ?? '' });
  await settle(run);
}

function requireRequested(run: Run, task: TaskRow): void {
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
  if (task.state !== 'pending') throw fail.conflict('workflow.taskNotPending');
  if (task.entrust_state !== 'requested') throw fail.conflict('workflow.noEntrustment');
}

/** Accept (T-8): the entrustee becomes the assignee; the owner is told. */
export async function acceptEntrust(run: Run, task: TaskRow, userId: string): Promise<void> {
  requireRequested(run, task);
  if (task.entrustee_id !== userId) throw fail.forbidden('workflow.notEntrustee');
  await run.trx.updateTable('workflow_task').set({ entrust_state: 'accepted', assignee_id: userId }).where('id', '=', task.id).execute();
  await logAction(run, 'acceptEntrust', { operatorId: userId, onBehalfOf: task.owner_id, via: 'entrustee' }, { taskId: task.id, fromNode: task.node_id });
  await tell(run, [task.owner_id], 'approvalResult', 'entrustAccepted');
  await notifyAssignees(run, [userId]);
  await settle(run);
}

/** Refuse (T-9): back to whoever asked; a reason is required. */
export async function refuseEntrust(run: Run, task: TaskRow, userId: string, reason: string | null | undefined): Promise<void> {
  requireRequested(run, task);
  if (task.entrustee_id !== userId) throw fail.forbidden('workflow.notEntrustee');
  const text = checkedReason(reason, true);
  const back = task.assignee_id === task.owner_id ? 'none' : 'accepted';
  await run.trx.updateTable('workflow_task').set({ entrust_state: back, entrustee_id: back === 'none' ? null : task.assignee_id }).where('id', '=', task.id).execute();
  await logAction(run, 'refuseEntrust', { operatorId: userId, onBehalfOf: null, via: 'user' }, { taskId: task.id, fromNode: task.node_id, reason: text });
  await tell(run, [task.assignee_id], 'approvalResult', 'entrustRefused', { reason: text ?? '' });
  await settle(run);
}

/** Cancel (T-10): the owner (or whoever asked) takes it back while nobody has decided. */
export async function cancelEntrust(run: Run, task: TaskRow, userId: string): Promise<void> {
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
  if (task.state !== 'pending') throw fail.conflict('workflow.taskNotPending');
  if (task.entrust_state === 'none') throw fail.conflict('workflow.noEntrustment');
  if (userId !== task.owner_id && !(task.entrust_state === 'requested' && userId === task.assignee_id)) throw fail.forbidden('workflow.notYourTask');
  const lost = task.entrust_state === 'accepted' ? task.assignee_id : task.entrustee_id;
  await run.trx.updateTable('workflow_task').set({ entrust_state: 'none', entrustee_id: null, assignee_id: task.owner_id }).where('id', '=', task.id).execute();
  await logAction(run, 'cancelEntrust', user(userId), { taskId: task.id, fromNode: task.node_id });
  if (lost) await tell(run, [lost], 'approvalResult', 'entrustCanceled');
  await settle(run);
}

/**
 * Urge (Part 1 item 7): the initiator or a process manager, to the pending handlers, at most once an hour per task.
 */
export async function urge(run: Run, caller: Caller, note: string | null | undefined): Promise<number> {
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
  if (caller.userId !== run.instance.initiator_id && !isManager(run, caller.userId, caller.roles)) throw fail.forbidden('workflow.cannotUrge');
  const text = checkedReason(note, false);
  const pending = await run.trx.selectFrom('workflow_task').selectAll().where('instance_id', '=', run.instance.id).where('state', '=', 'pending').execute();
  if (!pending.length) throw fail.conflict('workflow.notRunning');
  const hour = run.now.getTime() - 60 * 60_000;
  const recent = pending.filter((t) => t.last_urged_at && t.last_urged_at.getTime() > hour);
  if (recent.length) {
    const next = Math.max(...recent.map((t) => t.last_urged_at!.getTime())) + 60 * 60_000;
    throw fail.conflict('workflow.urgeTooFrequent', { minutes: Math.ceil((next - run.now.getTime()) / 60_000) });
  }
  await run.trx.updateTable('workflow_task').set({ last_urged_at: run.now }).where('id', 'in', pending.map((t) => t.id)).execute();
  await logAction(run, 'urge', user(caller.userId), { reason: text, payload: { tasks: pending.map((t) => t.id) } });
  await notifyAssignees(run, pending.map((t) => t.assignee_id), 'urge');
  await settle(run);
  return pending.length;
}

/** CC from an approver whose node offers it (Part 2 §7.12). */
export async function ccFromTask(run: Run, task: TaskRow, userId: string, recipients: string[] | undefined, note: string | null | undefined): Promise<void> {
  const acting = await actOnTask(run, task, userId, 'handleTodo');
  requireOffered(approvalNode(run, task.node_id), 'cc');
  if (!recipients?.length) throw fail.unprocessable('workflow.ccRecipientsRequired');
  await adHocCc(run, acting, task.node_id, task.id, recipients, note ?? null);
  await settle(run);
}
