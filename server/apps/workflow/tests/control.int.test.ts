import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { act, approval, detail, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../../tests/support/workflow.ts';
import type { Platform } from '../../../platform.ts';

/** Interrupt, recover, invalidate, entrust, urge and CC (Part 1 items 3, 5, 7, 8; Part 2 §11 scenarios 23–30, 38, 39). */
let platform: Platform;
let kit: WorkflowKit;

beforeAll(async () => {
  platform = await startTestPlatform();
  kit = await workflowKit(platform.url, 'ct');
  await kit.publish(model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2, kit.ids.a3), { mode: 'countersign' })], { managers: [kit.ids.m] }));
});
afterAll(async () => platform?.stop());

const open = (d: any) => d.tasks.filter((t: any) => t.state === 'pending' || t.state === 'waiting').map((t: any) => `${t.nodeId}:${t.assigneeId}`).sort();
const inbox = async (who: keyof WorkflowKit['as'], category: string) => (await ok(kit.as[who].get(`/api/messages?category=${category}`))).items as any[];

describe('interrupt, recover, invalidate', () => {
  it('a manager interrupts with a reason; recover brings back the same people at the same node (scenario 23)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    expect((await act(kit.as.c, instanceId, 'interrupt', { reason: 'stop' })).status).toBe(403);
    expect((await act(kit.as.i, instanceId, 'interrupt', { reason: 'stop' })).body.text).toBe('You may not interrupt this flow.');
    expect((await act(kit.as.m, instanceId, 'interrupt', {})).body.text).toBe('Please enter a reason.');
    expect((await act(kit.as.m, instanceId, 'interrupt', { reason: 'Supplier audit' })).status).toBe(200);
    const stopped = await detail(kit.as.i, instanceId);
    expect(stopped.instance.state).toBe('interrupted');
    expect(open(stopped)).toEqual([]);
    expect(stopped.tasks.filter((t: any) => t.cancelReason === 'interrupted')).toHaveLength(2);
    expect((await act(kit.as.a2, instanceId, 'approve', { taskId: stopped.tasks.at(-1).id })).body.text).toBe('This to-do has already been handled.');
    expect((await act(kit.as.i, instanceId, 'recover')).body.text).toBe('Only process managers and administrators may do this.');
    expect((await act(kit.as.m, instanceId, 'recover')).status).toBe(200);
    const back = await detail(kit.as.i, instanceId);
    expect(back.instance.state).toBe('running');
    expect(open(back)).toEqual([`n2:${kit.ids.a2}`, `n2:${kit.ids.a3}`].sort());
    expect(back.timeline.map((a: any) => a.action)).toEqual(['submit', 'approve', 'interrupt', 'recover']);
    expect(back.timeline.find((a: any) => a.action === 'interrupt')).toMatchObject({ operatorId: kit.ids.m, via: 'manager', reason: 'Supplier audit' });
  });

  it('recover refuses a running and an invalid instance (scenario 24)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await act(kit.as.m, instanceId, 'recover')).body.text).toBe('This flow is running; only an interrupted flow can be recovered.');
    await act(kit.as.m, instanceId, 'invalidate', { reason: 'Duplicate' });
    expect((await act(kit.as.m, instanceId, 'recover')).body.text).toBe('Only an interrupted flow can be recovered.');
  });

  it('the initiator invalidates a returned instance; after that nothing goes, and the record is read-only (scenarios 25, 26)', async () => {
    const { instanceId, recordId } = await submitOrder(kit, kit.as.i, {});
    expect((await act(kit.as.i, instanceId, 'invalidate', { reason: 'x' })).body.text).toBe('You may not invalidate this flow in its current state.');
    await act(kit.as.a1, instanceId, 'return', { reason: 'Incomplete' });
    expect((await act(kit.as.i, instanceId, 'invalidate', { reason: 'Not needed' })).status).toBe(200);
    const d = await detail(kit.as.i, instanceId);
    expect(d.instance.state).toBe('invalid');
    expect(d.can).toMatchObject({ submit: false, invalidate: false, recover: false });
    expect((await act(kit.as.i, instanceId, 'submit', { values: {} })).body.text).toBe('This flow cannot be submitted in its current state.');
    const edit = await kit.admin.put(`/api/forms/forms/${kit.formId}/records/${recordId}?lang=en`, { values: { f1: 'x' }, rowVersion: 1 });
    expect(edit.body.text).toBe("This record's flow was invalidated; it can no longer be changed.");
    expect((await kit.admin.post(`/api/forms/forms/${kit.formId}/records/delete?lang=en`, { ids: [recordId] })).status).toBe(409);
  });
});

describe('entrust', () => {
  it('waits for the entrustee; the owner cannot act meanwhile; accepted, the entrustee decides on the owner\'s behalf (scenario 27)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await act(kit.as.a1, instanceId, 'entrust', { to: kit.ids.c, reason: 'On leave' })).status).toBe(200);
    const task = (await detail(kit.as.i, instanceId)).tasks[0].id;
    expect((await act(kit.as.a1, instanceId, 'approve', { taskId: task })).body.text).toBe("This to-do waits for the entrustee's answer; cancel the entrustment first.");
    expect((await inbox('c', 'todo')).length).toBeGreaterThan(0);
    expect((await detail(kit.as.c, instanceId)).myTasks[0].actions).toEqual(['acceptEntrust', 'refuseEntrust']);
    expect((await act(kit.as.b, instanceId, 'acceptEntrust', { taskId: task })).status).toBe(403);
    expect((await act(kit.as.c, instanceId, 'acceptEntrust', { taskId: task })).status).toBe(200);
    expect((await act(kit.as.c, instanceId, 'approve', { taskId: task })).status).toBe(200);
    const d = await detail(kit.as.i, instanceId);
    expect(d.tasks[0]).toMatchObject({ state: 'approved', decidedBy: kit.ids.c, onBehalfOf: kit.ids.a1, via: 'entrustee', ownerId: kit.ids.a1 });
    expect(d.timeline.find((a: any) => a.action === 'approve')).toMatchObject({ operatorId: kit.ids.c, onBehalfOf: kit.ids.a1, via: 'entrustee' });
  });

  it('a refusal needs a reason and gives the task back; a cancel takes it back from an accepted entrustee (scenarios 28, 29)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'entrust', { to: kit.ids.c });
    const task = (await detail(kit.as.i, instanceId)).tasks[0].id;
    expect((await act(kit.as.c, instanceId, 'refuseEntrust', { taskId: task })).body.text).toBe('Please enter a reason.');
    expect((await act(kit.as.c, instanceId, 'refuseEntrust', { taskId: task, reason: 'Busy' })).status).toBe(200);
    expect((await detail(kit.as.i, instanceId)).tasks[0]).toMatchObject({ entrustState: 'none', assigneeId: kit.ids.a1 });
    await act(kit.as.a1, instanceId, 'entrust', { to: kit.ids.c });
    await act(kit.as.c, instanceId, 'acceptEntrust', { taskId: task });
    expect((await act(kit.as.a1, instanceId, 'cancelEntrust', { taskId: task })).status).toBe(200);
    expect((await act(kit.as.c, instanceId, 'approve', { taskId: task })).status).toBe(403);
    expect((await act(kit.as.a1, instanceId, 'approve')).status).toBe(200);
    // Decided: nobody cancels any more (Part 2 §8).
    expect((await act(kit.as.a1, instanceId, 'cancelEntrust', { taskId: task })).body.text).toBe('This to-do has already been handled.');
  });

  it('never to oneself or to another handler of the same node (scenario 30)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await act(kit.as.a1, instanceId, 'entrust', { to: kit.ids.a1 })).body.text).toBe('You cannot entrust a to-do to yourself.');
    await act(kit.as.a1, instanceId, 'approve');
    expect((await act(kit.as.a2, instanceId, 'entrust', { to: kit.ids.a3 })).body.text).toBe('That person already handles this step; choose someone else.');
  });
});

describe('urge and CC', () => {
  it('the initiator urges the pending handlers at most once an hour (scenario 38)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    expect((await act(kit.as.c, instanceId, 'urge')).status).toBe(403);
    const before = (await inbox('a2', 'urge')).length;
    expect((await ok(act(kit.as.i, instanceId, 'urge'))).urged).toBe(2);
    expect((await inbox('a2', 'urge')).length).toBe(before + 1);
    expect((await inbox('a1', 'urge')).length).toBe(0);
    const again = await act(kit.as.i, instanceId, 'urge');
    expect(again.status).toBe(409);
    expect(again.body.text).toMatch(/^Already urged within the hour; you can urge again in 60 minutes\.$/);
  });

  it('an approver CCs with a note of 60 code points, not 61 (scenario 39)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await act(kit.as.a1, instanceId, 'cc', { userIds: [kit.ids.c], reason: '字'.repeat(61) })).body.text).toBe('The reason may be at most 60 characters.');
    expect((await act(kit.as.a1, instanceId, 'cc', { userIds: [kit.ids.c], reason: '字'.repeat(60) })).status).toBe(200);
    const seen = await detail(kit.as.c, instanceId);
    expect(seen.cc).toEqual([expect.objectContaining({ recipientId: kit.ids.c, fromUserId: kit.ids.a1, note: '字'.repeat(60) })]);
    expect(seen.myTasks).toEqual([]);
    expect((await ok(kit.as.c.get('/api/workflow/todo?box=cc'))).rows[0].instanceId).toBe(instanceId);
  });
});

describe('bad input, in both languages, changes nothing', () => {
  it('someone else\'s to-do, a finished instance, a required opinion left empty', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1), { reasonRequired: true })], { managers: [kit.ids.m] }));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const task = (await detail(kit.as.a1, instanceId)).myTasks[0].taskId;
    const stranger = await kit.as.c.post(`/api/workflow/instances/${instanceId}/approve`, { taskId: task });
    expect([stranger.status, stranger.body.text]).toEqual([403, '该待办不属于您，也没有代理或托管允许您处理。']);
    expect((await act(kit.as.a1, instanceId, 'approve')).body.text).toBe('Please enter a reason.');
    const zh = await kit.as.a1.post(`/api/workflow/instances/${instanceId}/approve`, { taskId: task });
    expect(zh.body.text).toBe('请填写理由。');
    expect((await detail(kit.as.i, instanceId)).instance.state).toBe('running');
    expect((await act(kit.as.a1, instanceId, 'approve', { reason: 'Fine' })).status).toBe(200);
    const finished = await act(kit.as.i, instanceId, 'urge');
    expect([finished.status, finished.body.text]).toEqual([409, 'This flow is not running.']);
    expect((await act(kit.as.m, instanceId, 'interrupt', { reason: 'x' })).body.text).toBe('This flow is not running.');
    expect((await detail(kit.as.i, instanceId)).timeline.map((a: any) => a.action)).toEqual(['submit', 'approve', 'finish']);
  });
});
