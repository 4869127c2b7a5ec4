import type { FilterGroup } from '../forms/filters.ts';

/**
 * The flow model of one form (docs/decisions/0053): a main path of nodes from start to end, where a
 * condition or parallel node holds branches that are paths of their own and meet again after the node. A nested
 * path (not a free graph) makes "every path reaches the end" a matter of shape, joins unambiguous and rollback
 * targets "upstream on a sequential path" easy to tell; the designer draws it on a canvas.
 */
export const NODE_TYPES = ['start', 'approval', 'cc', 'condition', 'parallel', 'end'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** Per node: what the handler may do with each form field (absent = read-only; on the start node absent = editable). */
export const FIELD_MODES = ['editable', 'readonly', 'hidden'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];
export type FieldModes = Record<string, FieldMode>;

export const APPROVAL_MODES = ['single', 'countersign', 'orSign', 'sequential'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/**
 * Who handles a node (Part 2 §4.1). `levels` counts up from the initiator (1 = his own department's head, his
 * direct superior); `field` names a member field of the record; the two "selects" are chosen by people at run time.
 */
export const ASSIGNEE_KINDS = [
  'members', 'roles', 'roleGroups', 'posts', 'deptHead', 'superior', 'memberField', 'initiator', 'initiatorSelects', 'previousSelects',
] as const;
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];
export interface AssigneeRule {
  kind: AssigneeKind;
  /** members, roles, roleGroups, posts. */
  ids?: string[];
  /** deptHead, superior: 1–10. */
  levels?: number;
  /** memberField: the field key. */
  field?: string;
}

/** Actions an approval node may offer besides approving (Part 1). */
export const NODE_ACTIONS = ['return', 'rollback', 'entrust', 'cc', 'interrupt'] as const;
export type NodeAction = (typeof NODE_ACTIONS)[number];

/** No assignee found (Part 2 §4.3): process managers by default; `block` refuses the submit or approval. */
export const EMPTY_POLICIES = ['assignManagers', 'autoApprove', 'assignUsers', 'returnToInitiator', 'block'] as const;
export type EmptyPolicy = (typeof EMPTY_POLICIES)[number];

/** The initiator among a node's assignees (Part 2 §4.4): he approves too, or he is skipped (unless alone). */
export const SELF_POLICIES = ['approve', 'skip'] as const;
export type SelfPolicy = (typeof SELF_POLICIES)[number];

/** What happens at the time limit (Part 2 §4.6); reminders repeat until `maxReminds`. */
export const TIMEOUT_ACTIONS = ['remind', 'autoApprove', 'autoReturn', 'escalate'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];
export interface TimeLimit {
  /** Work minutes (the space's work time) from the task's creation to its limit. */
  minutes: number;
  /** Work minutes before the limit when a first reminder goes; then every `remindEvery` after it. */
  remindBefore?: number;
  remindEvery?: number;
  maxReminds?: number;
  action: TimeoutAction;
}

export interface StartNode {
  id: string;
  type: 'start';
  name: string;
  fields: FieldModes;
  /** The initiator may pick CC recipients at submit. */
  initiatorCc?: boolean;
}
export interface ApprovalNode {
  id: string;
  type: 'approval';
  name: string;
  assignees: AssigneeRule[];
  mode: ApprovalMode;
  fields: FieldModes;
  actions: NodeAction[];
  emptyPolicy: EmptyPolicy;
  /** For `assignUsers`. */
  emptyUsers?: string[];
  selfPolicy: SelfPolicy;
  /** An opinion is required to approve. */
  reasonRequired?: boolean;
  timeLimit?: TimeLimit | null;
  /** Rollback may go to the node that led here only, or to any approval node passed upstream in this round. */
  rollbackTargets: 'previous' | 'anyPassed';
  /** After a rollback target is approved again: walk the path again, or jump back to the node that rolled back. */
  afterRollback: 'rerun' | 'jumpBack';
}
export interface CcNode {
  id: string;
  type: 'cc';
  name: string;
  assignees: AssigneeRule[];
  fields: FieldModes;
}
/** A branch's condition: every part given must hold; all parts empty or absent = the default branch. */
export interface BranchCondition {
  filter?: FilterGroup | null;
  initiatorDepartments?: string[];
  initiatorRoles?: string[];
}
export interface Branch {
  id: string;
  name: string;
  /** Null on the default ("otherwise") branch of a condition node, and on every parallel branch. */
  when: BranchCondition | null;
  nodes: FlowNode[];
}
export interface ConditionNode {
  id: string;
  type: 'condition';
  name: string;
  /** Evaluated in order; the first that holds wins; the default branch when none does. */
  branches: Branch[];
}
export interface ParallelNode {
  id: string;
  type: 'parallel';
  name: string;
  branches: Branch[];
}
export interface EndNode {
  id: string;
  type: 'end';
  name: string;
}
export type FlowNode = StartNode | ApprovalNode | CcNode | ConditionNode | ParallelNode | EndNode;

export interface FlowSettings {
  /** The initiator may withdraw while no person has acted in this round. */
  allowWithdraw: boolean;
  /** An approver may take back his decision while the tasks it created are untouched. */
  allowRetrieve: boolean;
  initiatorMayInterrupt: boolean;
  /** Automatic de-duplication across approval nodes of one round (Part 2 §4.5). */
  autoDedupe: 'none' | 'all' | 'consecutive';
  /** Process managers: monitor, intervene, and the default handlers of a node without one. */
  managers: string[];
  allowInvalidateApproved: boolean;
}

export interface FlowModel {
  nodes: FlowNode[];
  settings: FlowSettings;
}

/** Instance states (Part 2 §5.1) and task states (§6.1). */
export const INSTANCE_STATES = ['draft', 'running', 'returned', 'withdrawn', 'interrupted', 'approved', 'invalid'] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];
export const TASK_STATES = ['waiting', 'pending', 'approved', 'returned', 'rolledBack', 'canceled'] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** How an operator came to act: himself, as an agent, trustee or accepted entrustee, the system, a process manager. */
export const VIAS = ['user', 'agent', 'trustee', 'entrustee', 'system', 'manager'] as const;
export type Via = (typeof VIAS)[number];

/** Everything a person may do on an instance (spec §4 workflow actions). */
export const FLOW_ACTIONS = [
  'submit', 'saveDraft', 'approve', 'return', 'rollback', 'withdraw', 'retrieve', 'interrupt', 'recover', 'invalidate',
  'entrust', 'cancelEntrust', 'acceptEntrust', 'refuseEntrust', 'urge', 'cc',
] as const;
export type FlowAction = (typeof FLOW_ACTIONS)[number];

/** What an application agent may do for his principal (spec §3 Agent; Part 1 §9); hosting holds all four. */
export const AGENT_PERMS = ['handleTodo', 'createData', 'editData', 'returnWorkflow'] as const;
export type AgentPerm = (typeof AGENT_PERMS)[number];

export const FLOW_LIMITS = {
  /** Reasons and CC notes, in Unicode code points (spec §5). */
  reason: 60,
  nodes: 200,
  branches: 10,
  depth: 6,
  name: 40,
  levels: 10,
  assignees: 200,
  /** Urge: once per task per this many minutes (Part 1 §7). */
  urgeMinutes: 60,
  timeLimitMinutes: 60 * 24 * 365,
} as const;

export const DEFAULT_SETTINGS: FlowSettings = {
  allowWithdraw: true,
  allowRetrieve: true,
  initiatorMayInterrupt: false,
  autoDedupe: 'none',
  managers: [],
  allowInvalidateApproved: false,
};

/** A flow with nothing but a start, one approval by the initiator's direct superior, and the end. */
export function starterModel(): FlowModel {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '', fields: {} },
      {
        id: 'n1', type: 'approval', name: '', assignees: [{ kind: 'superior', levels: 1 }], mode: 'single', fields: {},
        actions: ['return', 'rollback', 'entrust', 'cc'], emptyPolicy: 'assignManagers', selfPolicy: 'approve', rollbackTargets: 'previous', afterRollback: 'rerun',
      },
      { id: 'end', type: 'end', name: '' },
    ],
    settings: { ...DEFAULT_SETTINGS },
  };
}

/** Trimmed, 1–60 code points, no control characters (Part 1 §10); null when it is fine. */
export function reasonProblem(text: string | null | undefined, required: boolean): 'required' | 'tooLong' | 'control' | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return required ? 'required' : null;
  if ([...trimmed].length > FLOW_LIMITS.reason) return 'tooLong';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(trimmed)) return 'control';
  return null;
}
