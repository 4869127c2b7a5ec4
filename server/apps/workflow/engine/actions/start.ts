import type { Role } from '../../../../../shared/roles.ts';
import type { FieldModes, StartNode } from '../../../../../shared/workflow/model.ts';
import type { Trx } from '../../../../kernel/db/pool.ts';
import { fail } from '../../../../kernel/errors.ts';
import type { Kernel } from '../../../../kernel/kernel.ts';
import type { FlowActor } from '../../../../kernel/record-flow.ts';
import { publishedFlow } from '../../design-routes.ts';
import { actingPath } from '../../proxies.ts';
import { activateApproval, walk } from '../advance.ts';
import { approvalNode, checkedReason } from '../actor.ts';
import { afterWalk, cancelOpen } from '../progress.ts';
import { logAction, openRun, settle, tell, type Acting, type Run } from '../run.ts';

export interface Caller {
  userId: string;
  roles: Role[];
  spaceId: string;
}

export interface StartInput {
  values: Record<string, unknown>;
  selections?: Record<string, string[]>;
  cc?: string[];
  /** An agent with "new data" submitting for his principal (Part 1 §9). */
  onBehalfOf?: string;
  draft: boolean;
}

/** Fields the initiator fills: the start node's editable ones; a field the start node does not name is editable. */
export const startKeys = (start: StartNode, fieldKeys: readonly string[]) => fieldKeys.filter((key) => (start.fields as FieldModes)[key] !== 'readonly' && start.fields[key] !== 'hidden');

const startOf = (run: Run) => run.model.nodes[0] as StartNode;

async function rolesOf(trx: Trx, spaceId: string, userId: string): Promise<Role[]> {
  const row = await trx.selectFrom('memberships').select('roles').where('space_id', '=', spaceId).where('user_id', '=', userId).where('status', '=', 'active').executeTakeFirst();
  if (!row) throw fail.unprocessable('workflow.notMember');
  return row.roles as Role[];
}

/** The initiator and how the caller stands to him: himself, or an agent with `perm` for this form's app. */
async function initiatorFor(kernel: Kernel, trx: Trx, caller: Caller, appId: string, principal: string | undefined, perm: 'createData' | 'editData'): Promise<{ actor: FlowActor; acting: Acting }> {
  if (!principal || principal === caller.userId) return { actor: caller, acting: { operatorId: caller.userId, onBehalfOf: null, via: 'user' } };
  const path = await actingPath(trx, caller.spaceId, caller.userId, principal, appId, perm, new Date(kernel.clock.now()));
  if (!path) throw fail.forbidden('workflow.notYourTask');
  return { actor: { userId: principal, roles: await rolesOf(trx, caller.spaceId, principal), spaceId: caller.spaceId }, acting: { operatorId: caller.userId, onBehalfOf: principal, via: path } };
}

/** Save draft or submit a new record (Part 2 I-1, I-2): the instance first, the record with the first submit. */
export async function startInstance(kernel: Kernel, trx: Trx, caller: Caller, formId: string, input: StartInput): Promise<Run> {
  const form = await kernel.recordFlow.records.form(trx, caller, formId);
  const flow = await publishedFlow(trx, formId);
  if (!flow) throw fail.conflict('workflow.noFlow');
  const { actor, acting } = await initiatorFor(kernel, trx, caller, form.appId, input.onBehalfOf, 'createData');
  await kernel.recordFlow.records.form(trx, actor, formId);
  const row = await trx
    .insertInto('workflow_instance')
    .values({
      space_id: caller.spaceId,
      form_id: formId,
      app_id: form.appId,
      flow_version: flow.version,
      initiator_id: actor.userId,
      submitter_id: acting.via === 'user' ? null : caller.userId,
      state: 'draft',
      draft_values: JSON.stringify(input.values),
      created_at: new Date(kernel.clock.now()),
      updated_at: new Date(kernel.clock.now()),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const run = await openRun(kernel, trx, caller.spaceId, row, input.selections ?? {});
  if (input.draft) {
    await logAction(run, 'saveDraft', acting, { toState: 'draft' });
    await settle(run);
    return run;
  }
  await submit(run, actor, acting, input.values, input.cc ?? []);
  return run;
}

/**
 * Submit or resubmit (Part 2 §7.1a): the record written through forms with the start node's fields, a new round,
 * then the walk from the start — or straight to the node that returned it, when that node says "jump back".
 */
export async function submit(run: Run, actor: FlowActor, acting: Acting, values: Record<string, unknown>, cc: string[]): Promise<void> {
  const from = run.instance.state;
  if (!['draft', 'returned', 'withdrawn'].includes(from)) throw fail.conflict('workflow.notSubmittable');
  // People the initiator picks must be named at submit, for every node that asks (Part 2 §3.1): nobody else can.
  for (const place of run.places.values()) {
    const node = place.node;
    if (node.type === 'approval' && node.assignees.some((a) => a.kind === 'initiatorSelects') && !run.selections[node.id]?.length) {
      throw fail.unprocessable('workflow.selectionRequired', { node: node.name || node.id });
    }
  }
  const keys = startKeys(startOf(run), run.form.fields.map((f) => f.key));
  const merged = { ...(run.instance.draft_values ?? {}), ...values };
  const records = run.kernel.recordFlow.records;
  run.record = run.instance.record_id
    ? await records.update(run.trx, actor, run.instance.form_id, run.instance.record_id, merged, null, keys)
    : await records.create(run.trx, actor, run.instance.form_id, merged, keys);
  const i = run.instance;
  i.record_id = run.record.id;
  i.draft_values = null;
  i.round += 1;
  i.state = 'running';
  i.submitted_at = run.now;
  if (acting.via !== 'user') i.submitter_id = acting.operatorId;
  await logAction(run, from === 'draft' ? 'submit' : 'resubmit', acting, { fromState: from, toState: 'running' });
  const back = i.returned_from;
  if (back && run.places.get(back)?.node.type === 'approval' && approvalNode(run, back).afterRollback === 'jumpBack') {
    i.returned_from = null;
    await afterWalk(run, await activateApproval(run, approvalNode(run, back), null));
  } else {
    await afterWalk(run, await walk(run, run.model.nodes, 0, null));
  }
  if (cc.length && startOf(run).initiatorCc) await adHocCc(run, acting, 'start', null, cc, null);
  await settle(run);
}

/** CC by a person (Part 2 §7.12): read access for the recipients, a notice, no state change. */
export async function adHocCc(run: Run, acting: Acting, nodeId: string, taskId: string | null, recipients: string[], note: string | null): Promise<void> {
  const text = checkedReason(note, false);
  const active = await run.kernel.directory.people.activeMembers(run.trx, run.spaceId, recipients);
  const people = recipients.filter((id) => active.has(id));
  if (!people.length || people.length !== new Set(recipients).size) throw fail.unprocessable('workflow.ccNotMember');
  await run.trx
    .insertInto('workflow_cc')
    .values(people.map((userId) => ({ space_id: run.spaceId, instance_id: run.instance.id, round: run.instance.round, node_id: nodeId, task_id: taskId, recipient_id: userId, from_user_id: acting.operatorId, note: text, created_at: run.now })))
    .onConflict((oc) => oc.columns(['space_id', 'instance_id', 'round', 'node_id', 'recipient_id']).doUpdateSet({ note: text, from_user_id: acting.operatorId }))
    .execute();
  await logAction(run, 'cc', acting, { taskId, fromNode: nodeId, reason: text, payload: { recipients: people } });
  await tell(run, people, 'cc', 'cc');
}

/** The initiator withdraws while no person has acted in this round (Part 1 item 2; Appendix A.1). */
export async function withdraw(run: Run, caller: Caller, reason: string | null): Promise<void> {
  if (run.instance.state !== 'running') throw fail.conflict('workflow.notRunning');
  if (caller.userId !== run.instance.initiator_id) throw fail.forbidden('workflow.initiatorOnly');
  if (!run.model.settings.allowWithdraw) throw fail.forbidden('workflow.withdrawNotAllowed');
  const touched = await run.trx
    .selectFrom('workflow_action')
    .select('id')
    .where('instance_id', '=', run.instance.id)
    .where('round', '=', run.instance.round)
    .where('action', 'in', ['approve', 'return', 'rollback', 'acceptEntrust'])
    .where('via', '<>', 'system')
    .limit(1)
    .executeTakeFirst();
  if (touched) throw fail.conflict('workflow.withdrawTouched');
  const text = checkedReason(reason, false);
  const cancelled = await cancelOpen(run, 'withdrawn');
  run.instance.state = 'withdrawn';
  await logAction(run, 'withdraw', { operatorId: caller.userId, onBehalfOf: null, via: 'user' }, { fromState: 'running', toState: 'withdrawn', reason: text });
  await tell(run, cancelled, 'approvalResult', 'canceled');
  await settle(run);
}
