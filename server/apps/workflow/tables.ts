import type { ColumnType } from 'kysely';
import type { FlowModel, InstanceState, TaskState, Via } from '../../../shared/workflow/model.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<string, never, never>;
type Json<T> = ColumnType<T, string, string>;

/** migrations/0001_workflow.sql. */
export interface WorkflowFlowTable {
  space_id: string;
  form_id: string;
  draft: ColumnType<FlowModel | null, string | null | undefined, string | null>;
  draft_updated_at: Date | null;
  draft_updated_by: string | null;
  version: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface WorkflowFlowVersionTable {
  space_id: string;
  form_id: string;
  version: number;
  model: Json<FlowModel>;
  published_by: string | null;
  published_at: Timestamp;
}

export interface WorkflowInstanceTable {
  space_id: string;
  id: Id;
  form_id: string;
  app_id: string;
  record_id: string | null;
  draft_values: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  flow_version: number;
  title: ColumnType<string, string | undefined, string>;
  initiator_id: string;
  submitter_id: string | null;
  state: InstanceState;
  round: ColumnType<number, number | undefined, number>;
  current_nodes: ColumnType<string[], string[] | undefined, string[]>;
  interrupted_nodes: ColumnType<string[], string[] | undefined, string[]>;
  returned_from: string | null;
  returned_nodes: ColumnType<string[], string[] | undefined, string[]>;
  selections: ColumnType<Record<string, string[]>, string | undefined, string>;
  lock_version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  submitted_at: Date | null;
  updated_at: Timestamp;
  finished_at: Date | null;
}

export interface WorkflowTaskTable {
  space_id: string;
  id: Id;
  instance_id: string;
  form_id: string;
  app_id: string;
  round: number;
  node_id: string;
  activation: ColumnType<number, number | undefined, number>;
  parent_task_id: string | null;
  seq: ColumnType<number, number | undefined, number>;
  owner_id: string;
  assignee_id: string;
  entrust_state: ColumnType<'none' | 'requested' | 'accepted', 'none' | 'requested' | 'accepted' | undefined, 'none' | 'requested' | 'accepted'>;
  entrustee_id: string | null;
  state: TaskState;
  cancel_reason: string | null;
  decided_by: string | null;
  on_behalf_of: string | null;
  via: Via | null;
  reason: string | null;
  decided_at: Date | null;
  viewed_at: Date | null;
  due_at: Date | null;
  timer_at: Date | null;
  remind_count: ColumnType<number, number | undefined, number>;
  last_urged_at: Date | null;
  draft: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface WorkflowCcTable {
  space_id: string;
  id: Id;
  instance_id: string;
  round: number;
  node_id: string;
  task_id: string | null;
  recipient_id: string;
  from_user_id: string | null;
  note: string | null;
  read_at: Date | null;
  created_at: Timestamp;
}

export interface WorkflowActionTable {
  space_id: string;
  id: Id;
  instance_id: string;
  round: number;
  task_id: string | null;
  action: string;
  operator_id: string | null;
  on_behalf_of: string | null;
  via: Via;
  from_state: string | null;
  to_state: string | null;
  from_node: string | null;
  to_nodes: ColumnType<string[], string[] | undefined, never>;
  reason: string | null;
  payload: ColumnType<Record<string, unknown>, string | undefined, never>;
  at: Timestamp;
}

export interface WorkflowAgentTable {
  space_id: string;
  id: Id;
  principal_id: string;
  agent_id: string;
  apps: string[];
  perms: string[];
  valid_from: ColumnType<string, string, string>;
  valid_to: ColumnType<string, string, string>;
  state: ColumnType<'agenting' | 'recycled' | 'invalid' | 'expired', 'agenting' | undefined, 'agenting' | 'recycled' | 'invalid' | 'expired'>;
  note: ColumnType<string, string | undefined, string>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkflowHostingTable {
  space_id: string;
  user_id: string;
  trustee_id: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    workflow_flow: WorkflowFlowTable;
    workflow_flow_version: WorkflowFlowVersionTable;
    workflow_instance: WorkflowInstanceTable;
    workflow_task: WorkflowTaskTable;
    workflow_cc: WorkflowCcTable;
    workflow_action: WorkflowActionTable;
    workflow_agent: WorkflowAgentTable;
    workflow_hosting: WorkflowHostingTable;
  }
}
