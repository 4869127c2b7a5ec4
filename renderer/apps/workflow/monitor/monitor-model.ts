import type { PickedItem } from '../../../../shared/org/picker.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { NODE_ID } from '../../../../shared/workflow/model-shape.ts';
import { type ApprovalNode, type FlowModel, type FlowNode, type TaskState } from '../../../../shared/workflow/model.ts';
import { placesOf } from '../../../../shared/workflow/walk.ts';
import { pathTo } from '../../../shell/paths.ts';
import { reasonCheck } from '../run/flow-model.ts';

/**
 * The monitoring page's data and rules, kept free of React so they are tested alone. Answer shapes follow
 * server/apps/workflow/monitor-routes.ts and detail.ts; times arrive as ISO strings.
 */
export interface MonitorRow {
  id: string;
  formId: string;
  appId: string;
  recordId: string | null;
  title: string;
  formName: string | null;
  state: 'running' | 'interrupted';
  currentNodes: string[];
  initiatorId: string;
  /** When the instance last moved: how long it has been waiting. */
  since: string;
  submittedAt: string | null;
  /** The earliest time limit of its open to-dos. */
  dueAt: string | null;
  /** Handlers of its open (pending) to-dos. */
  assignees: string[];
  overdue: boolean;
}

export interface MonitorPage {
  rows: MonitorRow[];
  users: Record<string, string>;
  /** An offset to send back as `after`; null on the last page. */
  next: string | null;
}

export interface MonitorFilters {
  formId: string | null;
  nodeId: string;
  assignee: PickedItem | null;
  /** "Waiting more than N hours"; null = any age. */
  olderThanHours: number | null;
  overdue: boolean;
}

export const EMPTY_FILTERS: MonitorFilters = { formId: null, nodeId: '', assignee: null, olderThanHours: null, overdue: false };

/** The server's bound of `olderThanHours` (shared/api/workflow.ts MonitorQuery). */
export const MAX_HOURS = 100_000;
export const PAGE_SIZE = 20;

/** What is wrong with the filters before they are sent; the server's schema would refuse the same with a 400. */
export function filtersProblem(filters: MonitorFilters): 'nodeId' | 'hours' | null {
  const node = filters.nodeId.trim();
  if (node && !NODE_ID.test(node)) return 'nodeId';
  const hours = filters.olderThanHours;
  if (hours !== null && (!Number.isInteger(hours) || hours < 0 || hours > MAX_HOURS)) return 'hours';
  return null;
}

/** GET /api/workflow/monitor's query: only the filters set, and the paging offset. */
export function queryOf(filters: MonitorFilters, after: string | null, limit = PAGE_SIZE): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = { limit };
  if (filters.formId) query['formId'] = filters.formId;
  if (filters.nodeId.trim()) query['nodeId'] = filters.nodeId.trim();
  if (filters.assignee) query['assigneeId'] = filters.assignee.id;
  if (filters.olderThanHours !== null) query['olderThanHours'] = filters.olderThanHours;
  if (filters.overdue) query['overdue'] = true;
  if (after) query['after'] = after;
  return query;
}

export const isFiltered = (filters: MonitorFilters) => filtersProblem(filters) === null && Object.keys(queryOf(filters, null)).length > 1;

/**
 * A running instance that has waited this long without an overdue limit is "stalled": most steps are handled
 * within a working day or two, so three days without movement is worth a manager's look.
 */
export const STALLED_HOURS = 72;
const HOUR = 3_600_000;

export interface RowFlags {
  overdue: boolean;
  /** Running with no open to-do anyone holds: nothing will move it but an intervention. */
  noHandler: boolean;
  stalled: boolean;
  waitedMs: number;
}

export function rowFlags(row: MonitorRow, now: number): RowFlags {
  const since = Date.parse(row.since);
  const waitedMs = Number.isNaN(since) ? 0 : Math.max(0, now - since);
  const running = row.state === 'running';
  return {
    overdue: row.overdue,
    noHandler: running && row.assignees.length === 0,
    stalled: running && !row.overdue && waitedMs >= STALLED_HOURS * HOUR,
    waitedMs,
  };
}

/** Whole days and hours of a wait (under an hour: zero of both, which the page words as "less than an hour"). */
export function ageParts(ms: number): { days: number; hours: number } {
  const hours = Math.floor(ms / HOUR);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** A further page after the rows shown; a row already there (the order moved meanwhile) is not shown twice. */
export function appendRows(old: readonly MonitorRow[], page: readonly MonitorRow[]): MonitorRow[] {
  const seen = new Set(old.map((r) => r.id));
  return [...old, ...page.filter((r) => !seen.has(r.id))];
}

/**
 * The forms to filter by: those met in any answer so far (the server has no list of monitored forms), kept once
 * seen so that choosing one does not empty the choice of the others.
 */
export function rememberForms(known: ReadonlyMap<string, string>, rows: readonly MonitorRow[]): Map<string, string> {
  const next = new Map(known);
  for (const row of rows) if (!next.has(row.formId) || row.formName) next.set(row.formId, row.formName ?? `#${row.formId}`);
  return next;
}

export const INTERVENTIONS = ['reassign', 'jump', 'interrupt', 'recover', 'invalidate'] as const;
export type Intervention = (typeof INTERVENTIONS)[number];

/** What the server accepts in each state: reassign and jump need a running flow, recover an interrupted one. */
export function interventionsFor(state: MonitorRow['state']): Intervention[] {
  return state === 'running' ? ['reassign', 'jump', 'interrupt', 'invalidate'] : ['recover', 'invalidate'];
}

/** The interventions that need the instance's detail: its open to-dos, or its model's approval steps. */
export const needsDetail = (action: Intervention) => action === 'reassign' || action === 'jump' || action === 'recover';

/** The part of GET /api/workflow/instances/:id the dialogs read. */
export interface DetailTask {
  id: string;
  nodeId: string;
  state: TaskState;
  assigneeId: string;
}
export interface MonitorDetail {
  instance: { id: string; state: string; currentNodes: string[] };
  model: FlowModel;
  tasks: DetailTask[];
  users: Record<string, string>;
}

/** The to-dos a manager may hand to someone else: open now, or waiting their turn in a sequential step. */
export const reassignable = (detail: MonitorDetail) => detail.tasks.filter((t) => t.state === 'pending' || t.state === 'waiting');

/** Every approval step of the model, branches included, in the order they are drawn. */
export function approvalSteps(model: FlowModel): ApprovalNode[] {
  return [...placesOf(model).values()].map((p) => p.node).filter((n): n is ApprovalNode => n.type === 'approval');
}

export function nodeNames(model: FlowModel): Map<string, FlowNode> {
  return new Map([...placesOf(model)].map(([id, place]) => [id, place.node]));
}

/** What the reason box shows: an intervention's reason is always required (the run dialogs' one check). */
export const reasonView = (text: string) => reasonCheck(text, true);

export interface InterventionInput {
  reason: string;
  taskId?: string;
  to?: string;
  target?: string;
}

/** What is missing before an intervention can be sent (besides the reason, checked by `reasonView`). */
export function missingOf(action: Intervention, input: InterventionInput): 'task' | 'to' | 'target' | null {
  if (action === 'reassign') return !input.taskId ? 'task' : !input.to ? 'to' : null;
  if (action === 'jump' && !input.target) return 'target';
  return null;
}

/**
 * The call of an intervention: reassign and jump are the monitor's own endpoints; interrupt, recover and
 * invalidate are the instance actions every party uses, the server telling a manager by his role or the flow.
 */
export function requestOf(action: Intervention, instanceId: string, input: InterventionInput): { path: string; body: Record<string, string> } {
  const id = encodeURIComponent(instanceId);
  const reason = input.reason.trim();
  if (action === 'reassign') return { path: `/api/workflow/monitor/instances/${id}/reassign`, body: { taskId: input.taskId ?? '', to: input.to ?? '', reason } };
  if (action === 'jump') return { path: `/api/workflow/monitor/instances/${id}/jump`, body: { target: input.target ?? '', reason } };
  const body: Record<string, string> = { reason };
  if (action === 'recover' && input.target) body['target'] = input.target;
  return { path: `/api/workflow/instances/${id}/${action}`, body };
}

/** The record's detail page (the flow panel is there); an instance without a record opens by its id. */
export function recordPath(match: RouteMatch, row: Pick<MonitorRow, 'appId' | 'formId' | 'recordId' | 'id'>): string {
  const params = { app: row.appId, form: row.formId };
  return pathTo(match, 'forms.detail', params, row.recordId ? { id: row.recordId } : { instance: row.id });
}
