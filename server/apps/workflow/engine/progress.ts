import { sql } from 'kysely';
import { fail } from '../../../kernel/errors.ts';
import { approvalNode } from './actor.ts';
import { activateApproval, continueAfter, type Reach } from './advance.ts';
import { notifyAssignees } from './notify.ts';
import { logAction, openTask, SYSTEM, tell, type Run, type TaskRow } from './run.ts';
import { armTimers, timerColumns } from './timers.ts';

/** Closes open tasks of this instance (optionally only some nodes or one activation) with a reason; who they were. */
export async function cancelOpen(run: Run, reason: string, where: { nodes?: string[]; activationOf?: TaskRow; except?: string } = {}): Promise<string[]> {
  let query = run.trx
    .updateTable('workflow_task')
    .set({ state: 'canceled', cancel_reason: reason, timer_at: null })
    .where('instance_id', '=', run.instance.id)
    .where('state', 'in', ['pending', 'waiting']);
  if (where.nodes) query = query.where('node_id', 'in', where.nodes.length ? where.nodes : ['']);
  if (where.activationOf) {
    query = query.where('node_id', '=', where.activationOf.node_id).where('round', '=', where.activationOf.round).where('activation', '=', where.activationOf.activation);
  }
  if (where.except) query = query.where('id', '<>', where.except);
  const rows = await query.returning(['assignee_id', 'state']).execute();
  return rows.map((r) => r.assignee_id);
}

/** A flow that found nobody where a node says "back to the initiator" (Part 2 §4.3): a return by the system. */
export async function systemReturn(run: Run): Promise<void> {
  await cancelOpen(run, 'return');
  run.instance.state = 'returned';
  await logAction(run, 'return', SYSTEM, { fromState: 'running', toState: 'returned', reason: 'workflow.auto.noAssignee' });
  await tell(run, [run.instance.initiator_id], 'approvalResult', 'returned');
}

/** Handles what a walk reports: a return by policy becomes a system return. */
export async function afterWalk(run: Run, reach: Reach | 'returned'): Promise<void> {
  if (reach === 'returned') await systemReturn(run);
}

/**
 * After a task is approved (Part 2 §6.3): or-sign and single close the node at once, countersign waits for all,
 * sequential hands over to the next member; a complete node walks on — or jumps straight back to the node that
 * rolled back to it, when that node says so (Part 1 item 1).
 */
export async function nodeProgress(run: Run, task: TaskRow): Promise<void> {
  const node = approvalNode(run, task.node_id);
  // Single and or-sign: the decision closed the peers already (decide).
  if (node.mode === 'single' || node.mode === 'orSign') return completeNode(run, task);
  const siblings = await run.trx
    .selectFrom('workflow_task')
    .selectAll()
    .where('instance_id', '=', run.instance.id)
    .where('round', '=', task.round)
    .where('node_id', '=', task.node_id)
    .where('activation', '=', task.activation)
    .orderBy('seq')
    .execute();
  if (node.mode === 'countersign') {
    if (siblings.some(openTask)) return;
  } else {
    const next = siblings.find((t) => t.state === 'waiting');
    if (next) {
      const timer = await timerColumns(run, node);
      await run.trx.updateTable('workflow_task').set({ state: 'pending', created_at: run.now, ...timer }).where('id', '=', next.id).execute();
      await armTimers(run, [{ id: next.id, timer_at: timer.timer_at }]);
      await notifyAssignees(run, [next.assignee_id]);
      return;
    }
  }
  await completeNode(run, task);
}

async function completeNode(run: Run, task: TaskRow): Promise<void> {
  const from = run.instance.returned_from;
  if (from === task.node_id) run.instance.returned_from = null;
  if (from && from !== task.node_id && run.places.has(from) && approvalNode(run, from).afterRollback === 'jumpBack') {
    run.instance.returned_from = null;
    await afterWalk(run, await activateApproval(run, approvalNode(run, from), task.id));
    return;
  }
  await afterWalk(run, await continueAfter(run, task.node_id, task.id));
}

/**
 * A decision on a task: its state, who made it, for whom, how, why, and when; the timer stops. An approval in a
 * single or or-sign node closes its open peers in the same statement (peer decided; Part 2 §6.3).
 */
export async function decide(run: Run, task: TaskRow, state: 'approved' | 'returned' | 'rolledBack', acting: { operatorId: string | null; onBehalfOf: string | null; via: string }, reason: string | null): Promise<void> {
  const peers = state === 'approved' && ['single', 'orSign'].includes(approvalNode(run, task.node_id).mode);
  const only = sql`case when id = ${task.id}::bigint then`;
  let query = run.trx
    .updateTable('workflow_task')
    .set({
      state: sql<TaskRow['state']>`${only} ${state}::text else 'canceled' end`,
      cancel_reason: sql<string | null>`case when id = ${task.id}::bigint then null else 'peerDecided' end`,
      decided_by: sql<string | null>`${only} ${acting.operatorId}::bigint end`,
      on_behalf_of: sql<string | null>`${only} ${acting.onBehalfOf}::bigint end`,
      via: sql<TaskRow['via']>`${only} ${acting.via}::text end`,
      reason: sql<string | null>`${only} ${reason}::text end`,
      decided_at: sql<Date | null>`${only} ${run.now}::timestamptz end`,
      timer_at: null,
      draft: null,
    })
    .where('state', 'in', peers ? ['pending', 'waiting'] : ['pending']);
  query = peers
    ? query.where('instance_id', '=', run.instance.id).where('round', '=', task.round).where('node_id', '=', task.node_id).where('activation', '=', task.activation)
    : query.where('id', '=', task.id);
  const rows = await query.returning(['id', 'state']).execute();
  // The instance lock serialises actions, so this only fails if a task was closed inside this same action.
  if (!rows.some((r) => r.id === task.id && r.state === state)) throw fail.conflict('workflow.taskNotPending');
}
