import type { Insertable } from 'kysely';
import type { Actor, NewEvent } from '../../../../shared/events.ts';
import type { WorkflowActionTable } from '../tables.ts';
import type { InstanceRow, Run } from './run.ts';

type Logged = Insertable<WorkflowActionTable>;

const actorOf = (log: Logged, instanceId: string): Actor =>
  log.operator_id
    ? log.on_behalf_of && log.on_behalf_of !== log.operator_id
      ? { kind: 'agent', userId: String(log.operator_id), onBehalfOf: String(log.on_behalf_of) }
      : { kind: 'member', userId: String(log.operator_id) }
    : { kind: 'service', service: 'workflow', id: instanceId };

/**
 * The domain events of one action (decision 0093), read off its timeline rows and the nodes it opened: started
 * (submit, resubmit), approved, returned, finished, and a node entered for each node that holds open tasks now and
 * did not before. Raised in the action's own transaction, in that order.
 */
export async function raiseFlowEvents(run: Run, logs: readonly Logged[], before: readonly string[], after: InstanceRow): Promise<void> {
  const events = run.kernel.events;
  if (!after.record_id) return;
  const instanceId = String(after.id);
  const subject = { formId: String(after.form_id), recordId: String(after.record_id), instanceId };
  const raised: NewEvent[] = [];
  for (const log of logs) {
    const base = { actor: actorOf(log, instanceId), cause: [] };
    const node = { nodeId: String(log.from_node ?? ''), taskId: String(log.task_id ?? '') };
    if ((log.action === 'submit' || log.action === 'resubmit') && events.wanted('workflow.instance.started')) {
      raised.push({ ...base, type: 'workflow.instance.started', data: { ...subject, flowId: `${after.form_id}:${after.flow_version}` } });
    } else if ((log.action === 'approve' || log.action === 'autoApprove') && events.wanted('workflow.task.approved')) {
      raised.push({ ...base, type: 'workflow.task.approved', data: { ...subject, ...node } });
    } else if (log.action === 'return' && events.wanted('workflow.task.returned')) {
      raised.push({ ...base, type: 'workflow.task.returned', data: { ...subject, ...node } });
    } else if (log.action === 'finish' && events.wanted('workflow.instance.finished')) {
      raised.push({ ...base, type: 'workflow.instance.finished', data: { ...subject, outcome: String(log.to_state ?? after.state) } });
    }
  }
  if (events.wanted('workflow.node.entered')) {
    for (const nodeId of after.current_nodes.filter((n) => !before.includes(n))) {
      raised.push({ actor: { kind: 'service', service: 'workflow', id: instanceId }, cause: [], type: 'workflow.node.entered', data: { ...subject, nodeId } });
    }
  }
  if (raised.length) await events.emit(run.trx, run.spaceId, raised);
}
