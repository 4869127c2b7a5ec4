import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../../shared/org/work-clock.ts';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { act, approval, detail, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../../tests/support/workflow.ts';
import { ManualClock } from '../../../kernel/clock.ts';
import type { Platform } from '../../../platform.ts';
import { workflowTimers } from '../routes.ts';

/** Time limits in work time (issue 14 "Time limits"; Part 2 §4.6): reminders, auto decisions, escalation, stale timers. */
const clock = new ManualClock(instantOf('Asia/Shanghai', '2026-11-25', 10 * 60).getTime());
let platform: Platform;
let kit: WorkflowKit;
const minutes = (n: number) => clock.advance(n * 60_000);
const tick = () => workflowTimers.get(platform.kernel)!.tick();

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  kit = await workflowKit(platform.url, 'tm');
});
afterAll(async () => platform?.stop());

const inbox = async (who: keyof WorkflowKit['as'], category: string) => (await ok(kit.as[who].get(`/api/messages?category=${category}`))).items as any[];

describe('time limits', () => {
  it('reminds ahead of the limit, then approves by itself at the limit, counted in working minutes', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1), { timeLimit: { minutes: 120, remindBefore: 30, action: 'autoApprove' } }), approval('n2', members(kit.ids.a2))]));
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    // 10:00 + 120 working minutes is 12:00 (and 150 would be 13:30, past lunch); the reminder 30 minutes before.
    const task = (await detail(kit.as.i, instanceId)).tasks[0];
    expect(new Date(task.dueAt).getTime()).toBe(instantOf('Asia/Shanghai', '2026-11-25', 12 * 60).getTime());
    const todos = (await inbox('a1', 'todo')).length;
    minutes(60);
    expect(await tick()).toBe(0);
    minutes(31);
    expect(await tick()).toBe(1);
    expect((await inbox('a1', 'todo')).length).toBe(todos + 1);
    expect((await detail(kit.as.i, instanceId)).instance.currentNodes).toEqual(['n1']);
    minutes(120);
    expect(await tick()).toBe(1);
    const d = await detail(kit.as.i, instanceId);
    expect(d.tasks[0]).toMatchObject({ state: 'approved', via: 'system', reason: 'workflow.auto.timeout' });
    expect(d.instance.currentNodes).toEqual(['n2']);
  });

  it('a timer on a task handled meanwhile does nothing (Part 2 §8)', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1), { timeLimit: { minutes: 30, action: 'autoReturn' } }), approval('n2', members(kit.ids.a2))]));
    await tick();
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await act(kit.as.a1, instanceId, 'approve');
    minutes(24 * 60);
    expect(await tick()).toBe(0);
    const d = await detail(kit.as.i, instanceId);
    expect(d.instance.state).toBe('running');
    expect(d.timeline.map((a: any) => a.action)).toEqual(['submit', 'approve']);
  });

  it('returns by itself, or escalates to the handler\'s direct superior, when the node says so', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1), { timeLimit: { minutes: 30, action: 'autoReturn' } })]));
    const returned = await submitOrder(kit, kit.as.i, {});
    minutes(24 * 60);
    await tick();
    expect((await detail(kit.as.i, returned.instanceId)).instance.state).toBe('returned');
    // I's superior is A1: a task of I's escalates to A1, who then decides for I.
    await kit.publish(model([approval('n1', members(kit.ids.i), { timeLimit: { minutes: 30, action: 'escalate' } })]));
    const escalated = await submitOrder(kit, kit.as.b, {});
    minutes(24 * 60);
    await tick();
    const d = await detail(kit.as.a1, escalated.instanceId);
    expect(d.tasks[0]).toMatchObject({ ownerId: kit.ids.i, assigneeId: kit.ids.a1, entrustState: 'accepted' });
    expect(d.timeline.at(-1)).toMatchObject({ action: 'escalate', via: 'system' });
    expect((await act(kit.as.a1, escalated.instanceId, 'approve')).status).toBe(200);
  });
});
