import { sql } from 'kysely';
import { inSpace } from '../../kernel/db/pool.ts';
import { JobFailedForGood } from '../../kernel/jobs/types.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { approvalNode } from './engine/actor.ts';
import { notifyAssignees } from './engine/notify.ts';
import { cancelOpen, decide, nodeProgress } from './engine/progress.ts';
import { lockInstance, logAction, openRun, settle, SYSTEM, tell, type Run, type TaskRow } from './engine/run.ts';
import { armTimers, TIMER_JOB, workMinutesLater, type TimerPayload } from './engine/timers.ts';

/** A reminder to the handler (and whoever works his to-dos); the next one after `remindEvery`, up to `maxReminds`. */
async function remind(run: Run, task: TaskRow, dueAt: Date | null): Promise<Date | null> {
  const limit = approvalNode(run, task.node_id).timeLimit;
  await notifyAssignees(run, [task.assignee_id], 'remind');
  await logAction(run, 'remind', SYSTEM, { taskId: task.id, fromNode: task.node_id });
  const count = task.remind_count + 1;
  await run.trx.updateTable('workflow_task').set({ remind_count: count }).where('id', '=', task.id).execute();
  if (!limit?.remindEvery || count >= (limit.maxReminds ?? 1)) return dueAt && dueAt > run.now ? dueAt : null;
  const next = await workMinutesLater(run, limit.remindEvery);
  return dueAt && dueAt > run.now && dueAt < next ? dueAt : next;
}

/** The time limit reached (Part 2 §4.6): remind, approve or return by the system, or escalate to his superior. */
async function expire(run: Run, task: TaskRow): Promise<Date | null> {
  const node = approvalNode(run, task.node_id);
  switch (node.timeLimit?.action ?? 'remind') {
    case 'remind':
      return remind(run, task, null);
    case 'autoApprove':
      await decide(run, task, 'approved', SYSTEM, 'workflow.auto.timeout');
      await logAction(run, 'autoApprove', SYSTEM, { taskId: task.id, fromNode: task.node_id, reason: 'workflow.auto.timeout' });
      await nodeProgress(run, task);
      return null;
    case 'autoReturn': {
      await decide(run, task, 'returned', SYSTEM, 'workflow.auto.timeout');
      await cancelOpen(run, 'return');
      run.instance.state = 'returned';
      run.instance.returned_from = task.node_id;
      await logAction(run, 'return', SYSTEM, { taskId: task.id, fromState: 'running', toState: 'returned', fromNode: task.node_id, reason: 'workflow.auto.timeout' });
      await tell(run, [run.instance.initiator_id], 'approvalResult', 'returned', { reason: '' });
      return null;
    }
    case 'escalate': {
      // Entrusted to his direct superior without asking (recorded as the system's): the owner stays the original one.
      const superior = await run.kernel.directory.people.superiorAbove(run.trx, run.spaceId, task.assignee_id, 1);
      if (!superior) return remind(run, task, null);
      await run.trx.updateTable('workflow_task').set({ assignee_id: superior, entrust_state: 'accepted', entrustee_id: superior }).where('id', '=', task.id).execute();
      await logAction(run, 'escalate', SYSTEM, { taskId: task.id, fromNode: task.node_id, payload: { from: task.assignee_id, to: superior } });
      await notifyAssignees(run, [superior]);
      return null;
    }
  }
}

/**
 * One timer's job, in its space's transaction under the instance lock. The task is read again, so a timer that fires
 * on a task just handled does nothing (Part 2 §8 "Timer fires on a task just approved"), and a second job for a
 * timer already fired (one taken over from a process that died after committing) finds it moved on. A job that runs
 * before its timer is due by the kernel's clock (clocks of the processes and the database drift a little apart;
 * tests move the kernel's) waits again; a job for a timer replaced since leaves it to that timer's own job.
 */
export async function fireTimer(kernel: Kernel, spaceId: string, taskId: string, at: Date): Promise<void> {
  await inSpace(kernel.db, spaceId, async (trx) => {
    const pointer = await trx.selectFrom('workflow_task').select('instance_id').where('id', '=', taskId).executeTakeFirst();
    if (!pointer) return;
    const run = await openRun(kernel, trx, spaceId, await lockInstance(trx, pointer.instance_id));
    const task = await trx.selectFrom('workflow_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    if (task.state !== 'pending' || run.instance.state !== 'running' || !task.timer_at) {
      if (task.state !== 'pending' && task.timer_at) await trx.updateTable('workflow_task').set({ timer_at: null }).where('id', '=', taskId).execute();
      return;
    }
    if (task.timer_at > run.now) {
      // The time left counts from the database's now: from this process's, a clock behind the database's would
      // make the job due at once, again and again, until the two agree.
      if (task.timer_at.getTime() !== at.getTime()) return;
      const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(trx);
      await armTimers(run, [task], rows[0]!.now);
      return;
    }
    const next = task.due_at && task.due_at <= run.now ? await expire(run, task) : await remind(run, task, task.due_at);
    await trx.updateTable('workflow_task').set({ timer_at: next }).where('id', '=', taskId).where('state', '=', 'pending').execute();
    if (next) await armTimers(run, [{ id: taskId, timer_at: next }]);
    await settle(run);
  });
}

/** The timers' job kind on the kernel's queue (decision 0097): leases, take-over and retries are the queue's. */
export function defineTimerJob(kernel: Kernel): void {
  kernel.jobs.define<TimerPayload>(TIMER_JOB, async (job) => {
    const { taskId, at } = job.payload;
    const when = new Date(at);
    if (!job.spaceId || !/^\d{1,18}$/.test(String(taskId)) || Number.isNaN(when.getTime())) throw new JobFailedForGood('a workflow timer names a task of a space and its time');
    await fireTimer(kernel, job.spaceId, String(taskId), when);
  });
}
