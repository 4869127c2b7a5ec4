import { fail } from '../../../../kernel/errors.ts';
import { activateApproval } from '../advance.ts';
import { approvalNode, checkedReason, isManager } from '../actor.ts';
import { cancelOpen } from '../progress.ts';
import { logAction, settle, tell, type Acting, type Run, type TaskRow } from '../run.ts';
import type { Caller } from './start.ts';

const as = (caller: Caller, manager: boolean): Acting => ({ operatorId: caller.userId, onBehalfOf: null, via: manager ? 'manager' : 'user' });

/**
 * Interrupt (Part 1 item 3, §7.7): ends the instance recoverably — every open task closes, the nodes it stood at
 * are remembered. Process managers always; the initiator when the flow allows it; a handler whose node offers it.
 */
export async function interrupt(run: Run, caller: Caller, reason: string | null | undefined): Promise<void> {
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
  const manager = isManager(run, caller.userId, caller.roles);
  const initiator = caller.userId === run.instance.initiator_id && run.model.settings.initiatorMayInterrupt;
  const handler = await run.trx
    .selectFrom('workflow_task')
    .select('node_id')
    .where('instance_id', '=', run.instance.id)
    .where('state', '=', 'pending')
    .where('assignee_id', '=', caller.userId)
    .execute();
  const offered = handler.some((t) => approvalNode(run, t.node_id).actions.includes('interrupt'));
  if (!manager && !initiator && !offered) throw fail.forbidden('workflow.cannotInterrupt');
  const text = checkedReason(reason, true);
  const nodes = run.instance.current_nodes;
  const cancelled = await cancelOpen(run, 'interrupted');
  run.instance.state = 'interrupted';
  run.instance.interrupted_nodes = nodes;
  await logAction(run, 'interrupt', as(caller, manager && !initiator), { fromState: 'running', toState: 'interrupted', toNodes: nodes, reason: text });
  await tell(run, [run.instance.initiator_id], 'approvalResult', 'interrupted', { reason: text ?? '' });
  await tell(run, cancelled, 'approvalResult', 'canceled');
  await settle(run);
}

/** Who held a node's tasks when the instance was interrupted, still active, in their order. */
async function interruptedHolders(run: Run, nodeId: string): Promise<string[]> {
  const rows = await run.trx
    .selectFrom('workflow_task')
    .select('owner_id')
    .where('instance_id', '=', run.instance.id)
    .where('round', '=', run.instance.round)
    .where('node_id', '=', nodeId)
    .where('cancel_reason', '=', 'interrupted')
    .orderBy('activation', 'desc')
    .orderBy('seq')
    .execute();
  const active = await run.kernel.directory.people.activeMembers(run.trx, run.spaceId, rows.map((r) => r.owner_id));
  return [...new Set(rows.map((r) => r.owner_id).filter((id) => active.has(id)))];
}

/**
 * Recover (Part 1 item 3, §7.8): process managers reopen an interrupted instance where it stopped (or at a node
 * they choose), with the same people where they are still active, otherwise the node's rules again.
 */
export async function recover(run: Run, caller: Caller, reason: string | null | undefined, target: string | undefined): Promise<void> {
  if (!isManager(run, caller.userId, caller.roles)) throw fail.forbidden('workflow.managersOnly');
  if (run.instance.state === 'running') throw fail.conflict('workflow.alreadyRunning');
  if (run.instance.state !== 'interrupted') throw fail.conflict('workflow.notRecoverable');
  const text = checkedReason(reason, false);
  if (target && run.places.get(target)?.node.type !== 'approval') throw fail.unprocessable('workflow.recoverTarget');
  const nodes = target ? [target] : run.instance.interrupted_nodes;
  run.instance.state = 'running';
  run.instance.interrupted_nodes = [];
  await logAction(run, 'recover', as(caller, true), { fromState: 'interrupted', toState: 'running', toNodes: nodes, reason: text });
  for (const nodeId of nodes) {
    const people = target ? [] : await interruptedHolders(run, nodeId);
    await activateApproval(run, approvalNode(run, nodeId), null, people.length ? people : undefined);
  }
  await tell(run, [run.instance.initiator_id], 'approvalResult', 'recovered');
  await settle(run);
}

/**
 * Invalidate (Part 1 item 3, §7.9): final. The initiator while it is not running or approved; process managers
 * also while it runs, and once approved where the flow allows it.
 */
export async function invalidate(run: Run, caller: Caller, reason: string | null | undefined): Promise<void> {
  const state = run.instance.state;
  if (state === 'invalid') throw fail.conflict('workflow.alreadyInvalid');
  const manager = isManager(run, caller.userId, caller.roles);
  const initiator = caller.userId === run.instance.initiator_id;
  const allowed =
    (['draft', 'returned', 'withdrawn', 'interrupted'].includes(state) && (initiator || manager)) ||
    (state === 'running' && manager) ||
    (state === 'approved' && manager && run.model.settings.allowInvalidateApproved);
  if (!allowed) throw fail.forbidden('workflow.cannotInvalidate');
  const text = checkedReason(reason, true);
  const cancelled = await cancelOpen(run, 'invalidated');
  run.instance.state = 'invalid';
  run.instance.finished_at = run.now;
  await logAction(run, 'invalidate', as(caller, manager && !initiator), { fromState: state, toState: 'invalid', reason: text });
  if (!initiator) await tell(run, [run.instance.initiator_id], 'approvalResult', 'invalidated', { reason: text ?? '' });
  await tell(run, cancelled, 'approvalResult', 'canceled');
  await settle(run);
}

/**
 * Retrieve by an approver (Part 1 item 2, §7.6, Appendix A.2): his decision closed the node, and every task it
 * created is still untouched; those close and his task comes back.
 */
export async function retrieve(run: Run, caller: Caller, task: TaskRow, reason: string | null | undefined): Promise<void> {
  if (!run.model.settings.allowRetrieve) throw fail.forbidden('workflow.retrieveNotAllowed');
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
  if (task.state !== 'approved' || task.round !== run.instance.round) throw fail.conflict('workflow.retrieveNothing');
  if (task.decided_by !== caller.userId && task.on_behalf_of !== caller.userId) throw fail.forbidden('workflow.notYourTask');
  const activation = await run.trx
    .selectFrom('workflow_task')
    .select(['id', 'state', 'decided_at'])
    .where('instance_id', '=', run.instance.id)
    .where('round', '=', task.round)
    .where('node_id', '=', task.node_id)
    .where('activation', '=', task.activation)
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (activation.some((t) => t.state === 'pending' || t.state === 'waiting')) throw fail.conflict('workflow.retrieveNodeOpen');
  const closer = activation.find((t) => t.state === 'approved');
  if (closer?.id !== task.id) throw fail.conflict('workflow.retrieveNotCloser');
  const children = await run.trx.selectFrom('workflow_task').selectAll().where('instance_id', '=', run.instance.id).where('parent_task_id', '=', task.id).execute();
  if (!children.length) throw fail.conflict('workflow.retrieveNothing');
  if (children.some((c) => !(c.state === 'pending' || c.state === 'waiting') || c.entrust_state !== 'none')) throw fail.conflict('workflow.retrieveNextActed');
  const text = checkedReason(reason, false);
  const cancelled = await cancelOpen(run, 'retrieved', { nodes: [...new Set(children.map((c) => c.node_id))] });
  await logAction(run, 'retrieve', { operatorId: caller.userId, onBehalfOf: task.on_behalf_of, via: task.on_behalf_of ? (task.via ?? 'user') : 'user' }, { taskId: task.id, fromNode: task.node_id, reason: text, payload: { canceled: children.map((c) => c.id) } });
  await activateApproval(run, approvalNode(run, task.node_id), task.parent_task_id, [task.owner_id]);
  await tell(run, cancelled, 'approvalResult', 'canceled');
  await settle(run);
}
