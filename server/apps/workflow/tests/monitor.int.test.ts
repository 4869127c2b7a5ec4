import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../tests/support/client.ts';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { act, approval, detail, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../../tests/support/workflow.ts';
import type { Platform } from '../../../platform.ts';

/** Monitoring of instances: who sees which instances, filters, reassign and jump with their reasons. */
let platform: Platform;
let kit: WorkflowKit;

beforeAll(async () => {
  platform = await startTestPlatform();
  kit = await workflowKit(platform.url, 'mo');
  await kit.publish(model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2))], { managers: [kit.ids.m] }));
});
afterAll(async () => platform?.stop());

const monitor = async (who: any, query = '') => ok(who.get(`/api/workflow/monitor${query}`));

describe('monitoring', () => {
  it('shows administrators every running instance, process managers their flows\' ones, others nothing', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await monitor(kit.admin)).rows.map((r: any) => r.id)).toContain(instanceId);
    expect((await monitor(kit.as.m)).rows.map((r: any) => r.id)).toContain(instanceId);
    expect((await monitor(kit.as.c)).rows).toEqual([]);
    expect((await ok(kit.as.m.get('/api/workflow/monitor/access'))).manages).toBe(true);
    expect((await ok(kit.as.c.get('/api/workflow/monitor/access'))).manages).toBe(false);
    expect((await monitor(kit.admin, `?nodeId=n1&assigneeId=${kit.ids.a1}`)).rows.map((r: any) => r.id)).toContain(instanceId);
    expect((await monitor(kit.admin, `?nodeId=n2`)).rows.map((r: any) => r.id)).not.toContain(instanceId);
    const nova = await signedIn(platform.url, 'nova.admin');
    expect((await monitor(nova)).rows).toEqual([]);
    expect((await nova.post(`/api/workflow/monitor/instances/${instanceId}/jump`, { target: 'n2', reason: 'x' })).status).toBe(404);
  });

  it('reassigns a to-do with a reason; the old handler can no longer act, the new one can', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    const taskId = (await detail(kit.as.a1, instanceId)).myTasks[0].taskId;
    const bad = await kit.as.m.post(`/api/workflow/monitor/instances/${instanceId}/reassign?lang=en`, { taskId, to: kit.ids.c });
    expect(bad.body.text).toBe('Please enter a reason.');
    expect((await kit.as.c.post(`/api/workflow/monitor/instances/${instanceId}/reassign`, { taskId, to: kit.ids.c, reason: 'x' })).status).toBe(404);
    expect((await kit.as.m.post(`/api/workflow/monitor/instances/${instanceId}/reassign`, { taskId, to: kit.ids.c, reason: 'A1 on leave' })).status).toBe(200);
    expect((await act(kit.as.a1, instanceId, 'approve', { taskId })).status).toBe(409);
    expect((await act(kit.as.c, instanceId, 'approve')).status).toBe(200);
    const d = await detail(kit.admin, instanceId);
    expect(d.timeline.find((a: any) => a.action === 'reassign')).toMatchObject({ operatorId: kit.ids.m, via: 'manager', reason: 'A1 on leave' });
    expect(d.instance.currentNodes).toEqual(['n2']);
  });

  it('jumps to a chosen approval node, closing the open ones', async () => {
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    expect((await kit.admin.post(`/api/workflow/monitor/instances/${instanceId}/jump?lang=en`, { target: 'end', reason: 'x' })).body.text).toBe('The flow can only jump to an approval step.');
    expect((await kit.admin.post(`/api/workflow/monitor/instances/${instanceId}/jump`, { target: 'n2', reason: 'Urgent' })).status).toBe(200);
    const d = await detail(kit.admin, instanceId);
    expect(d.instance.currentNodes).toEqual(['n2']);
    expect(d.tasks.find((t: any) => t.nodeId === 'n1')).toMatchObject({ state: 'canceled', cancelReason: 'jumped' });
  });
});
