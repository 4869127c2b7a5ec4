import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { InstanceParams, JumpBody, MonitorQuery, ReassignBody } from '../../../shared/api/workflow.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { activateApproval } from './engine/advance.ts';
import { approvalNode, checkedReason, isManager, sameActivation } from './engine/actor.ts';
import { notifyAssignees } from './engine/notify.ts';
import { cancelOpen } from './engine/progress.ts';
import { lockInstance, logAction, openRun, settle, tell } from './engine/run.ts';
import { armTimers } from './engine/timers.ts';
import type { Caller } from './engine/actions/start.ts';
import { callerOf } from './run-routes.ts';

const access = { permission: 'workflow.monitor' } as const;
const manager = (caller: Caller) => ({ operatorId: caller.userId, onBehalfOf: null, via: 'manager' as const });

/** A running instance the caller manages, locked, and the intervention's required reason. */
async function intervention(kernel: Kernel, trx: Parameters<Parameters<Kernel['transact']>[1]>[0], caller: Caller, id: string, reason: string | null | undefined) {
  const run = await openRun(kernel, trx, caller.spaceId, await lockInstance(trx, id));
  if (!isManager(run, caller.userId, caller.roles)) throw fail.notFound('workflow.instanceNotFound');
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
  return { run, reason: checkedReason(reason, true) };
}

/**
 * Monitoring (`console/tmp/workflow/monitoring`): running and interrupted instances that the caller
 * manages — every one for an administrator, those of flows naming him a process manager otherwise — overdue ones
 * first, then the longest waiting; and the interventions, each logged with its reason.
 */
export function registerMonitorRoutes(app: App, kernel: Kernel): void {
  app.get('/api/workflow/monitor', { config: { access }, schema: { querystring: MonitorQuery } }, async (req) => {
    const caller = callerOf(req);
    const q = req.query;
    const limit = q.limit ?? 50;
    const data = await kernel.transact(req, async (trx) => {
      const now = new Date(kernel.clock.now());
      const admin = caller.roles.includes('admin');
      let query = trx
        .selectFrom('workflow_instance as i')
        .innerJoin('workflow_flow_version as v', (join) => join.onRef('v.form_id', '=', 'i.form_id').onRef('v.version', '=', 'i.flow_version'))
        .leftJoin('forms_form as f', 'f.id', 'i.form_id')
        .select([
          'i.id', 'i.form_id as formId', 'i.app_id as appId', 'i.record_id as recordId', 'i.title', 'f.name as formName', 'i.state', 'i.current_nodes as currentNodes',
          'i.initiator_id as initiatorId', 'i.updated_at as since', 'i.submitted_at as submittedAt',
          sql<Date | null>`(select min(t.due_at) from workflow_task t where t.instance_id = i.id and t.state = 'pending')`.as('dueAt'),
          sql<string[]>`(select coalesce(array_agg(t.assignee_id::text order by t.id), '{}') from workflow_task t where t.instance_id = i.id and t.state = 'pending')`.as('assignees'),
        ])
        .where('i.state', 'in', ['running', 'interrupted']);
      if (!admin) query = query.where(sql<boolean>`v.model -> 'settings' -> 'managers' ? ${caller.userId}`);
      if (q.formId) query = query.where('i.form_id', '=', q.formId);
      if (q.nodeId) query = query.where(sql<boolean>`${q.nodeId} = any(i.current_nodes)`);
      if (q.assigneeId) query = query.where(sql<boolean>`exists (select 1 from workflow_task t where t.instance_id = i.id and t.state = 'pending' and t.assignee_id = ${q.assigneeId}::bigint)`);
      if (q.olderThanHours !== undefined) query = query.where('i.updated_at', '<=', new Date(now.getTime() - q.olderThanHours * 3_600_000));
      if (q.overdue) query = query.where(sql<boolean>`exists (select 1 from workflow_task t where t.instance_id = i.id and t.state = 'pending' and t.due_at < ${now})`);
      const rows = await query
        .orderBy(sql`(select min(t.due_at) from workflow_task t where t.instance_id = i.id and t.state = 'pending') < ${now}`, sql`desc nulls last`)
        .orderBy('i.updated_at')
        .orderBy('i.id')
        .limit(limit)
        .offset(q.after ? Number(q.after) : 0)
        .execute();
      const ids = [...new Set(rows.flatMap((r) => [r.initiatorId, ...r.assignees]))];
      const users = ids.length ? Object.fromEntries((await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()).map((u) => [String(u.id), u.name])) : {};
      const offset = (q.after ? Number(q.after) : 0) + rows.length;
      return { rows: rows.map((r) => ({ ...r, overdue: !!r.dueAt && new Date(r.dueAt) < now })), users, next: rows.length === limit ? String(offset) : null };
    });
    return { code: 200, msg: 'ok', data };
  });

  /** Whether the caller monitors anything: an administrator, or a process manager of some published flow. */
  app.get('/api/workflow/monitor/access', { config: { access }, schema: { querystring: NoQuery } }, async (req) => {
    const caller = callerOf(req);
    const manages = caller.roles.includes('admin') || (await kernel.transact(req, async (trx) => {
      const row = await trx
        .selectFrom('workflow_flow as f')
        .innerJoin('workflow_flow_version as v', (join) => join.onRef('v.form_id', '=', 'f.form_id').onRef('v.version', '=', 'f.version'))
        .select('f.form_id')
        .where(sql<boolean>`v.model -> 'settings' -> 'managers' ? ${caller.userId}`)
        .limit(1)
        .executeTakeFirst();
      return !!row;
    }));
    return { code: 200, msg: 'ok', data: { manages } };
  });

  /** Reassign: the handler's task closes (reassigned) and the same step opens for someone else. */
  app.post('/api/workflow/monitor/instances/:id/reassign', { config: { access, action: 'workflow.monitor.reassign' }, schema: { params: InstanceParams, body: ReassignBody } }, async (req) => {
    const caller = callerOf(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const { run, reason } = await intervention(kernel, trx, caller, req.params.id, req.body.reason);
      const task = await trx.selectFrom('workflow_task').selectAll().where('id', '=', req.body.taskId).where('instance_id', '=', run.instance.id).executeTakeFirst();
      if (!task) throw fail.notFound('workflow.taskNotFound');
      if (task.state !== 'pending' && task.state !== 'waiting') throw fail.conflict('workflow.taskNotPending');
      const to = req.body.to;
      if (!(await kernel.directory.people.activeMembers(trx, run.spaceId, [to])).has(to)) throw fail.unprocessable('workflow.entrustNotMember');
      const taken = await sameActivation(run, task).where('state', 'in', ['pending', 'waiting']).where('assignee_id', '=', to).executeTakeFirst();
      if (taken) throw fail.unprocessable('workflow.entrustCoMember');
      await trx.updateTable('workflow_task').set({ state: 'canceled', cancel_reason: 'reassigned', timer_at: null }).where('id', '=', task.id).execute();
      const { id: _id, ...rest } = task;
      const moved = await trx.insertInto('workflow_task').values({
        ...rest, owner_id: to, assignee_id: to, entrust_state: 'none', entrustee_id: null, created_at: run.now, draft: null, viewed_at: null, last_urged_at: null, remind_count: 0,
      } as never).returning(['id', 'timer_at']).execute();
      await armTimers(run, moved);
      await logAction(run, 'reassign', manager(caller), { taskId: task.id, fromNode: task.node_id, reason, payload: { from: task.assignee_id, to } });
      if (task.state === 'pending') await notifyAssignees(run, [to]);
      await tell(run, [task.assignee_id], 'approvalResult', 'canceled');
      await settle(run);
    });
    return { code: 200, msg: 'ok', data: null };
  });

  /** Jump: every open task closes and the chosen approval node opens with its rules resolved afresh. */
  app.post('/api/workflow/monitor/instances/:id/jump', { config: { access, action: 'workflow.monitor.jump' }, schema: { params: InstanceParams, body: JumpBody } }, async (req) => {
    const caller = callerOf(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const { run, reason } = await intervention(kernel, trx, caller, req.params.id, req.body.reason);
      if (run.places.get(req.body.target)?.node.type !== 'approval') throw fail.unprocessable('workflow.jumpTarget');
      const cancelled = await cancelOpen(run, 'jumped');
      run.instance.returned_from = null;
      await logAction(run, 'jump', manager(caller), { fromNode: run.instance.current_nodes.join(',') || null, toNodes: [req.body.target], reason });
      await activateApproval(run, approvalNode(run, req.body.target), null);
      await tell(run, cancelled, 'approvalResult', 'canceled');
      await settle(run);
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
