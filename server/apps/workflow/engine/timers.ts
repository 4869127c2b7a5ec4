import { addWorkMinutes } from '../../../../shared/org/work-clock.ts';
import type { ApprovalNode } from '../../../../shared/workflow/model.ts';
import type { EnqueueOptions } from '../../../kernel/jobs/types.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import type { Run } from './run.ts';

/** The kernel job that fires one timer of one task (a reminder or the time limit). */
export const TIMER_JOB = 'workflow.timer';

export type TimerPayload = {
  taskId: string;
  /** The task's timer this job was made for, by the kernel's clock. */
  at: string;
};

/** Working minutes after now, in the space's work time and zone (decision 0034). */
export async function workMinutesLater(run: Run, minutes: number): Promise<Date> {
  const { time, zone } = await run.kernel.directory.people.workTime(run.trx, run.spaceId);
  return addWorkMinutes(time, zone, run.now, minutes);
}

/**
 * A new pending task's limit and first timer (Part 2 §4.6): the limit in working minutes; a first reminder
 * `remindBefore` working minutes ahead of it when set, else the limit itself. None without a limit.
 */
export async function timerColumns(run: Run, node: ApprovalNode): Promise<{ due_at?: Date; timer_at?: Date }> {
  const limit = node.timeLimit;
  if (!limit || limit.minutes <= 0) return {};
  const due = await workMinutesLater(run, limit.minutes);
  const before = limit.remindBefore ?? 0;
  const first = before > 0 && before < limit.minutes ? await workMinutesLater(run, limit.minutes - before) : due;
  return { due_at: due, timer_at: first };
}

/**
 * The job of one timer. The queue waits by the database's clock while the engine decides by the kernel's, which
 * tests move: a timer due in d ms by the kernel's clock is a job due d ms after `realNow`. In a server both clocks
 * are the system's, so the job's time is the timer's own; the job checks the task again when it runs (fireTimer).
 */
export function timerJob(kernel: Kernel, taskId: string, at: Date, realNow = new Date()): EnqueueOptions<TimerPayload> {
  const payload: TimerPayload = { taskId: String(taskId), at: at.toISOString() };
  const runAt = new Date(realNow.getTime() + (at.getTime() - kernel.clock.now()));
  // Ten tries with backoff (about half an hour) before a failing timer becomes a dead letter the operator can retry.
  return { kind: TIMER_JOB, payload, runAt, maxAttempts: 10 };
}

/**
 * Jobs for timers just set on tasks, in the run's transaction: they exist once the action commits. No unique key:
 * a firing reads the task again under the instance lock, so a second job for one timer finds nothing to do.
 * `realNow` is the database's time when a job waits again for the time left (see fireTimer).
 */
export async function armTimers(run: Run, tasks: ReadonlyArray<{ id: string; timer_at?: Date | null }>, realNow?: Date): Promise<void> {
  const jobs = tasks.filter((t) => t.timer_at).map((t) => timerJob(run.kernel, t.id, t.timer_at!, realNow));
  if (jobs.length) await run.kernel.jobs.enqueue(run.trx, jobs);
}
