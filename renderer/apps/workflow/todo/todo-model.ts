import type { TodoBox } from '../../../../shared/api/workflow.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import type { InstanceState, TaskState, Via } from '../../../../shared/workflow/model.ts';
import { pathTo } from '../../../shell/paths.ts';

/**
 * One row of GET /api/workflow/todo (server/apps/workflow/todo-routes.ts). The boxes answer different columns;
 * all carry the instance, its form and record, its title and initiator, a time and the paging key.
 */
export interface TodoRow {
  key: string;
  instanceId: string;
  formId: string;
  appId: string;
  recordId: string | null;
  title: string;
  formName: string | null;
  initiatorId: string;
  at: string;
  /** todo, done. */
  taskId?: string;
  nodeId?: string;
  /** Not answered today; shown when a newer server names the node. */
  nodeName?: string;
  /** todo: whose task it is (someone else's: a principal's, worked as his agent or trustee). */
  assigneeId?: string;
  entrustState?: 'none' | 'requested' | 'accepted';
  dueAt?: string | null;
  urgedAt?: string | null;
  viewedAt?: string | null;
  /** done. */
  decision?: TaskState;
  onBehalfOf?: string | null;
  via?: Via | null;
  instanceState?: InstanceState;
  /** initiated, drafts, cc. */
  state?: InstanceState;
  currentNodes?: string[];
  /** cc. */
  fromUserId?: string | null;
  note?: string | null;
  readAt?: string | null;
}

export interface TodoPage {
  rows: TodoRow[];
  users: Record<string, string>;
  next: string | null;
}

export interface TodoCounts {
  todo: number;
  ccUnread: number;
  drafts: number;
}

export const BOXES: readonly TodoBox[] = ['todo', 'done', 'initiated', 'cc', 'drafts'];

/** What a row shows, worked out once so the list only lays it out. */
export interface RowView {
  title: string;
  form: string;
  initiator: string;
  node: string | null;
  at: string;
  /** A pending to-do's time limit, and whether it has passed. */
  due: { at: string; overdue: boolean } | null;
  /** The principal whose to-do this is (agent or trustee), or for whom it was done. */
  onBehalfOf: string | null;
  /** An entrustment waiting for my accept or refuse. */
  awaitingAnswer: boolean;
  urged: boolean;
  unread: boolean;
  /** The instance's state (initiated, drafts, cc, and done: where it stands now). */
  state: InstanceState | null;
  /** My decision (done). */
  decision: TaskState | null;
  via: Via | null;
  /** Who copied it to me; null = a CC node (cc box only). */
  from: string | null;
  note: string | null;
}

const name = (users: Record<string, string>, id: string | null | undefined) => (id ? (users[id] ?? `#${id}`) : null);

export function rowView(row: TodoRow, box: TodoBox, me: string | null, users: Record<string, string>, now: number): RowView {
  const todo = box === 'todo';
  const awaitingAnswer = todo && row.entrustState === 'requested';
  const principal = todo ? (!awaitingAnswer && row.assigneeId && row.assigneeId !== me ? row.assigneeId : null) : box === 'done' ? (row.onBehalfOf ?? null) : null;
  const dueTime = todo && row.dueAt ? Date.parse(row.dueAt) : NaN;
  return {
    title: row.title.trim() || row.formName || `#${row.instanceId}`,
    form: row.formName ?? '',
    initiator: name(users, row.initiatorId) ?? '',
    node: row.nodeName?.trim() || null,
    at: row.at,
    due: Number.isNaN(dueTime) ? null : { at: row.dueAt!, overdue: dueTime < now },
    onBehalfOf: name(users, principal),
    awaitingAnswer,
    urged: todo && !!row.urgedAt,
    unread: (todo && !row.viewedAt) || (box === 'cc' && !row.readAt),
    state: box === 'done' ? (row.instanceState ?? null) : (row.state ?? null),
    decision: box === 'done' ? (row.decision ?? null) : null,
    via: box === 'done' && row.via && row.via !== 'user' ? row.via : null,
    from: box === 'cc' ? name(users, row.fromUserId) : null,
    note: box === 'cc' ? (row.note ?? null) : null,
  };
}

/** The record's detail page; a draft without a record opens by its instance. */
export function rowHref(match: RouteMatch, row: Pick<TodoRow, 'appId' | 'formId' | 'recordId' | 'instanceId'>): string {
  const params = { app: row.appId, form: row.formId };
  return row.recordId ? pathTo(match, 'forms.detail', params, { id: row.recordId }) : pathTo(match, 'forms.detail', params, { instance: row.instanceId });
}

/** A further page after the rows shown; a row already there (the list moved meanwhile) is not shown twice. */
export function appendRows(old: readonly TodoRow[], page: readonly TodoRow[]): TodoRow[] {
  const seen = new Set(old.map((r) => r.key));
  return [...old, ...page.filter((r) => !seen.has(r.key))];
}

/** The badge of a tab: open to-dos, unread CCs, drafts and returned; none for the history boxes. */
export function countOf(counts: TodoCounts | null, box: TodoBox): number {
  if (!counts) return 0;
  return box === 'todo' ? counts.todo : box === 'cc' ? counts.ccUnread : box === 'drafts' ? counts.drafts : 0;
}
