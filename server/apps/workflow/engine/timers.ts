import { addWorkMinutes } from '../../../../shared/org/work-clock.ts';
import type { ApprovalNode } from '../../../../shared/workflow/model.ts';
import type { Run } from './run.ts';

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
