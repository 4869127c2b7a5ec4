import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf, wallClock } from '../../../../shared/org/work-clock.ts';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { act, approval, detail, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../../tests/support/workflow.ts';
import { ManualClock } from '../../../kernel/clock.ts';
import type { Platform } from '../../../platform.ts';

/** Agents and hosting acting in the engine (Part 1 item 9; Part 2 §11 scenarios 31–37, §8 "rule expires"). */
const clock = new ManualClock(instantOf('Asia/Shanghai', '2026-11-25', 10 * 60).getTime());
let platform: Platform;
let kit: WorkflowKit;
const day = (offset: number) => wallClock('Asia/Shanghai', new Date(clock.now() + offset * 86_400_000)).day;

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  kit = await workflowKit(platform.url, 'ag');
  await kit.publish(model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2, kit.ids.b), { mode: 'countersign' })]));
});
afterAll(async () => platform?.stop());

const rule = async (perms: string[], validTo = day(2)) =>
  (await ok(kit.as.a1.post('/api/workflow/agents', { agentId: kit.ids.b, apps: [kit.appId], perms, validFrom: day(0), validTo }))).id as string;
const todoOf = async (who: keyof WorkflowKit['as']) => (await ok(kit.as[who].get('/api/workflow/todo?box=todo'))).rows as any[];

describe('agents act for their principals', () => {
  it('an agent in force sees the principal\'s to-do, approves it, and the timeline says for whom (scenario 31)', async () => {
    const id = await rule(['handleTodo']);
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const row = (await todoOf('b')).find((r) => r.instanceId === instanceId);
    expect(row).toMatchObject({ assigneeId: kit.ids.a1, nodeId: 'n1' });
    expect((await detail(kit.as.b, instanceId)).myTasks[0]).toMatchObject({ as: 'agent' });
    // Without "return workflow" he may not return (scenario 32).
    expect((await act(kit.as.b, instanceId, 'return', { reason: 'no' })).status).toBe(403);
    expect((await act(kit.as.b, instanceId, 'approve')).status).toBe(200);
    const d = await detail(kit.as.i, instanceId);
    expect(d.tasks.find((t: any) => t.nodeId === 'n1')).toMatchObject({ decidedBy: kit.ids.b, onBehalfOf: kit.ids.a1, via: 'agent' });
    expect(d.timeline.find((a: any) => a.action === 'approve')).toMatchObject({ operatorId: kit.ids.b, onBehalfOf: kit.ids.a1, via: 'agent' });
    expect((await todoOf('a1')).some((r) => r.instanceId === instanceId)).toBe(false);
    await ok(kit.as.a1.post('/api/workflow/agents/recover', { ids: [id] }));
  });

  it('one person, one vote: an agent who is a handler of the same countersign acts only on his own task (scenario 37)', async () => {
    const id = await rule(['handleTodo']);
    await kit.publish(model([approval('n2', members(kit.ids.a1, kit.ids.b), { mode: 'countersign' })]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const a1Task = (await detail(kit.as.a1, instanceId)).myTasks[0].taskId;
    expect((await act(kit.as.b, instanceId, 'approve', { taskId: a1Task })).body.text).toBe('You are an approver of this countersign step yourself: one person, one vote.');
    await ok(kit.as.a1.post('/api/workflow/agents/recover', { ids: [id] }));
  });

  it('a recycled rule stops at once, and an expired one once its last day is over (scenarios 33, 34)', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1))]));
    const id = await rule(['handleTodo', 'returnWorkflow'], day(1));
    const first = await submitOrder(kit, kit.as.i, {});
    const task = (await detail(kit.as.b, first.instanceId)).myTasks[0].taskId;
    await ok(kit.as.a1.post('/api/workflow/agents/recover', { ids: [id] }));
    expect((await act(kit.as.b, first.instanceId, 'approve', { taskId: task })).body.text).toBe('This to-do is not yours, and no agent rule or hosting lets you act on it.');
    expect((await todoOf('b')).some((r) => r.instanceId === first.instanceId)).toBe(false);
    await rule(['handleTodo', 'returnWorkflow'], day(1));
    const second = await submitOrder(kit, kit.as.i, {});
    const open = (await detail(kit.as.b, second.instanceId)).myTasks[0].taskId;
    clock.advance(2 * 86_400_000);
    expect((await act(kit.as.b, second.instanceId, 'return', { taskId: open, reason: 'late' })).status).toBe(403);
    expect((await todoOf('b')).some((r) => r.instanceId === second.instanceId)).toBe(false);
    expect((await act(kit.as.a1, second.instanceId, 'approve', { taskId: open })).status).toBe(200);
  });

  it('a trustee works every to-do of his host, logged as the trustee (scenario 36)', async () => {
    await ok(kit.as.a1.put('/api/workflow/hosting', { enabled: true, trusteeId: kit.ids.t }));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await todoOf('t')).some((r) => r.instanceId === instanceId)).toBe(true);
    expect((await act(kit.as.t, instanceId, 'return', { reason: 'Missing quote' })).status).toBe(200);
    const d = await detail(kit.as.i, instanceId);
    expect(d.timeline.find((a: any) => a.action === 'return')).toMatchObject({ operatorId: kit.ids.t, onBehalfOf: kit.ids.a1, via: 'trustee' });
    await ok(kit.as.a1.put('/api/workflow/hosting', { enabled: false, trusteeId: kit.ids.t }));
    const next = await submitOrder(kit, kit.as.i, {});
    const task = (await detail(kit.as.a1, next.instanceId)).myTasks[0].taskId;
    expect((await act(kit.as.t, next.instanceId, 'approve', { taskId: task })).status).toBe(403);
  });

  it('an agent with "new data" submits for the principal, who stays the initiator', async () => {
    await ok(kit.as.i.post('/api/workflow/agents', { agentId: kit.ids.c, apps: [kit.appId], perms: ['createData'], validFrom: day(0), validTo: day(3) }));
    const offered = await ok(kit.as.c.get(`/api/workflow/forms/${kit.formId}/start`));
    expect(offered.flow.principals.map((p: any) => p.id)).toEqual([kit.ids.i]);
    expect((await ok(kit.as.b.get(`/api/workflow/forms/${kit.formId}/start`))).flow.principals).toEqual([]);
    const started = await submitOrder(kit, kit.as.c, {}, { onBehalfOf: kit.ids.i });
    const d = await detail(kit.as.i, started.instanceId);
    expect(d.instance).toMatchObject({ initiatorId: kit.ids.i, submitterId: kit.ids.c });
    expect(d.timeline[0]).toMatchObject({ action: 'submit', operatorId: kit.ids.c, onBehalfOf: kit.ids.i, via: 'agent' });
    expect((await kit.as.b.post(`/api/workflow/forms/${kit.formId}/instances?lang=en`, { values: { f1: 'x' }, onBehalfOf: kit.ids.i })).status).toBe(403);
  });
});
