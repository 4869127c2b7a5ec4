import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { act, approval, detail, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../../tests/support/workflow.ts';
import type { Platform } from '../../../platform.ts';

/** Races (Part 2 §8, scenario 40), field permissions per node, de-duplication, and two spaces that never meet. */
let platform: Platform;
let kit: WorkflowKit;
const crowd: TestClient[] = [];
const crowdIds: string[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  kit = await workflowKit(platform.url, 'rc');
  for (let n = 0; n < 20; n++) {
    crowdIds.push((await ok(kit.admin.post('/api/org/members', { loginId: `rc.crowd${n}`, name: `Crowd ${n}`, password: 'Welcome@2026' }))).id);
    crowd.push(await signedIn(platform.url, `rc.crowd${n}`, 'Welcome@2026'));
  }
});
afterAll(async () => platform?.stop());

const open = (d: any) => d.tasks.filter((t: any) => t.state === 'pending' || t.state === 'waiting').map((t: any) => `${t.nodeId}:${t.assigneeId}`).sort();

describe('races', () => {
  it('20 countersign approvals at once: all count, the node completes exactly once (Part 2 §8)', async () => {
    await kit.publish(model([approval('all', members(...crowdIds), { mode: 'countersign' }), approval('next', members(kit.ids.a1))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const answers = await Promise.all(crowd.map((client) => act(client, instanceId, 'approve')));
    expect(answers.map((a) => a.status)).toEqual(crowd.map(() => 200));
    const d = await detail(kit.as.i, instanceId);
    expect(d.tasks.filter((t: any) => t.nodeId === 'all' && t.state === 'approved')).toHaveLength(20);
    expect(open(d)).toEqual([`next:${kit.ids.a1}`]);
    expect(d.timeline.filter((a: any) => a.action === 'approve')).toHaveLength(20);
  });

  it('two or-sign members at once: one wins, the other is told and nothing doubles (scenario 40)', async () => {
    await kit.publish(model([approval('any', members(kit.ids.a2, kit.ids.a3), { mode: 'orSign' }), approval('next', members(kit.ids.a1))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const [two, three] = await Promise.all([myTaskOf(kit.as.a2, instanceId), myTaskOf(kit.as.a3, instanceId)]);
    const answers = await Promise.all([act(kit.as.a2, instanceId, 'approve', { taskId: two }), act(kit.as.a3, instanceId, 'approve', { taskId: three })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.text).toBe('This to-do has already been handled.');
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`next:${kit.ids.a1}`]);
  });

  it('approve against withdraw: whichever commits first wins, the other changes nothing (Part 2 §8)', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const task = await myTaskOf(kit.as.a1, instanceId);
    const [approved, withdrawn] = await Promise.all([act(kit.as.a1, instanceId, 'approve', { taskId: task }), act(kit.as.i, instanceId, 'withdraw')]);
    expect([approved.status, withdrawn.status].sort()).toEqual([200, 409]);
    const d = await detail(kit.as.i, instanceId);
    if (approved.status === 200) expect(open(d)).toEqual([`n2:${kit.ids.a2}`]);
    else expect(d.instance.state).toBe('withdrawn');
  });
});

async function myTaskOf(client: TestClient, id: string): Promise<string> {
  return (await detail(client, id)).myTasks[0].taskId;
}

describe('field permissions per node', () => {
  it('the approver sees what his node shows, edits only what it lets him, through forms\' checks', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1), { fields: { f3: 'editable', f6: 'hidden' } })]));
    const { instanceId } = await submitOrder(kit, kit.as.i, { f3: 10, f6: 'secret note' });
    const seen = await detail(kit.as.a1, instanceId);
    expect(seen.values.f6).toBeUndefined();
    expect(seen.fields).toMatchObject({ f3: 'editable', f6: 'hidden', f1: 'readonly' });
    // The layout comes with the flow, without the hidden field: forms need not answer this approver at all.
    expect(seen.form.fields.map((f: any) => f.key)).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f7']);
    expect((await act(kit.as.a1, instanceId, 'approve', { values: { f1: 'changed' } })).body.text).toBe('This step does not let you change that field.');
    expect((await act(kit.as.a1, instanceId, 'approve', { values: { f3: -5 } })).status).toBe(422);
    expect((await detail(kit.as.i, instanceId)).instance.state).toBe('running');
    expect((await act(kit.as.a1, instanceId, 'approve', { values: { f3: 99 } })).status).toBe(200);
    const done = await detail(kit.as.i, instanceId);
    expect(done.values.f3).toBe(99);
    // A member with no part in it does not find it.
    expect((await kit.as.c.get(`/api/workflow/instances/${instanceId}`)).status).toBe(404);
  });
});

describe('de-duplication', () => {
  it('"all": an approver who already approved this round passes later nodes automatically (Part 2 §4.5)', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2)), approval('n3', members(kit.ids.a1))], { autoDedupe: 'all' }));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    await act(kit.as.a2, instanceId, 'approve');
    const d = await detail(kit.as.i, instanceId);
    expect(d.instance.state).toBe('approved');
    expect(d.timeline.find((a: any) => a.action === 'autoApprove')).toMatchObject({ fromNode: 'n3', reason: 'workflow.auto.dedupe' });
  });

  it('"consecutive": only right after his own node', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2)), approval('n3', members(kit.ids.a1))], { autoDedupe: 'consecutive' }));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    await act(kit.as.a2, instanceId, 'approve');
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n3:${kit.ids.a1}`]);
  });
});

describe('spaces never meet', () => {
  it('a member of another space neither reads nor acts on an instance, nor starts one on a form of this space', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const nova = await signedIn(platform.url, 'nova.admin');
    expect((await nova.get(`/api/workflow/instances/${instanceId}`)).status).toBe(404);
    const task = await myTaskOf(kit.as.a1, instanceId);
    expect((await nova.post(`/api/workflow/instances/${instanceId}/approve`, { taskId: task })).status).toBe(404);
    expect((await nova.post(`/api/workflow/instances/${instanceId}/interrupt`, { reason: 'x' })).status).toBe(404);
    expect((await nova.post(`/api/workflow/forms/${kit.formId}/instances`, { values: { f1: 'x' } })).status).toBe(404);
    expect((await ok(nova.get('/api/workflow/todo?box=todo'))).rows).toEqual([]);
    expect((await detail(kit.as.i, instanceId)).instance.state).toBe('running');
  });
});
