import { sql } from 'kysely';
import type { ApprovalNode, CcNode, FlowNode } from '../../../../shared/workflow/model.ts';
import { branchHolds, chooseBranch } from '../../../../shared/workflow/conditions.ts';
import { nodesInside } from '../../../../shared/workflow/walk.ts';
import { fail } from '../../../kernel/errors.ts';
import { resolveRules } from './assign.ts';
import { notifyAssignees } from './notify.ts';
import { initiatorFacts, logAction, recordOf, SYSTEM, tell, type Run } from './run.ts';
import { armTimers, timerColumns } from './timers.ts';

/** How far a walk got: stopped at open tasks, reached the end of the flow, or ran off the end of its path. */
export type Reach = 'waiting' | 'ended' | 'done';

/** Approvals of this round by people (not the system), by user → the nodes they approved. */
async function approvedThisRound(run: Run): Promise<Array<{ userId: string; nodeId: string; taskId: string }>> {
  const rows = await run.trx
    .selectFrom('workflow_task')
    .select(['decided_by', 'on_behalf_of', 'node_id', 'id'])
    .where('instance_id', '=', run.instance.id)
    .where('round', '=', run.instance.round)
    .where('state', '=', 'approved')
    .where('via', '<>', 'system')
    .execute();
  return rows.map((r) => ({ userId: String(r.on_behalf_of ?? r.decided_by), nodeId: r.node_id, taskId: String(r.id) }));
}

async function parentNodeOf(run: Run, parentTaskId: string | null): Promise<string | null> {
  if (!parentTaskId) return null;
  const row = await run.trx.selectFrom('workflow_task').select('node_id').where('id', '=', parentTaskId).executeTakeFirst();
  return row?.node_id ?? null;
}

/** A node passed without people: logged as the system's decision with the reason's key. */
async function autoPass(run: Run, node: ApprovalNode, reasonKey: string): Promise<void> {
  await logAction(run, 'autoApprove', SYSTEM, { fromNode: node.id, reason: reasonKey });
}

/**
 * Activates an approval node (Part 2 §4.2–4.5, §6.1 T-1): resolve its people, apply the empty, self and
 * de-duplication policies, then create the tasks — one pending per person, or the first pending and the rest
 * waiting when sequential. `forced` (rollback, retrieve, recover) gives the people directly.
 */
export async function activateApproval(run: Run, node: ApprovalNode, parentTaskId: string | null, forced?: string[]): Promise<Reach | 'returned'> {
  const returnedInto = run.instance.returned_nodes.includes(node.id);
  let people = forced ?? (await resolveRules(run, node.id, node.assignees));
  if (!forced && people.length === 0) {
    switch (node.emptyPolicy) {
      case 'autoApprove':
        await autoPass(run, node, 'workflow.auto.empty');
        return 'done';
      case 'block':
        throw fail.unprocessable('workflow.noAssignee', { node: node.name || node.id });
      case 'returnToInitiator':
        return 'returned';
      case 'assignUsers':
        people = [...(await run.kernel.directory.people.activeMembers(run.trx, run.spaceId, node.emptyUsers ?? []))];
        break;
      case 'assignManagers':
        people = [...(await run.kernel.directory.people.activeMembers(run.trx, run.spaceId, run.model.settings.managers))];
        break;
    }
    if (people.length === 0) throw fail.unprocessable('workflow.noAssignee', { node: node.name || node.id });
  }
  if (!forced && !returnedInto) {
    const initiator = run.initiator.userId;
    if (node.selfPolicy === 'skip' && people.includes(initiator)) {
      if (people.length === 1) {
        await autoPass(run, node, 'workflow.auto.self');
        return 'done';
      }
      people = people.filter((id) => id !== initiator);
    }
    const dedupe = run.model.settings.autoDedupe;
    if (dedupe !== 'none') {
      const parentNode = await parentNodeOf(run, parentTaskId);
      const approvers = new Set((await approvedThisRound(run)).filter((a) => dedupe === 'all' || a.nodeId === parentNode).map((a) => a.userId));
      const left = people.filter((id) => !approvers.has(id));
      const passes = node.mode === 'countersign' || node.mode === 'sequential' ? left.length === 0 : left.length < people.length;
      if (passes) {
        await autoPass(run, node, 'workflow.auto.dedupe');
        return 'done';
      }
      if (node.mode === 'countersign' || node.mode === 'sequential') people = left;
    }
  }
  // The node's next activation number, taken inside the insert (one statement fewer on every approval).
  const activation = sql<number>`(select coalesce(max(a.activation), 0) + 1 from workflow_task a
    where a.instance_id = ${run.instance.id}::bigint and a.round = ${run.instance.round} and a.node_id = ${node.id})`;
  const sequential = node.mode === 'sequential';
  const timer = await timerColumns(run, node);
  const rows = people.map((userId, seq) => ({
    space_id: run.spaceId,
    instance_id: run.instance.id,
    form_id: run.instance.form_id,
    app_id: run.instance.app_id,
    round: run.instance.round,
    node_id: node.id,
    activation,
    parent_task_id: parentTaskId,
    seq,
    owner_id: userId,
    assignee_id: userId,
    state: sequential && seq > 0 ? ('waiting' as const) : ('pending' as const),
    ...(sequential && seq > 0 ? {} : timer),
    created_at: run.now,
  }));
  const created = await run.trx.insertInto('workflow_task').values(rows).returning(['id', 'assignee_id', 'state', 'timer_at']).execute();
  await armTimers(run, created);
  await notifyAssignees(run, created.filter((t) => t.state === 'pending').map((t) => t.assignee_id));
  return 'waiting';
}

/** A CC node: records for its people (once per round), a notice, and the walk goes on (Part 2 §3.3). */
async function passCc(run: Run, node: CcNode, parentTaskId: string | null): Promise<void> {
  const people = await resolveRules(run, node.id, node.assignees);
  if (!people.length) return;
  await run.trx
    .insertInto('workflow_cc')
    .values(people.map((userId) => ({ space_id: run.spaceId, instance_id: run.instance.id, round: run.instance.round, node_id: node.id, task_id: parentTaskId, recipient_id: userId, created_at: run.now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await logAction(run, 'cc', SYSTEM, { fromNode: node.id, payload: { recipients: people } });
  await tell(run, people, 'cc', 'cc');
}

/** Walks a path from `index`, node after node, until people must act, the flow ends, or the path runs out. */
export async function walk(run: Run, path: FlowNode[], index: number, parentTaskId: string | null): Promise<Reach | 'returned'> {
  for (let i = index; i < path.length; i++) {
    const node = path[i]!;
    switch (node.type) {
      case 'start':
        break;
      case 'end':
        await finish(run);
        return 'ended';
      case 'cc':
        await passCc(run, node, parentTaskId);
        break;
      case 'approval': {
        const reach = await activateApproval(run, node, parentTaskId);
        if (reach !== 'done') return reach;
        break;
      }
      case 'condition': {
        const values = (await recordOf(run))?.values ?? {};
        const initiator = await initiatorFacts(run);
        const branch = chooseBranch(node.branches, (when) => branchHolds(run.form.fields, when, values, initiator));
        if (!branch) throw fail.unprocessable('workflow.noBranch', { node: node.name || node.id });
        const reach = await walk(run, branch.nodes, 0, parentTaskId);
        if (reach !== 'done') return reach;
        break;
      }
      case 'parallel': {
        let waiting = false;
        for (const branch of node.branches) {
          const reach = await walk(run, branch.nodes, 0, parentTaskId);
          if (reach === 'returned' || reach === 'ended') return reach;
          if (reach === 'waiting') waiting = true;
        }
        if (waiting) return 'waiting';
        break;
      }
    }
  }
  return 'done';
}

/** Open tasks inside a gateway's branches: a parallel join waits while there are any (Part 2 §3.5). */
async function openInside(run: Run, gateway: FlowNode): Promise<boolean> {
  const ids = nodesInside(gateway).map((n) => n.id);
  if (!ids.length) return false;
  const row = await run.trx
    .selectFrom('workflow_task')
    .select('id')
    .where('instance_id', '=', run.instance.id)
    .where('node_id', 'in', ids)
    .where('state', 'in', ['pending', 'waiting'])
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The walk after a node is complete: on along its path, out through the gateways that hold it. */
export async function continueAfter(run: Run, nodeId: string, parentTaskId: string | null): Promise<Reach | 'returned'> {
  const place = run.places.get(nodeId);
  if (!place) throw new Error(`node ${nodeId} is not in the model`);
  const reach = await walk(run, place.path, place.index + 1, parentTaskId);
  if (reach !== 'done' || !place.gateway) return reach;
  if (place.gateway.type === 'parallel' && (await openInside(run, place.gateway))) return 'waiting';
  return continueAfter(run, place.gateway.id, parentTaskId);
}

/** The end is reached: approved, leftovers closed, the initiator told (Part 2 §3.6, I-3). */
export async function finish(run: Run): Promise<void> {
  await run.trx
    .updateTable('workflow_task')
    .set({ state: 'canceled', cancel_reason: 'nodeAborted', timer_at: null })
    .where('instance_id', '=', run.instance.id)
    .where('state', 'in', ['pending', 'waiting'])
    .execute();
  run.instance.state = 'approved';
  run.instance.finished_at = run.now;
  run.instance.returned_from = null;
  await logAction(run, 'finish', SYSTEM, { fromState: 'running', toState: 'approved' });
  await tell(run, [run.instance.initiator_id], 'approvalResult', 'approved');
}
