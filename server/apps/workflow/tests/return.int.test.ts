import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { act, approval, detail, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../../tests/support/workflow.ts';
import type { Platform } from '../../../platform.ts';

/** Return, rollback and retrieve (workflow.md Part 1 items 1, 2, 6; Part 2 §11 scenarios 8, 10–22). */
let platform: Platform;
let kit: WorkflowKit;

beforeAll(async () => {
  platform = await startTestPlatform();
  kit = await workflowKit(platform.url, 'rb');
});
afterAll(async () => platform?.stop());

const open = (d: any) => d.tasks.filter((t: any) => t.state === 'pending' || t.state === 'waiting').map((t: any) => `${t.nodeId}:${t.assigneeId}`).sort();
const chain = (extra: Parameters<typeof approval>[2] = {}) =>
  model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2, kit.ids.a3), { mode: 'countersign' }), approval('n3', members(kit.ids.l3), extra)]);

describe('return', () => {
  it('needs a reason of at most 60 code points; the instance goes back to the initiator, who resubmits into round 2 (scenarios 10, 39)', async () => {
    await kit.publish(chain());
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await act(kit.as.a1, instanceId, 'return', { reason: '   ' })).body.text).toBe('Please enter a reason.');
    expect((await act(kit.as.a1, instanceId, 'return', { reason: '😀'.repeat(61) })).body.text).toBe('The reason may be at most 60 characters.');
    expect((await detail(kit.as.i, instanceId)).instance.state).toBe('running');
    expect((await act(kit.as.a1, instanceId, 'return', { reason: '😀'.repeat(60) })).status).toBe(200);
    const returned = await detail(kit.as.i, instanceId);
    expect(returned.instance.state).toBe('returned');
    expect(returned.tasks[0]).toMatchObject({ state: 'returned', reason: '😀'.repeat(60) });
    expect(returned.can.submit).toBe(true);
    // While it is returned, the record changes only through the flow.
    const edit = await kit.admin.put(`/api/forms/forms/${kit.formId}/records/${returned.instance.recordId}?lang=en`, { values: { f1: 'x' }, rowVersion: 1 });
    expect([edit.status, edit.body.text]).toEqual([409, 'This record is in a workflow: change it from its to-do.']);
    expect((await act(kit.as.i, instanceId, 'submit', { values: { f1: 'Pump v2' } })).status).toBe(200);
    const again = await detail(kit.as.i, instanceId);
    expect(again.instance).toMatchObject({ state: 'running', round: 2, currentNodes: ['n1'] });
    expect(again.values.f1).toBe('Pump v2');
  });

  it('a return inside a countersign closes the other member\'s task (scenario 12)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    await act(kit.as.a2, instanceId, 'return', { reason: 'Wrong supplier' });
    const d = await detail(kit.as.i, instanceId);
    expect(d.tasks.find((t: any) => t.assigneeId === kit.ids.a3)).toMatchObject({ state: 'canceled', cancelReason: 'return' });
    expect(open(d)).toEqual([]);
  });

  it('with "jump back" the resubmit goes straight to the node that returned it (scenario 11)', async () => {
    await kit.publish(chain({ afterRollback: 'jumpBack' }));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    await act(kit.as.a2, instanceId, 'approve');
    await act(kit.as.a3, instanceId, 'approve');
    await act(kit.as.l3, instanceId, 'return', { reason: 'Price' });
    await act(kit.as.i, instanceId, 'submit', { values: {} });
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n3:${kit.ids.l3}`]);
  });

  it('self-approval skip takes the initiator out of a node that has other handlers (Part 2 §4.4)', async () => {
    await kit.publish(model([approval('s', [{ kind: 'initiator' }, { kind: 'members', ids: [kit.ids.a1] }], { selfPolicy: 'skip', mode: 'countersign' }), approval('n2', members(kit.ids.a2))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`s:${kit.ids.a1}`]);
  });
});

describe('rollback', () => {
  it('offers only approval nodes passed upstream in this round, goes back to the same people, and re-runs the path (scenarios 13, 14)', async () => {
    await kit.publish(chain());
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    const atN2 = await detail(kit.as.a2, instanceId);
    expect(atN2.myTasks[0].rollbackTargets).toEqual(['n1']);
    await act(kit.as.a2, instanceId, 'approve');
    await act(kit.as.a3, instanceId, 'approve');
    const atN3 = await detail(kit.as.l3, instanceId);
    expect(atN3.myTasks[0].rollbackTargets.sort()).toEqual(['n1', 'n2']);
    for (const bad of ['n3', 'end', 'nowhere']) {
      expect((await act(kit.as.l3, instanceId, 'rollback', { target: bad, reason: 'x' })).body.text).toBe('The flow cannot roll back to that step.');
    }
    expect((await act(kit.as.l3, instanceId, 'rollback', { target: 'n2', reason: 'Check the quantity' })).status).toBe(200);
    const back = await detail(kit.as.i, instanceId);
    expect(back.instance.state).toBe('running');
    expect(open(back)).toEqual([`n2:${kit.ids.a2}`, `n2:${kit.ids.a3}`].sort());
    await act(kit.as.a2, instanceId, 'approve');
    await act(kit.as.a3, instanceId, 'approve');
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n3:${kit.ids.l3}`]);
  });

  it('with the previous-node option only the node that led here is offered; rollback to start is a return (scenario 15)', async () => {
    await kit.publish(chain({ rollbackTargets: 'previous' }));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    await act(kit.as.a2, instanceId, 'approve');
    await act(kit.as.a3, instanceId, 'approve');
    expect((await detail(kit.as.l3, instanceId)).myTasks[0].rollbackTargets).toEqual(['n2']);
    expect((await act(kit.as.l3, instanceId, 'rollback', { target: 'start', reason: 'Start over' })).status).toBe(200);
    expect((await detail(kit.as.i, instanceId)).instance.state).toBe('returned');
  });

  it('never into a parallel branch from after the join (scenario 16)', async () => {
    await kit.publish(model([
      { id: 'par', type: 'parallel', name: 'Par', branches: [
        { id: 'p1', name: 'P1', when: null, nodes: [approval('pa', members(kit.ids.a1))] },
        { id: 'p2', name: 'P2', when: null, nodes: [approval('pb', members(kit.ids.a2))] },
      ] },
      approval('after', members(kit.ids.a3)),
    ]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`pa:${kit.ids.a1}`, `pb:${kit.ids.a2}`].sort());
    await act(kit.as.a1, instanceId, 'approve');
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`pb:${kit.ids.a2}`]);
    await act(kit.as.a2, instanceId, 'approve');
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`after:${kit.ids.a3}`]);
    expect((await detail(kit.as.a3, instanceId)).myTasks[0].rollbackTargets).toEqual([]);
    expect((await act(kit.as.a3, instanceId, 'rollback', { target: 'pa', reason: 'x' })).status).toBe(422);
  });

  it('a return inside one parallel branch closes the other branch (Part 2 §8)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'return', { reason: 'No' });
    const d = await detail(kit.as.i, instanceId);
    expect(d.instance.state).toBe('returned');
    expect(open(d)).toEqual([]);
  });
});

describe('retrieve', () => {
  it('the initiator withdraws before anyone acts, not after (scenarios 17, 18)', async () => {
    await kit.publish(chain());
    const first = await submitOrder(kit, kit.as.i, {});
    expect((await act(kit.as.a1, first.instanceId, 'withdraw')).body.text).toBe('Only the initiator may do this.');
    expect((await act(kit.as.i, first.instanceId, 'withdraw')).status).toBe(200);
    const withdrawn = await detail(kit.as.i, first.instanceId);
    expect(withdrawn.instance.state).toBe('withdrawn');
    expect(withdrawn.tasks[0]).toMatchObject({ state: 'canceled', cancelReason: 'withdrawn' });
    await act(kit.as.i, first.instanceId, 'submit', { values: {} });
    expect((await detail(kit.as.i, first.instanceId)).instance.round).toBe(2);
    await act(kit.as.a1, first.instanceId, 'approve');
    expect((await act(kit.as.i, first.instanceId, 'withdraw')).body.text).toBe('An approver has already acted; the flow can no longer be withdrawn.');
  });

  it('a system auto-approval does not count as acting: the initiator may still withdraw (scenario 18)', async () => {
    await kit.publish(model([approval('self', [{ kind: 'initiator' }], { selfPolicy: 'skip' }), approval('n2', members(kit.ids.a1))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await detail(kit.as.i, instanceId)).timeline.map((a: any) => a.action)).toEqual(['submit', 'autoApprove']);
    expect((await act(kit.as.i, instanceId, 'withdraw')).status).toBe(200);
    expect((await detail(kit.as.i, instanceId)).instance.state).toBe('withdrawn');
    await kit.publish(chain());
  });

  it('an approver takes back his decision while the next tasks are untouched, not after (scenarios 19, 20)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    const n1 = (await detail(kit.as.a1, instanceId)).can.retrieve[0];
    // A2 merely looking does not block it.
    await detail(kit.as.a2, instanceId);
    expect((await act(kit.as.a1, instanceId, 'retrieve', { taskId: n1 })).status).toBe(200);
    const back = await detail(kit.as.i, instanceId);
    expect(open(back)).toEqual([`n1:${kit.ids.a1}`]);
    expect(back.tasks.filter((t: any) => t.cancelReason === 'retrieved')).toHaveLength(2);
    await act(kit.as.a1, instanceId, 'approve');
    await act(kit.as.a2, instanceId, 'approve');
    const again = (await detail(kit.as.a1, instanceId)).can.retrieve[0];
    expect((await act(kit.as.a1, instanceId, 'retrieve', { taskId: again })).body.text).toBe('The next handler has already acted; it can no longer be taken back.');
  });

  it('no taking back a vote in an unfinished countersign (scenario 21)', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    await act(kit.as.a2, instanceId, 'approve');
    const vote = (await detail(kit.as.a2, instanceId)).can.retrieve[0];
    expect((await act(kit.as.a2, instanceId, 'retrieve', { taskId: vote })).status).toBe(409);
    expect(open(await detail(kit.as.i, instanceId))).toEqual([`n2:${kit.ids.a3}`]);
  });

  it('a flow that does not allow it refuses both kinds (scenario 22)', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2))], { allowRetrieve: false, allowWithdraw: false }));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await act(kit.as.i, instanceId, 'withdraw')).body.text).toBe('This flow does not allow withdrawing.');
    await act(kit.as.a1, instanceId, 'approve');
    const task = (await detail(kit.as.i, instanceId)).tasks.find((t: any) => t.nodeId === 'n1').id;
    expect((await act(kit.as.a1, instanceId, 'retrieve', { taskId: task })).body.text).toBe('This flow does not allow taking decisions back.');
  });
});
