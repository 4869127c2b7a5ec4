import type { Static } from '@sinclair/typebox';
import type { ActionBody, InstanceAction } from '../../../shared/api/workflow.ts';
import { fail } from '../../kernel/errors.ts';
import { taskOf } from './engine/actor.ts';
import { control, decisions, entrusting } from './engine/actions/index.ts';
import { submit, withdraw, type Caller } from './engine/actions/start.ts';
import { logAction, settle, type Acting, type Run } from './engine/run.ts';
import { actingPath } from './proxies.ts';

type Body = Static<typeof ActionBody>;

/** The initiator — or his agent with "edit data" — resubmitting or saving a returned, withdrawn or draft instance. */
async function asInitiator(run: Run, caller: Caller): Promise<Acting> {
  const initiator = run.instance.initiator_id;
  if (caller.userId === initiator) return { operatorId: caller.userId, onBehalfOf: null, via: 'user' };
  const path = await actingPath(run.trx, run.spaceId, caller.userId, initiator, run.instance.app_id, 'editData', run.now);
  if (!path) throw fail.forbidden('workflow.initiatorOnly');
  return { operatorId: caller.userId, onBehalfOf: initiator, via: path };
}

/** One action on a locked instance; the handlers check who may, in which state, with what. */
export async function dispatch(run: Run, caller: Caller, action: InstanceAction, body: Body): Promise<Record<string, unknown>> {
  const me = caller.userId;
  switch (action) {
    case 'submit': {
      const acting = await asInitiator(run, caller);
      run.selections = { ...run.selections, ...(body.selections ?? {}) };
      const roles = (await run.trx.selectFrom('memberships').select('roles').where('user_id', '=', run.instance.initiator_id).executeTakeFirst())?.roles ?? [];
      await submit(run, { userId: run.instance.initiator_id, roles: roles as Caller['roles'], spaceId: run.spaceId }, acting, body.values ?? {}, body.userIds ?? []);
      return {};
    }
    case 'saveDraft': {
      const acting = await asInitiator(run, caller);
      if (!['draft', 'returned', 'withdrawn'].includes(run.instance.state)) throw fail.conflict('workflow.notSubmittable');
      run.instance.draft_values = { ...(run.instance.draft_values ?? {}), ...(body.values ?? {}) };
      await logAction(run, 'saveDraft', acting, { fromState: run.instance.state, toState: run.instance.state });
      await settle(run);
      return {};
    }
    case 'withdraw':
      await withdraw(run, caller, body.reason ?? null);
      return {};
    case 'approve':
      await decisions.approve(run, await taskOf(run, body.taskId), me, body);
      return {};
    case 'return':
      await decisions.returnToInitiator(run, await taskOf(run, body.taskId), me, body);
      return {};
    case 'rollback':
      await decisions.rollback(run, await taskOf(run, body.taskId), me, body);
      return {};
    case 'saveTaskDraft':
      await decisions.saveTaskDraft(run, await taskOf(run, body.taskId), me, body);
      return {};
    case 'retrieve':
      await control.retrieve(run, caller, await taskOf(run, body.taskId), body.reason);
      return {};
    case 'interrupt':
      await control.interrupt(run, caller, body.reason);
      return {};
    case 'recover':
      await control.recover(run, caller, body.reason, body.target);
      return {};
    case 'invalidate':
      await control.invalidate(run, caller, body.reason);
      return {};
    case 'entrust':
      await entrusting.entrust(run, await taskOf(run, body.taskId), me, body.to, body.reason);
      return {};
    case 'acceptEntrust':
      await entrusting.acceptEntrust(run, await taskOf(run, body.taskId), me);
      return {};
    case 'refuseEntrust':
      await entrusting.refuseEntrust(run, await taskOf(run, body.taskId), me, body.reason);
      return {};
    case 'cancelEntrust':
      await entrusting.cancelEntrust(run, await taskOf(run, body.taskId), me);
      return {};
    case 'urge':
      return { urged: await entrusting.urge(run, caller, body.reason) };
    case 'cc':
      await entrusting.ccFromTask(run, await taskOf(run, body.taskId), me, body.userIds, body.reason);
      return {};
  }
}
