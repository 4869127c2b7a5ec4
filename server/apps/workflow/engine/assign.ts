import type { AssigneeRule } from '../../../../shared/workflow/model.ts';
import { fail } from '../../../kernel/errors.ts';
import { recordOf, type Run } from './run.ts';

const nodeName = (run: Run, id: string) => run.places.get(id)?.node.name || id;

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Member ids held by a member field value (one id, or a list). */
function membersIn(value: unknown): string[] {
  if (typeof value === 'string' && value) return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [];
}

/**
 * The people a node's rules name, in rule order, each once, active members only (Part 2 §4.1–4.2 steps 1–2).
 * Named members keep the order the designer gave them (sequential approval follows it).
 */
export async function resolveRules(run: Run, nodeId: string, rules: readonly AssigneeRule[]): Promise<string[]> {
  const { trx, spaceId } = run;
  const people = run.kernel.directory.people;
  const found: string[] = [];
  for (const rule of rules) {
    switch (rule.kind) {
      case 'members':
        found.push(...(rule.ids ?? []));
        break;
      case 'roles':
        found.push(...(await run.kernel.notices.resolve(trx, spaceId, { roles: rule.ids ?? [] })));
        break;
      case 'roleGroups':
        found.push(...(await run.kernel.notices.resolve(trx, spaceId, { roleGroups: rule.ids ?? [] })));
        break;
      case 'posts':
        found.push(...(await people.postHolders(trx, spaceId, rule.ids ?? [])));
        break;
      case 'deptHead':
        found.push(...(await people.headsAbove(trx, spaceId, run.initiator.userId, rule.levels ?? 1)));
        break;
      case 'superior': {
        const superior = await people.superiorAbove(trx, spaceId, run.initiator.userId, rule.levels ?? 1);
        if (superior) found.push(superior);
        break;
      }
      case 'memberField':
        found.push(...membersIn(rule.field ? (await recordOf(run))?.values[rule.field] : null));
        break;
      case 'initiator':
        found.push(run.initiator.userId);
        break;
      case 'initiatorSelects':
      case 'previousSelects': {
        // Chosen at run time: the submit (or the approval before) must name them once the walk reaches the node.
        const chosen = run.selections[nodeId] ?? [];
        if (!chosen.length) throw fail.unprocessable('workflow.selectionRequired', { node: nodeName(run, nodeId) });
        found.push(...chosen);
        break;
      }
    }
  }
  const wanted = unique(found);
  const active = await people.activeMembers(trx, spaceId, wanted);
  return wanted.filter((id) => active.has(id));
}

/** Whether a node lets people choose its handlers at run time (then the choice must be given). */
export const chosenAtRunTime = (rules: readonly AssigneeRule[], kind: 'initiatorSelects' | 'previousSelects') => rules.some((r) => r.kind === kind);
