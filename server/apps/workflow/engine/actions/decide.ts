import type { FieldModes } from '../../../../../shared/workflow/model.ts';
import { nodesInside, parallelAncestors, upstreamApprovals } from '../../../../../shared/workflow/walk.ts';
import { fail } from '../../../../kernel/errors.ts';
import { activateApproval } from '../advance.ts';
import { actOnTask, approvalNode, checkedReason, requireOffered } from '../actor.ts';
import { cancelOpen, decide, nodeProgress } from '../progress.ts';
import { logAction, settle, tell, type Run, type TaskRow } from '../run.ts';

export interface DecisionInput {
  reason?: string | null;
  values?: Record<string, unknown>;
  /** Approve: people chosen for following nodes that ask the previous approver. */
  selections?: Record<string, string[]>;
  /** Rollback: the node to go back to ('start' = return). */
  target?: string;
}

export const editableKeys = (fields: FieldModes) => Object.entries(fields).filter(([, mode]) => mode === 'editable').map(([key]) => key);

/** Field changes an approver may make with his decision: only the node's editable fields, through forms. */
async function applyEdits(run: Run, task: TaskRow, operatorId: string, values: Record<string, unknown> | undefined): Promise<void> {
  if (!values || !Object.keys(values).length || !run.instance.record_id) return;
  const keys = editableKeys(approvalNode(run, task.node_id).fields);
  const refused = Object.keys(values).filter((key) => !keys.includes(key));
  if (refused.length) throw fail.forbidden('workflow.fieldNotEditable');
  const actor = { userId: operatorId, roles: ['admin' as const], spaceId: run.spaceId };
  run.record = await run.kernel.recordFlow.records.update(run.trx, actor, run.instance.form_id, run.instance.record_id, values, null, keys);
}

/** Approve (Part 2 §7.1b, T-2): the decision, the node's completion rule, the walk on. */
export async function approve(run: Run, task: TaskRow, userId: string, input: DecisionInput): Promise<void> {
  const acting = await actOnTask(run, task, userId, 'handleTodo');
  const node = approvalNode(run, task.node_id);
  const reason = checkedReason(input.reason, node.reasonRequired === true);
  await applyEdits(run, task, userId, input.values);
  run.selections = { ...run.selections, ...(input.selections ?? {}) };
  await decide(run, task, 'approved', acting, reason);
  await logAction(run, 'approve', acting, { taskId: task.id, fromNode: task.node_id, reason });
  await nodeProgress(run, task);
  await settle(run);
}

/** Return (Part 1 item 1, §7.3): the instance goes back to its initiator; every other open task closes. */
export async function returnToInitiator(run: Run, task: TaskRow, userId: string, input: DecisionInput): Promise<void> {
  const acting = await actOnTask(run, task, userId, 'returnWorkflow');
  requireOffered(approvalNode(run, task.node_id), 'return');
  const reason = checkedReason(input.reason, true);
  await decide(run, task, 'returned', acting, reason);
  const cancelled = await cancelOpen(run, 'return');
  const i = run.instance;
  i.state = 'returned';
  i.returned_from = task.node_id;
  i.returned_nodes = [...new Set([...i.returned_nodes, task.node_id])];
  await logAction(run, 'return', acting, { taskId: task.id, fromState: 'running', toState: 'returned', fromNode: task.node_id, toNodes: ['start'], reason });
  await tell(run, [i.initiator_id], 'approvalResult', 'returned', { reason: reason ?? '' });
  await tell(run, cancelled, 'approvalResult', 'canceled');
  await settle(run);
}

/** Approval nodes this task may roll back to (Appendix A.3): upstream, passed in this round, not open now. */
export async function rollbackTargets(run: Run, task: TaskRow): Promise<string[]> {
  const passed = await run.trx
    .selectFrom('workflow_task')
    .select(['node_id', 'id'])
    .where('instance_id', '=', run.instance.id)
    .where('round', '=', run.instance.round)
    .where('state', '=', 'approved')
    .execute();
  const passedNodes = new Set(passed.map((t) => t.node_id));
  let targets = upstreamApprovals(run.places, task.node_id).filter((id) => passedNodes.has(id) && !run.instance.current_nodes.includes(id));
  if (approvalNode(run, task.node_id).rollbackTargets === 'previous') {
    const parent = task.parent_task_id ? passed.find((t) => t.id === task.parent_task_id) : undefined;
    targets = targets.filter((id) => id === parent?.node_id);
  }
  return targets;
}

/** The people who handled a node's last activation this round, in their order (Part 1 item 6). */
async function lastHandlers(run: Run, nodeId: string): Promise<string[]> {
  const rows = await run.trx
    .selectFrom('workflow_task')
    .select(['owner_id', 'activation', 'seq'])
    .where('instance_id', '=', run.instance.id)
    .where('round', '=', run.instance.round)
    .where('node_id', '=', nodeId)
    .orderBy('activation', 'desc')
    .orderBy('seq')
    .execute();
  const last = rows[0]?.activation;
  const owners = rows.filter((r) => r.activation === last).map((r) => r.owner_id);
  const active = await run.kernel.directory.people.activeMembers(run.trx, run.spaceId, owners);
  return owners.filter((id) => active.has(id));
}

/**
 * Rollback (Part 1 item 1, §7.4): back to an approval node passed upstream in this round, to the same people;
 * open tasks downstream of it close — within the parallel branch when both nodes share one, else all of them.
 */
export async function rollback(run: Run, task: TaskRow, userId: string, input: DecisionInput): Promise<void> {
  const node = approvalNode(run, task.node_id);
  if (input.target === 'start') {
    requireOffered(node, 'return');
    return returnToInitiator(run, task, userId, input);
  }
  const acting = await actOnTask(run, task, userId, 'returnWorkflow');
  requireOffered(node, 'rollback');
  const reason = checkedReason(input.reason, true);
  const target = input.target ?? '';
  if (!(await rollbackTargets(run, task)).includes(target)) throw fail.unprocessable('workflow.rollbackTarget');
  await decide(run, task, 'rolledBack', acting, reason);
  await cancelOpen(run, 'nodeAborted', { activationOf: task });
  const shared = parallelAncestors(run.places, task.node_id).find((a) => parallelAncestors(run.places, target).some((b) => b.branch === a.branch));
  const cancelled = await cancelOpen(run, 'rollback', shared ? { nodes: shared.branch.nodes.flatMap((n) => [n.id, ...nodesInside(n).map((x) => x.id)]) } : {});
  const i = run.instance;
  i.returned_from = task.node_id;
  i.returned_nodes = [...new Set([...i.returned_nodes, target])];
  await logAction(run, 'rollback', acting, { taskId: task.id, fromNode: task.node_id, toNodes: [target], reason });
  const people = await lastHandlers(run, target);
  await activateApproval(run, approvalNode(run, target), task.id, people.length ? people : undefined);
  await tell(run, cancelled, 'approvalResult', 'canceled');
  await settle(run);
}

/** An approver's opinion and edits kept on his task until he acts (Part 2 §7.2): nothing else changes. */
export async function saveTaskDraft(run: Run, task: TaskRow, userId: string, input: DecisionInput): Promise<void> {
  await actOnTask(run, task, userId, 'handleTodo');
  const reason = input.reason?.trim() ?? '';
  if ([...reason].length > 60) throw fail.unprocessable('workflow.reasonTooLong', { max: 60 });
  const keys = editableKeys(approvalNode(run, task.node_id).fields);
  const values = Object.fromEntries(Object.entries(input.values ?? {}).filter(([key]) => keys.includes(key)));
  await run.trx.updateTable('workflow_task').set({ draft: JSON.stringify({ reason, values }) }).where('id', '=', task.id).execute();
}
