import type { ApprovalNode, NodeAction } from '../../../../shared/workflow/model.ts';
import { reasonProblem } from '../../../../shared/workflow/model.ts';
import { fail } from '../../../kernel/errors.ts';
import { actingPath } from '../proxies.ts';
import type { Acting, Run, TaskRow } from './run.ts';

/** The task of this instance, locked by the instance's lock; not found when it is another instance's. */
export async function taskOf(run: Run, taskId: string | undefined): Promise<TaskRow> {
  if (!taskId) throw fail.unprocessable('workflow.taskRequired');
  if (run.prefetched?.id === taskId) return run.prefetched;
  const task = await run.trx.selectFrom('workflow_task').selectAll().where('id', '=', taskId).where('instance_id', '=', run.instance.id).executeTakeFirst();
  if (!task) throw fail.notFound('workflow.taskNotFound');
  return task;
}

export function approvalNode(run: Run, nodeId: string): ApprovalNode {
  const node = run.places.get(nodeId)?.node;
  if (!node || node.type !== 'approval') throw new Error(`node ${nodeId} is not an approval node`);
  return node;
}

export function requireRunning(run: Run): void {
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
}

/** The node offers this action (Part 1: per-node buttons). */
export function requireOffered(node: ApprovalNode, action: NodeAction): void {
  if (!node.actions.includes(action)) throw fail.forbidden('workflow.actionNotOffered');
}

/** 1–60 code points, trimmed (Part 1 §10); the trimmed text, or null when absent and allowed. */
export function checkedReason(text: string | null | undefined, required: boolean): string | null {
  const problem = reasonProblem(text, required);
  if (problem === 'required') throw fail.unprocessable('workflow.reasonRequired');
  if (problem === 'tooLong') throw fail.unprocessable('workflow.reasonTooLong', { max: 60 });
  if (problem === 'control') throw fail.unprocessable('workflow.reasonControl');
  return text?.trim() || null;
}

/**
 * Who acts on a pending task, and how (Part 2 §7 "effective actor"): its assignee (an accepted entrustee acts for
 * the owner), or an agent or trustee of the assignee whose rule is in force now, for this app, with `perm`. The
 * rule is read now, so a rule that ended while the page was open refuses (Part 2 §8). While an entrustment waits
 * for an answer the task is frozen (E_ENTRUST_PENDING).
 */
export async function actOnTask(run: Run, task: TaskRow, userId: string, perm: 'handleTodo' | 'returnWorkflow'): Promise<Acting> {
  if (task.state !== 'pending') throw fail.conflict('workflow.taskNotPending');
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
  if (task.entrust_state === 'requested') throw fail.conflict('workflow.entrustPending');
  if (task.assignee_id === userId) {
    return task.entrust_state === 'accepted' ? { operatorId: userId, onBehalfOf: task.owner_id, via: 'entrustee' } : { operatorId: userId, onBehalfOf: null, via: 'user' };
  }
  const path = await actingPath(run.trx, run.spaceId, userId, task.assignee_id, task.app_id, perm, run.now);
  if (!path) throw fail.forbidden('workflow.notYourTask');
  // One person, one vote: an agent who handles the same node himself acts on his own task (Part 2 §9.2).
  const own = await sameActivation(run, task).where('assignee_id', '=', userId).executeTakeFirst();
  if (own && approvalNode(run, task.node_id).mode === 'countersign') throw fail.conflict('workflow.oneVote');
  return { operatorId: userId, onBehalfOf: task.assignee_id, via: path };
}

/** The tasks of the same node activation as `task` (its peers, itself included), for a further condition. */
export const sameActivation = (run: Run, task: Pick<TaskRow, 'node_id' | 'round' | 'activation'>) =>
  run.trx
    .selectFrom('workflow_task')
    .select('id')
    .where('instance_id', '=', run.instance.id)
    .where('node_id', '=', task.node_id)
    .where('round', '=', task.round)
    .where('activation', '=', task.activation);

/** Process managers of the flow and the space's administrators (Part 1 item 3). */
export const isManager = (run: Run, userId: string, roles: readonly string[]) => roles.includes('admin') || run.model.settings.managers.includes(userId);
