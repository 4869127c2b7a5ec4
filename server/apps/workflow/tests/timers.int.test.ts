import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../../shared/org/work-clock.ts';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { act, approval, detail, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../../tests/support/workflow.ts';
import { ManualClock } from '../../../kernel/clock.ts';
import type { Platform } from '../../../platform.ts';
import { fireTimer } from '../timer-work.ts';

/** Time limits in work time (Part 2 §4.6): reminders, auto decisions, escalation, stale timers. */
const clock = new ManualClock(instantOf('Asia/Shanghai', '2026-11-25', 10 * 60).getTime());
let platform: Platform;
let kit: WorkflowKit;
const minutes = (n: number) => clock.advance(n * 60_000);
const owner = () => platform.kernel.databases.owner;
const DUE = `kind = 'workflow.timer' and state = 'ready' and (payload->>'at')::timestamptz <= $1`;
const dueTimers = async () =>
  Number((await owner().query(`select count(*) from workflow_task where state = 'pending' and timer_at <= $1`, [new Date(clock.now())])).rows[0].count);

/**
 * Timers are jobs of the kernel's queue, which waits by the database's clock: those due by the test's clock are made
 * due by the database's too, then every due job runs. Answers how many due timers fired (every job of a due timer,
 * stale ones included, has run).
 */
async function tick(): Promise<number> {
  const before = await dueTimers();
  await owner().query(`update kernel_job set run_at = clock_timestamp() where ${DUE}`, [new Date(clock.now())]);
  await platform.kernel.jobs.drainNow();
  return before - (await dueTimers());
}

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

describe('timers as jobs of the kernel queue', () => {
  const actions = async (instanceId: string) => (await detail(kit.as.i, instanceId)).timeline.map((a: any) => a.action);
  // A minute past the task's limit, whatever the work calendar in between (sessions last a week of the clock).
  const pastLimit = async (instanceId: string) => clock.advance(new Date((await detail(kit.as.i, instanceId)).tasks[0].dueAt).getTime() - clock.now() + 60_000);
  const remindIn30 = () => kit.publish(model([approval('n1', members(kit.ids.a1), { timeLimit: { minutes: 30, action: 'remind' } })]));

  it('a job that runs before its timer by the kernel clock waits again, and fires when the timer is due', async () => {
    await remindIn30();
    await tick();
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await owner().query(`update kernel_job set run_at = clock_timestamp() where kind = 'workflow.timer' and state = 'ready'`);
    await platform.kernel.jobs.drainNow();
    expect(await actions(instanceId)).toEqual(['submit']);
    await pastLimit(instanceId);
    expect(await tick()).toBe(1);
    expect(await actions(instanceId)).toEqual(['submit', 'remind']);
  });

  it('a timer whose process died mid-fire is taken over once the lease lapses, and fires once when that process wakes', async () => {
    await remindIn30();
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await pastLimit(instanceId);
    // A process claims the timer's job (made due in the same transaction, so this process's queue cannot take it
    // first) and dies before its own transaction commits: its claim holds until the lease lapses.
    const client = await owner().connect();
    let claimed: any[];
    try {
      await client.query('begin');
      await client.query(`update kernel_job set run_at = clock_timestamp() where ${DUE}`, [new Date(clock.now())]);
      claimed = (await client.query(`select * from kernel_job_claim('dead-worker', array['workflow.timer'], interval '60 seconds', 10)`)).rows;
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(claimed).toHaveLength(1);
    expect(await tick()).toBe(0);
    expect(await actions(instanceId)).toEqual(['submit']);
    await owner().query(`update kernel_job set locked_until = clock_timestamp() - interval '1 second' where locked_by = 'dead-worker'`);
    expect(await tick()).toBe(1);
    const job = (await owner().query('select state, attempts from kernel_job where id = $1', [claimed[0].id])).rows[0];
    expect(job).toEqual({ state: 'done', attempts: 2 });
    // The process wakes and runs its job to the end: the timer has moved on, nothing happens twice.
    await fireTimer(platform.kernel, claimed[0].space_id, claimed[0].payload.taskId, new Date(claimed[0].payload.at));
    expect(await actions(instanceId)).toEqual(['submit', 'remind']);
  });

  it('fires a timer once when two jobs for it run at once', async () => {
    await remindIn30();
    const { instanceId } = await submitOrder(kit, kit.as.i, {});
    await pastLimit(instanceId);
    const now = new Date(clock.now());
    const copied = await owner().query(`insert into kernel_job (space_id, kind, payload, run_at) select space_id, kind, payload, run_at from kernel_job where ${DUE}`, [now]);
    expect(copied.rowCount).toBe(1);
    expect(await tick()).toBe(1);
    expect(await actions(instanceId)).toEqual(['submit', 'remind']);
  });
});
