import type { FastifyRequest } from 'fastify';
import { NoQuery } from '../../../shared/api/common.ts';
import { ActionBody, ActionParams, FormFlowParams, InstanceParams, RecordFlowParams, StartBody, type InstanceAction } from '../../../shared/api/workflow.ts';
import type { StartNode } from '../../../shared/workflow/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { publishedFlow } from './design-routes.ts';
import { instanceDetail } from './detail.ts';
import { dispatch } from './dispatch.ts';
import { startInstance, type Caller } from './engine/actions/start.ts';
import { lockInstance, lockWithTask, openRun } from './engine/run.ts';
import { principalsFor } from './proxies.ts';

const access = { permission: 'workflow.use' } as const;

export const callerOf = (req: FastifyRequest): Caller => ({ userId: signedIn(req).userId, roles: req.ctx.roles, spaceId: currentSpace(req).id });

async function detailOf(kernel: Kernel, trx: Trx, caller: Caller, id: string) {
  const instance = await trx.selectFrom('workflow_instance').selectAll().where('id', '=', id).executeTakeFirst();
  if (!instance) throw fail.notFound('workflow.instanceNotFound');
  const detail = await instanceDetail(await openRun(kernel, trx, caller.spaceId, instance), caller);
  // Opening counts as reading the CC and viewing the to-do (viewing never blocks a retrieve: Part 1 item 2).
  await trx.updateTable('workflow_cc').set({ read_at: new Date(kernel.clock.now()) }).where('instance_id', '=', id).where('recipient_id', '=', caller.userId).where('read_at', 'is', null).execute();
  await trx.updateTable('workflow_task').set({ viewed_at: new Date(kernel.clock.now()) }).where('instance_id', '=', id).where('assignee_id', '=', caller.userId).where('state', '=', 'pending').where('viewed_at', 'is', null).execute();
  return detail;
}

/** Starting, acting on and reading instances (decision 0053): each action one transaction under the instance lock. */
export function registerRunRoutes(app: App, kernel: Kernel): void {
  app.get('/api/workflow/forms/:formId/start', { config: { access }, schema: { params: FormFlowParams, querystring: NoQuery } }, async (req) => {
    const caller = callerOf(req);
    const data = await kernel.transact(req, async (trx) => {
      await kernel.recordFlow.records.form(trx, caller, req.params.formId);
      const flow = await publishedFlow(trx, req.params.formId);
      if (!flow) return { flow: null };
      const start = flow.model.nodes[0] as StartNode;
      const choose: Array<{ id: string; name: string }> = [];
      const visit = (nodes: typeof flow.model.nodes) => {
        for (const node of nodes) {
          if (node.type === 'approval' && node.assignees.some((a: { kind: string }) => a.kind === 'initiatorSelects')) choose.push({ id: node.id, name: node.name });
          if (node.type === 'condition' || node.type === 'parallel') for (const b of node.branches) visit(b.nodes);
        }
      };
      visit(flow.model.nodes);
      // Whom the caller may start it for: principals whose agent rule with "new data" covers this app, or who host him.
      const form = await kernel.recordFlow.records.facts(trx, req.params.formId);
      const proxies = await principalsFor(trx, caller.spaceId, caller.userId, new Date(kernel.clock.now()));
      const ids = proxies.filter((p) => p.via === 'trustee' || (p.perms.includes('createData') && !!form && !!p.apps?.includes(form.appId))).map((p) => p.principalId);
      const principals = ids.length ? await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).orderBy('name').execute() : [];
      return { flow: { version: flow.version, fields: start.fields, initiatorCc: start.initiatorCc === true, choose, principals: principals.map((u) => ({ id: String(u.id), name: u.name })) } };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post('/api/workflow/forms/:formId/instances', { config: { access, action: 'workflow.instance.start' }, schema: { params: FormFlowParams, body: StartBody } }, async (req) => {
    const caller = callerOf(req);
    const data = await kernel.transact(req, async (trx) => {
      const run = await startInstance(kernel, trx, caller, req.params.formId, { ...req.body, draft: req.body.draft === true });
      req.ctx.auditTarget = `${req.params.formId}/${run.instance.record_id ?? ''}#${run.instance.id}`;
      return { instanceId: run.instance.id, recordId: run.instance.record_id, state: run.instance.state };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.get('/api/workflow/instances/:id', { config: { access }, schema: { params: InstanceParams, querystring: NoQuery } }, async (req) => {
    const caller = callerOf(req);
    const data = await kernel.transact(req, (trx) => detailOf(kernel, trx, caller, req.params.id));
    return { code: 200, msg: 'ok', data };
  });

  app.get('/api/workflow/forms/:formId/records/:recordId', { config: { access }, schema: { params: RecordFlowParams, querystring: NoQuery } }, async (req) => {
    const caller = callerOf(req);
    const data = await kernel.transact(req, async (trx) => {
      const row = await trx.selectFrom('workflow_instance').select('id').where('form_id', '=', req.params.formId).where('record_id', '=', req.params.recordId).executeTakeFirst();
      if (!row) throw fail.notFound('workflow.instanceNotFound');
      return detailOf(kernel, trx, caller, row.id);
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post('/api/workflow/instances/:id/:action', { config: { access, action: 'workflow.instance.act' }, schema: { params: ActionParams, body: ActionBody } }, async (req) => {
    const caller = callerOf(req);
    const action = req.params.action as InstanceAction;
    req.ctx.auditTarget = `${req.params.id}:${action}`;
    const data = await kernel.transact(req, async (trx) => {
      const locked = req.body.taskId ? await lockWithTask(trx, req.params.id, req.body.taskId) : { instance: await lockInstance(trx, req.params.id), task: null };
      const run = await openRun(kernel, trx, caller.spaceId, locked.instance);
      run.prefetched = locked.task;
      const extra = await dispatch(run, caller, action, req.body);
      return { state: run.instance.state, version: run.instance.lock_version, ...extra };
    });
    return { code: 200, msg: 'ok', data };
  });
}
