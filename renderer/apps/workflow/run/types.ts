import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FieldModes, FlowModel, InstanceState, TaskState, Via } from '../../../../shared/workflow/model.ts';

/**
 * Answer shapes of the workflow run-time API as the screens read them (server/apps/workflow/detail.ts,
 * run-routes.ts, todo-routes.ts). Times arrive as ISO strings.
 */
export type TaskRole = 'user' | 'agent' | 'trustee' | 'entrustee' | 'answer';

export interface FlowInstance {
  id: string;
  formId: string;
  appId: string;
  recordId: string | null;
  state: InstanceState;
  round: number;
  currentNodes: string[];
  initiatorId: string;
  submitterId: string | null;
  title: string;
  createdAt: string;
  submittedAt: string | null;
  finishedAt: string | null;
  version: number;
}

export interface FlowTask {
  id: string;
  nodeId: string;
  state: TaskState;
  ownerId: string;
  assigneeId: string;
  entrustState: 'none' | 'requested' | 'accepted';
  entrusteeId: string | null;
  decidedBy: string | null;
  onBehalfOf: string | null;
  via: Via | null;
  reason: string | null;
  decidedAt: string | null;
  createdAt: string;
  dueAt: string | null;
  cancelReason: string | null;
}

export interface TimelineEntry {
  id: string;
  round: number;
  action: string;
  operatorId: string | null;
  onBehalfOf: string | null;
  via: Via;
  fromNode: string | null;
  toNodes: string[];
  reason: string | null;
  at: string;
  taskId: string | null;
}

export interface CcEntry {
  recipientId: string;
  fromUserId: string | null;
  nodeId: string;
  note: string | null;
  at: string;
  round: number;
}

/** A task the caller may work now, and what he may do with it. */
export interface MyTask {
  taskId: string;
  nodeId: string;
  as: TaskRole;
  actions: string[];
  reasonRequired: boolean;
  fields: FieldModes;
  rollbackTargets: string[];
  /** saveTaskDraft's `{ reason, values }`, or null. */
  draft: { reason?: string; values?: Record<string, unknown> } | null;
}

export interface FlowCan {
  submit: boolean;
  saveDraft: boolean;
  withdraw: boolean;
  retrieve: string[];
  urge: boolean;
  interrupt: boolean;
  recover: boolean;
  invalidate: boolean;
  cancelEntrust: string[];
}

/** `data` of GET /api/workflow/instances/:id and GET /api/workflow/forms/:formId/records/:recordId. */
export interface FlowDetail {
  instance: FlowInstance;
  /** `fields`: the form's fields the viewer may see (the node's hidden ones left out). */
  form: { id: string; name: string; appId: string; appName: string; fields?: FieldDef[] };
  model: FlowModel;
  tasks: FlowTask[];
  timeline: TimelineEntry[];
  cc: CcEntry[];
  values: Record<string, unknown>;
  fields: FieldModes;
  myTasks: MyTask[];
  can: FlowCan;
  users: Record<string, string>;
}

/** `data.flow` of GET /api/workflow/forms/:formId/start. */
export interface StartFlow {
  version: number;
  fields: FieldModes;
  initiatorCc: boolean;
  choose: Array<{ id: string; name: string }>;
  /** Members the caller may start it for, as their agent with "new data" or their trustee. */
  principals?: Array<{ id: string; name: string }>;
}

/** Body of POST /api/workflow/instances/:id/:action (shared/api/workflow.ts ActionBody). */
export interface ActionInput {
  taskId?: string;
  reason?: string;
  values?: Record<string, unknown>;
  selections?: Record<string, string[]>;
  target?: string;
  to?: string;
  userIds?: string[];
}
