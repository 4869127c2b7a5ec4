import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../kernel/db/schema.ts';
import type { WorkflowTaskTable } from './tables.ts';
import { NoQuery } from '../../../shared/api/common.ts';
import { TodoQuery } from '../../../shared/api/workflow.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { Caller } from './engine/actions/start.ts';
import { modelOf } from './engine/run.ts';
import { principalsFor, type Proxy } from './proxies.ts';
import { callerOf } from './run-routes.ts';

const access = { permission: 'workflow.use' } as const;

/**
 * The pending tasks a member works (Part 1 item 9): his own (not while an entrustment of it waits for an answer),
 * entrustments waiting for his answer, and — virtually — those of the principals whose agent rule or hosting is in
 * force, in the rule's apps.
 */
export function todoWhere(caller: Caller, proxies: Proxy[]) {
  return (eb: ExpressionBuilder<Database & { t: WorkflowTaskTable }, 't'>): Expression<SqlBool> => {
    const me = caller.userId;
    const parts = [
      eb.and([eb('t.assignee_id', '=', me), eb('t.entrust_state', '<>', 'requested')]),
      eb.and([eb('t.entrustee_id', '=', me), eb('t.entrust_state', '=', 'requested')]),
    ];
    for (const p of proxies) {
      const theirs = eb.and([eb('t.assignee_id', '=', p.principalId), eb('t.entrust_state', '<>', 'requested')]);
      if (p.via === 'trustee') parts.push(theirs);
      else if (p.perms.includes('handleTodo') && p.apps?.length) parts.push(eb.and([theirs, eb('t.app_id', 'in', p.apps)]));
    }
    return eb.or(parts);
  };
}

/** What every row of every box says of its instance (its form's name joined for the list). */
const INSTANCE_COLUMNS = ['i.id as instanceId', 'i.form_id as formId', 'i.app_id as appId', 'i.record_id as recordId', 'i.title', 'f.name as formName', 'i.initiator_id as initiatorId'] as const;

export async function todo(trx: Trx, caller: Caller, proxies: Proxy[], after: string | undefined, limit: number, appId?: string) {
  let query = trx
    .selectFrom('workflow_task as t')
    .innerJoin('workflow_instance as i', 'i.id', 't.instance_id')
    .leftJoin('forms_form as f', 'f.id', 'i.form_id')
    .select([
      ...INSTANCE_COLUMNS, 't.id as key', 't.id as taskId', 'i.flow_version as flowVersion', 't.node_id as nodeId', 't.assignee_id as assigneeId', 't.entrust_state as entrustState', 't.created_at as at', 't.due_at as dueAt',
      't.last_urged_at as urgedAt', 't.viewed_at as viewedAt',
    ])
    .where('t.state', '=', 'pending')
    .where(todoWhere(caller, proxies));
  if (after) query = query.where('t.id', '<', after);
  if (appId) query = query.where('t.app_id', '=', appId);
  return query.orderBy('t.id', 'desc').limit(limit).execute();
}

async function done(trx: Trx, caller: Caller, after: string | undefined, limit: number, appId?: string) {
  let query = trx
    .selectFrom('workflow_task as t')
    .innerJoin('workflow_instance as i', 'i.id', 't.instance_id')
    .leftJoin('forms_form as f', 'f.id', 'i.form_id')
    .select([
      ...INSTANCE_COLUMNS, 't.id as key', 't.id as taskId', 'i.flow_version as flowVersion', 't.node_id as nodeId', 't.state as decision', 't.on_behalf_of as onBehalfOf', 't.via', 't.decided_at as at', 'i.state as instanceState',
    ])
    .where('t.decided_by', '=', caller.userId);
  if (after) query = query.where('t.id', '<', after);
  if (appId) query = query.where('t.app_id', '=', appId);
  return query.orderBy('t.id', 'desc').limit(limit).execute();
}

async function instances(trx: Trx, caller: Caller, states: 'initiated' | 'drafts', after: string | undefined, limit: number, appId?: string) {
  let query = trx
    .selectFrom('workflow_instance as i')
    .leftJoin('forms_form as f', 'f.id', 'i.form_id')
    .select([
      ...INSTANCE_COLUMNS, 'i.id as key', 'i.state', 'i.current_nodes as currentNodes', 'i.updated_at as at',
    ])
    .where('i.initiator_id', '=', caller.userId)
    .where('i.state', states === 'drafts' ? 'in' : 'not in', ['draft', 'returned', 'withdrawn']);
  if (after) query = query.where('i.id', '<', after);
  if (appId) query = query.where('i.app_id', '=', appId);
  return query.orderBy('i.id', 'desc').limit(limit).execute();
}

async function ccs(trx: Trx, caller: Caller, after: string | undefined, limit: number, appId?: string) {
  let query = trx
    .selectFrom('workflow_cc as c')
    .innerJoin('workflow_instance as i', 'i.id', 'c.instance_id')
    .leftJoin('forms_form as f', 'f.id', 'i.form_id')
    .select([
      ...INSTANCE_COLUMNS, 'c.id as key', 'i.state', 'c.from_user_id as fromUserId', 'c.note', 'c.read_at as readAt', 'c.created_at as at',
    ])
    .where('c.recipient_id', '=', caller.userId);
  if (after) query = query.where('c.id', '<', after);
  if (appId) query = query.where('i.app_id', '=', appId);
  return query.orderBy('c.id', 'desc').limit(limit).execute();
}

/** Each task row's node name, from its instance's frozen model (cached per version). */
export async function withNodeNames<T extends { formId: string; flowVersion: number; nodeId: string }>(trx: Trx, spaceId: string, rows: T[]) {
  const named = [];
  for (const row of rows) {
    const { places } = await modelOf(trx, spaceId, row.formId, row.flowVersion);
    named.push({ ...row, nodeName: places.get(row.nodeId)?.node.name ?? '' });
  }
  return named;
}

/** Names of the people a page of rows mentions, for the list to show. */
async function names(trx: Trx, rows: ReadonlyArray<Record<string, unknown>>) {
  const ids = new Set<string>();
  for (const row of rows) for (const key of ['initiatorId', 'assigneeId', 'onBehalfOf', 'fromUserId']) if (typeof row[key] === 'string') ids.add(row[key] as string);
  if (!ids.size) return {};
  return Object.fromEntries((await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', [...ids]).execute()).map((u) => [String(u.id), u.name]));
}

/** The to-do centre's lists and counts (spec Part 2, the to-do centre): keyset pages, newest first. */
export function registerTodoRoutes(app: App, kernel: Kernel): void {
  app.get('/api/workflow/todo', { config: { access }, schema: { querystring: TodoQuery } }, async (req) => {
    const caller = callerOf(req);
    const { box, after, appId } = req.query;
    const limit = req.query.limit ?? 20;
    const data = await kernel.transact(req, async (trx) => {
      const now = new Date(kernel.clock.now());
      const rows =
        box === 'todo' ? await withNodeNames(trx, caller.spaceId, await todo(trx, caller, await principalsFor(trx, caller.spaceId, caller.userId, now), after, limit, appId))
        : box === 'done' ? await withNodeNames(trx, caller.spaceId, await done(trx, caller, after, limit, appId))
        : box === 'cc' ? await ccs(trx, caller, after, limit, appId)
        : await instances(trx, caller, box === 'drafts' ? 'drafts' : 'initiated', after, limit, appId);
      return { rows, users: await names(trx, rows), next: rows.length === limit ? String(rows.at(-1)!.key) : null };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.get('/api/workflow/todo/counts', { config: { access }, schema: { querystring: NoQuery } }, async (req) => {
    const caller = callerOf(req);
    const data = await kernel.transact(req, async (trx) => {
      const proxies = await principalsFor(trx, caller.spaceId, caller.userId, new Date(kernel.clock.now()));
      const open = await trx.selectFrom('workflow_task as t').select(sql<string>`count(*)`.as('n')).where('t.state', '=', 'pending').where(todoWhere(caller, proxies)).executeTakeFirstOrThrow();
      const cc = await trx.selectFrom('workflow_cc').select(sql<string>`count(*)`.as('n')).where('recipient_id', '=', caller.userId).where('read_at', 'is', null).executeTakeFirstOrThrow();
      const drafts = await trx.selectFrom('workflow_instance').select(sql<string>`count(*)`.as('n')).where('initiator_id', '=', caller.userId).where('state', 'in', ['draft', 'returned', 'withdrawn']).executeTakeFirstOrThrow();
      return { todo: Number(open.n), ccUnread: Number(cc.n), drafts: Number(drafts.n) };
    });
    return { code: 200, msg: 'ok', data };
  });
}
