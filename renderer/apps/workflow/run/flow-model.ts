import type { ApprovalNode, FieldModes, FlowModel, FlowNode } from '../../../../shared/workflow/model.ts';
import { FLOW_LIMITS, reasonProblem } from '../../../../shared/workflow/model.ts';
import { placesOf } from '../../../../shared/workflow/walk.ts';
import type { FlowCan, FlowDetail, MyTask, TimelineEntry } from './types.ts';

/**
 * The pure parts of the run-time screens: where an instance stands per node, what a caller may do, how reasons
 * are counted and how people are named. Kept free of React so they are tested without rendering.
 */

/** done / waiting for someone now / the node that sent it back / where an interrupt stopped it / not reached. */
export type NodeStatus = 'done' | 'current' | 'sentBack' | 'stopped' | 'pending';

const EDITABLE_STATES = ['draft', 'returned', 'withdrawn'];

type StatusInput = Pick<FlowDetail, 'model' | 'tasks' | 'instance' | 'timeline'>;

/**
 * Each node's status in the instance's current round. The server says which nodes hold open tasks
 * (`currentNodes`); the tasks of the round tell what happened at the others — the latest task of a node wins, as a
 * rolled-back node is run again — and the log tells about nodes without tasks (automatic approvals, CC nodes).
 */
export function nodeStatuses({ model, tasks, instance, timeline }: StatusInput): Map<string, NodeStatus> {
  const statuses = new Map<string, NodeStatus>();
  const current = new Set(instance.state === 'running' ? instance.currentNodes : []);
  const lastStop = [...timeline].reverse().find((e) => e.action === 'interrupt');
  const stopped = new Set(instance.state === 'interrupted' ? (lastStop?.toNodes ?? []) : []);
  const latest = new Map<string, FlowDetail['tasks'][number]>();
  for (const task of tasks) latest.set(task.nodeId, task);
  const passedBySystem = new Set(timeline.filter((e) => e.round === instance.round && (e.action === 'autoApprove' || (e.action === 'cc' && e.via === 'system'))).map((e) => e.fromNode));

  const own = (node: FlowNode): NodeStatus => {
    if (node.type === 'start') return EDITABLE_STATES.includes(instance.state) ? 'current' : 'done';
    if (node.type === 'end') return instance.state === 'approved' ? 'done' : 'pending';
    if (current.has(node.id)) return 'current';
    if (stopped.has(node.id)) return 'stopped';
    const task = latest.get(node.id);
    if (task?.state === 'approved') return 'done';
    if (task?.state === 'returned' || task?.state === 'rolledBack') return 'sentBack';
    if (task && (task.state === 'pending' || task.state === 'waiting') && instance.state === 'running') return 'current';
    return passedBySystem.has(node.id) ? 'done' : 'pending';
  };
  const visit = (nodes: readonly FlowNode[]) => {
    for (const node of nodes) {
      if (node.type === 'condition' || node.type === 'parallel') {
        for (const branch of node.branches) visit(branch.nodes);
        const inside = node.branches.flatMap((b) => b.nodes.map((n) => statuses.get(n.id)));
        const gate: NodeStatus = inside.includes('current') ? 'current' : inside.includes('stopped') ? 'stopped' : inside.some((s) => s === 'done' || s === 'sentBack') ? 'done' : 'pending';
        statuses.set(node.id, gate);
      } else {
        statuses.set(node.id, own(node));
      }
    }
  };
  visit(model.nodes);
  return statuses;
}

/** Every node of the model by id (branches inside branches included). */
export function nodeIndex(model: FlowModel): Map<string, FlowNode> {
  return new Map([...placesOf(model)].map(([id, place]) => [id, place.node]));
}

/** The approval nodes the walk reaches first after `from` (CC nodes pass; every branch of a gateway counts). */
function firstApprovals(path: readonly FlowNode[], from: number): { found: ApprovalNode[]; through: boolean } {
  const found: ApprovalNode[] = [];
  for (let i = from; i < path.length; i++) {
    const node = path[i]!;
    if (node.type === 'approval') return { found: [...found, node], through: false };
    if (node.type === 'end') return { found, through: false };
    if (node.type === 'condition' || node.type === 'parallel') {
      let passes = false;
      for (const branch of node.branches) {
        const inner = firstApprovals(branch.nodes, 0);
        found.push(...inner.found);
        passes ||= inner.through;
      }
      if (!passes) return { found, through: false };
    }
  }
  return { found, through: true };
}

/**
 * The approval nodes an approver's decision may lead to next, outwards past the gateways that hold his node.
 * Those whose handlers "the previous approver selects" need his choice with the approval.
 */
export function nextApprovals(model: FlowModel, nodeId: string): ApprovalNode[] {
  const places = placesOf(model);
  const found: ApprovalNode[] = [];
  let place = places.get(nodeId);
  while (place) {
    const step = firstApprovals(place.path, place.index + 1);
    found.push(...step.found);
    if (!step.through) break;
    place = place.gateway ? places.get(place.gateway.id) : undefined;
  }
  return [...new Map(found.map((n) => [n.id, n])).values()];
}

const picks = (node: ApprovalNode, kind: 'initiatorSelects' | 'previousSelects') => node.assignees.some((a) => a.kind === kind);

export const previousSelectNodes = (model: FlowModel, nodeId: string) => nextApprovals(model, nodeId).filter((n) => picks(n, 'previousSelects'));

/** Approval nodes whose handlers the initiator picks when he (re)submits. */
export function initiatorSelectNodes(model: FlowModel): ApprovalNode[] {
  return [...nodeIndex(model).values()].filter((n): n is ApprovalNode => n.type === 'approval' && picks(n, 'initiatorSelects'));
}

export const approvalNodes = (model: FlowModel) => [...nodeIndex(model).values()].filter((n): n is ApprovalNode => n.type === 'approval');

/** The reason box's counter and verdict: code points of the trimmed text, as the server counts (Part 1 §10). */
export function reasonCheck(text: string, required: boolean): { count: number; max: number; problem: ReturnType<typeof reasonProblem> } {
  return { count: [...text.trim()].length, max: FLOW_LIMITS.reason, problem: reasonProblem(text, required) };
}

/** Actions that carry a reason or note, and those where it is required (Part 1 §10). */
const WITH_REASON = ['approve', 'saveTaskDraft', 'return', 'rollback', 'withdraw', 'retrieve', 'interrupt', 'recover', 'invalidate', 'entrust', 'refuseEntrust', 'urge', 'cc'];
const REASON_REQUIRED = ['return', 'rollback', 'interrupt', 'invalidate', 'refuseEntrust'];
export const takesReason = (action: string) => WITH_REASON.includes(action);
export const reasonRequired = (action: string, task?: MyTask | null) => REASON_REQUIRED.includes(action) || (action === 'approve' && task?.reasonRequired === true);
export const DANGER_ACTIONS = ['return', 'rollback', 'interrupt', 'invalidate', 'refuseEntrust'];

/** What one may do on a task, in the order the bar shows them; rollback only with somewhere to go. */
export function taskActions(task: MyTask): string[] {
  const order = ['acceptEntrust', 'refuseEntrust', 'approve', 'return', 'rollback', 'entrust', 'cc', 'saveTaskDraft', 'cancelEntrust'];
  return order.filter((a) => task.actions.includes(a) && (a !== 'rollback' || task.rollbackTargets.length > 0));
}

/** One button of the instance's own actions; `taskId` for those about one task (retrieve, cancel entrust). */
export interface InstanceAction {
  action: string;
  taskId?: string;
}

export function instanceActions(can: FlowCan, taskLevel: readonly MyTask[]): InstanceAction[] {
  const found: InstanceAction[] = [];
  if (can.submit) found.push({ action: 'submit' });
  if (can.saveDraft) found.push({ action: 'saveDraft' });
  if (can.withdraw) found.push({ action: 'withdraw' });
  for (const taskId of can.retrieve) found.push({ action: 'retrieve', taskId });
  const offeredOnTask = new Set(taskLevel.filter((t) => t.actions.includes('cancelEntrust')).map((t) => t.taskId));
  for (const taskId of can.cancelEntrust) if (!offeredOnTask.has(taskId)) found.push({ action: 'cancelEntrust', taskId });
  if (can.urge) found.push({ action: 'urge' });
  if (can.interrupt) found.push({ action: 'interrupt' });
  if (can.recover) found.push({ action: 'recover' });
  if (can.invalidate) found.push({ action: 'invalidate' });
  return found;
}

/** The fields one may change now: the task's editable ones, or the start node's while the initiator edits. */
export function editableKeys(detail: Pick<FlowDetail, 'fields' | 'can'>, task: MyTask | null): string[] {
  const modes: FieldModes = task ? (task.as === 'answer' ? {} : task.fields) : detail.can.submit ? detail.fields : {};
  return Object.entries(modes).filter(([, mode]) => mode === 'editable').map(([key]) => key);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only what changed among `keys` goes with a decision (the server refuses fields the node does not open). */
export function changedAmong(keys: readonly string[], before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => Object.hasOwn(after, k) && !same(before[k], after[k])).map((k) => [k, after[k] ?? null]));
}

export const personName = (users: Record<string, string>, id: string | null | undefined) => (id ? (users[id] ?? `#${id}`) : '');

/** Who acted: "B (on behalf of A)" when an agent, trustee or entrustee acted for someone; null = the system. */
export function actorOf(entry: Pick<TimelineEntry, 'operatorId' | 'onBehalfOf' | 'via'>, users: Record<string, string>): { operator: string | null; principal: string | null } {
  if (!entry.operatorId || entry.via === 'system') return { operator: null, principal: null };
  const proxied = entry.onBehalfOf && entry.onBehalfOf !== entry.operatorId && ['agent', 'trustee', 'entrustee'].includes(entry.via);
  return { operator: personName(users, entry.operatorId), principal: proxied ? personName(users, entry.onBehalfOf) : null };
}

/** The system writes message keys as reasons (workflow.auto.*); people write text. */
export const isMessageKey = (reason: string) => /^workflow\.[A-Za-z]+(\.[A-Za-z]+)+$/.test(reason);

/** A node's label: its name, or its type's when the designer left it blank. */
export const nodeLabel = (node: FlowNode | undefined, typeName: (type: string) => string, fallback = '') => (node ? node.name.trim() || typeName(node.type) : fallback);
