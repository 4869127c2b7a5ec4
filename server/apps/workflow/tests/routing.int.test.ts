import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { act, approval, detail, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../../tests/support/workflow.ts';
import type { FlowModel } from '../../../../shared/workflow/model.ts';
import type { Platform } from '../../../platform.ts';

/** Submission and routing (workflow.md Part 2 §11 scenarios 1–9) on real PostgreSQL. */
let platform: Platform;
let kit: WorkflowKit;

beforeAll(async () => {
  platform = await startTestPlatform();
  kit = await workflowKit(platform.url, 'rt');
});
afterAll(async () => platform?.stop());

/** Start → N1 single(A1) → amount > 1000 ? N2 countersign(A2, A3) : N2b or-sign(A2, A3) → CC(C) → N3 sequential(L3, L2) → End. */
function reference(): FlowModel {
  const { ids } = kit;
  return model([
    approval('n1', members(ids.a1)),
    {
      id: 'cond', type: 'condition', name: 'Amount',
      branches: [
        { id: 'big', name: 'Big', when: { filter: { logic: 'and', items: [{ field: 'f3', op: 'gt', value: 1000 }] } }, nodes: [approval('n2', members(ids.a2, ids.a3), { mode: 'countersign' })] },
        { id: 'other', name: 'Other', when: null, nodes: [approval('n2b', members(ids.a2, ids.a3), { mode: 'orSign' })] },
      ],
    },
    { id: 'cc', type: 'cc', name: 'CC', assignees: members(ids.c), fields: {} },
    approval('n3', [{ kind: 'deptHead', levels: 1 }, { kind: 'deptHead', levels: 2 }], { mode: 'sequential' }),
  ]);
}

const open = (d: any) => d.tasks.filter((t: any) => t.state === 'pending' || t.state === 'waiting').map((t: any) => `${t.nodeId}:${t.assigneeId}:${t.state}`).sort();
const messages = async (who: keyof WorkflowKit['as'], category: string) => (await ok(kit.as[who].get(`/api/messages?category=${category}`))).items as any[];

describe('submission and routing', () => {
  it('a draft has no tasks and no record; submitting it runs round 1 at N1 with A1 told (scenario 1)', async () => {
    await kit.publish(reference());
    const draft = await submitOrder(kit, kit.as.i, { f3: 500 }, { draft: true });
    expect(draft).toMatchObject({ state: 'draft', recordId: null });
    expect((await detail(kit.as.i, draft.instanceId)).tasks).toEqual([]);
    expect((await act(kit.as.i, draft.instanceId, 'submit', { values: { f1: 'Valve' } })).status).toBe(200);
    const d = await detail(kit.as.i, draft.instanceId);
    expect(d.instance).toMatchObject({ state: 'running', round: 1, currentNodes: ['n1'] });
    expect(d.instance.recordId).toMatch(/^[0-9]+$/);
    expect(open(d)).toEqual([`n1:${kit.ids.a1}:pending`]);
    expect((await messages('a1', 'todo')).some((m) => m.title.includes('Valve'))).toBe(true);
    // The record's current handler is A1 while the flow waits for him.
    const record = await ok(kit.admin.get(`/api/forms/forms/${kit.formId}/records/${d.instance.recordId}`));
    expect(record.record.handlerId).toBe(kit.ids.a1);
  });

  it('a small amount takes the or-sign branch: one approval closes it, CC is written, N3 goes to L3 then L2 (scenarios 2, 6)', async () => {
    const { instanceId, recordId } = await submitOrder(kit, kit.as.i, { f3: 500 });
    expect((await act(kit.as.a1, instanceId, 'approve')).status).toBe(200);
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n2b:${kit.ids.a2}:pending`, `n2b:${kit.ids.a3}:pending`].sort());
    expect((await act(kit.as.a2, instanceId, 'approve')).status).toBe(200);
    const after = await detail(kit.as.i, instanceId);
    expect(after.tasks.find((t: any) => t.nodeId === 'n2b' && t.assigneeId === kit.ids.a3)).toMatchObject({ state: 'canceled', cancelReason: 'peerDecided' });
    expect(after.cc.map((c: any) => c.recipientId)).toEqual([kit.ids.c]);
    expect(open(after)).toEqual([`n3:${kit.ids.l2}:waiting`, `n3:${kit.ids.l3}:pending`].sort());
    // The CC recipient reads it; A3, whose to-do was closed by a peer, cannot act any more.
    expect((await detail(kit.as.c, instanceId)).myTasks).toEqual([]);
    const a3Task = after.tasks.find((t: any) => t.nodeId === 'n2b' && t.assigneeId === kit.ids.a3).id;
    expect((await act(kit.as.a3, instanceId, 'approve', { taskId: a3Task })).body.text).toBe('This to-do has already been handled.');
    expect((await act(kit.as.l3, instanceId, 'approve')).status).toBe(200);
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n3:${kit.ids.l2}:pending`]);
    expect((await act(kit.as.l2, instanceId, 'approve')).status).toBe(200);
    const done = await detail(kit.as.i, instanceId);
    expect(done.instance.state).toBe('approved');
    expect(open(done)).toEqual([]);
    expect((await messages('i', 'approvalResult')).some((m) => m.title.includes('Pump'))).toBe(true);
    const record = await ok(kit.admin.get(`/api/forms/forms/${kit.formId}/records/${recordId}`));
    expect(record.record.handlerId).toBeNull();
  });

  it('a big amount takes the countersign branch: the node waits for both (scenario 3)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, { f3: 5000 });
    await act(kit.as.a1, instanceId, 'approve');
    await act(kit.as.a2, instanceId, 'approve');
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n2:${kit.ids.a3}:pending`]);
    await act(kit.as.a3, instanceId, 'approve');
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n3:${kit.ids.l2}:waiting`, `n3:${kit.ids.l3}:pending`].sort());
  });

  it('a condition on an empty field is false: the default branch runs (scenario 5)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    expect((await detail(kit.as.i, instanceId)).instance.currentNodes).toEqual(['n2b']);
  });

  it('an empty assignee goes to the process managers, passes by itself, or refuses the submit, as the node says (scenario 7)', async () => {
    // B belongs to no department: "head of my department" finds nobody for him.
    const noHead = [{ kind: 'deptHead' as const, levels: 1 }];
    await kit.publish(model([approval('x', noHead)], { managers: [kit.ids.m] }));
    const managed = await submitOrder(kit, kit.as.b, {});
    expect(open(await detail(kit.as.b, managed.instanceId))).toEqual([`x:${kit.ids.m}:pending`]);
    await kit.publish(model([approval('x', noHead, { emptyPolicy: 'autoApprove' })]));
    const auto = await submitOrder(kit, kit.as.b, {});
    const autoDetail = await detail(kit.as.b, auto.instanceId);
    expect(autoDetail.instance.state).toBe('approved');
    expect(autoDetail.timeline.find((a: any) => a.action === 'autoApprove')).toMatchObject({ via: 'system', reason: 'workflow.auto.empty' });
    await kit.publish(model([approval('x', noHead, { emptyPolicy: 'block' })]));
    const before = (await ok(kit.as.b.get('/api/workflow/todo?box=initiated'))).rows.length;
    const blocked = await kit.as.b.post(`/api/workflow/forms/${kit.formId}/instances?lang=en`, { values: { f1: 'Blocked' } });
    expect(blocked.status).toBe(422);
    expect(blocked.body.text).toBe('Nobody can handle the step "X"; ask the administrator to fix the flow.');
    expect((await ok(kit.as.b.get('/api/workflow/todo?box=initiated'))).rows.length).toBe(before);
    // Nothing of the refused submit stays: no record either.
    expect((await ok(kit.admin.get(`/api/forms/forms/${kit.formId}/records?q=Blocked`))).records.length).toBe(0);
  });

  it('the initiator as approver is skipped when the node says so, but not after a return into it (scenario 8)', async () => {
    await kit.publish(model([approval('n1', [{ kind: 'initiator' }], { selfPolicy: 'skip' }), approval('n2', members(kit.ids.a2))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const first = await detail(kit.as.i, instanceId);
    expect(first.timeline.find((a: any) => a.action === 'autoApprove')).toMatchObject({ fromNode: 'n1', reason: 'workflow.auto.self' });
    expect(first.instance.currentNodes).toEqual(['n2']);
  });

  it('department heads n levels up, and the top-most when the chain is shorter (scenario 9)', async () => {
    await kit.publish(model([approval('h', [{ kind: 'deptHead', levels: 3 }, { kind: 'deptHead', levels: 9 }], { mode: 'sequential' })]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`h:${kit.ids.l1}:pending`]);
  });

  it('people chosen by the initiator at submit and by an approver for the next node are kept until the walk gets there', async () => {
    await kit.publish(model([
      approval('n1', members(kit.ids.a1)),
      approval('n2', [{ kind: 'initiatorSelects' }]),
      approval('n3', [{ kind: 'previousSelects' }]),
    ]));
    const missing = await kit.as.i.post(`/api/workflow/forms/${kit.formId}/instances?lang=en`, { values: { f1: 'x' } });
    expect([missing.status, missing.body.text]).toEqual([422, 'Choose the approvers of "N2".']);
    const { instanceId } = await submitOrder(kit, kit.as.i, {}, { selections: { n2: [kit.ids.a3] } });
    expect((await ok(kit.as.a1.get('/api/workflow/todo?box=todo'))).rows.find((r: any) => r.instanceId === instanceId)).toMatchObject({ nodeId: 'n1', nodeName: 'N1' });
    await act(kit.as.a1, instanceId, 'approve');
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n2:${kit.ids.a3}:pending`]);
    expect((await act(kit.as.a3, instanceId, 'approve')).body.text).toBe('Choose the approvers of "N3".');
    expect((await act(kit.as.a3, instanceId, 'approve', { selections: { n3: [kit.ids.c] } })).status).toBe(200);
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n3:${kit.ids.c}:pending`]);
  });

  it('a running instance finishes on the version it started on (scenario 42)', async () => {
    await kit.publish(model([approval('v1', members(kit.ids.a1)), approval('v1b', members(kit.ids.a2))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await kit.publish(model([approval('v2', members(kit.ids.a3))]));
    await act(kit.as.a1, instanceId, 'approve');
    expect((await detail(kit.as.i, instanceId)).instance.currentNodes).toEqual(['v1b']);
    const fresh = await submitOrder(kit, kit.as.i, {});
    expect((await detail(kit.as.i, fresh.instanceId)).instance.currentNodes).toEqual(['v2']);
  });
});
