import type { ApprovalNode } from '../../../../shared/workflow/model.ts';
import type { Run } from './run.ts';

/** The time limit and first timer of a new task (filled in by the timer work; none without a limit). */
export async function timerColumns(_run: Run, node: ApprovalNode): Promise<{ due_at?: Date; timer_at?: Date }> {
  if (!node.timeLimit) return {};
  return {};
}
