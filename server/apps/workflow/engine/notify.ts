import { proxiesOf } from '../proxies.ts';
import { tell, type Run } from './run.ts';

/**
 * New to-dos (Part 2 §10): the assignees, and whoever may work their to-dos now — agents with "deal with to-do"
 * for this app, and trustees — since the agent's list shows the principal's tasks (Part 1 §9).
 */
export async function notifyAssignees(run: Run, assignees: readonly string[], key = 'todo'): Promise<void> {
  if (!assignees.length) return;
  const proxies = await proxiesOf(run.trx, run.spaceId, assignees, run.now);
  const helpers = [...proxies.values()]
    .flat()
    .filter((p) => p.via === 'trustee' || ((p.apps === null || p.apps.includes(run.instance.app_id)) && p.perms.includes('handleTodo')))
    .map((p) => p.userId);
  await tell(run, [...assignees, ...helpers], key === 'urge' ? 'urge' : 'todo', key);
}
