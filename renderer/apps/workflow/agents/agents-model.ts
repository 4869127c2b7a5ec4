import type { PickedItem } from '../../../../shared/org/picker.ts';
import { addDays, agentRuleProblem, type AgentPerson, type AgentProblem, type AgentRuleView, type AgentState } from '../../../../shared/workflow/agents.ts';
import type { AgentPerm } from '../../../../shared/workflow/model.ts';

/** What a rule's tag says: the four states of spec §4, and "not yet in force" for agenting before its start. */
export type ShownState = AgentState | 'pending';

export const shownState = (rule: AgentRuleView): ShownState => (rule.notYetInForce ? 'pending' : rule.state);

export const STATE_COLORS: Record<ShownState, string> = { agenting: 'green', pending: 'arcoblue', recycled: 'gray', expired: 'orange', invalid: 'red' };

/** New: a fresh rule. Edit: the agenting rule itself. Re-edit: a finished rule's values copied into a new one. */
export type DialogMode = 'create' | 'edit' | 'reedit';

export interface RuleDraft {
  agent: PickedItem[];
  apps: string[];
  perms: AgentPerm[];
  validFrom: string;
  validTo: string;
  note: string;
}

/** A new rule runs a week from today, for to-dos, until the member says otherwise. */
const WEEK = 6;

export function draftFor(mode: DialogMode, rule: AgentRuleView | null, today: string): RuleDraft {
  if (!rule || mode === 'create') return { agent: [], apps: [], perms: ['handleTodo'], validFrom: today, validTo: addDays(today, WEEK), note: '' };
  const kept = {
    agent: [{ kind: 'member' as const, id: rule.agent.id, name: rule.agent.name }],
    // An app deleted since cannot be chosen again: a re-edited rule leaves it out.
    apps: mode === 'edit' ? rule.apps.map((a) => a.id) : rule.apps.filter((a) => !a.deleted).map((a) => a.id),
    perms: [...rule.perms],
    note: rule.note,
  };
  if (mode === 'edit') return { ...kept, validFrom: rule.validFrom, validTo: rule.validTo };
  // Re-edit starts today; an end still ahead is kept, a passed one gives a week.
  return { ...kept, validFrom: today, validTo: rule.validTo >= today ? rule.validTo : addDays(today, WEEK) };
}

/** The same check the server runs (shared/workflow/agents.ts), before anything is sent. */
export function draftProblem(draft: RuleDraft, principal: AgentPerson, today: string): AgentProblem | null {
  return agentRuleProblem(
    { principalId: principal.id, agentId: draft.agent[0]?.id ?? '', apps: draft.apps, perms: draft.perms, validFrom: draft.validFrom, validTo: draft.validTo, note: draft.note },
    today,
  );
}

/** What the server receives for a new rule (create and re-edit) or an edit. */
export function createBody(draft: RuleDraft, principal: AgentPerson) {
  return { principalId: principal.id, agentId: draft.agent[0]?.id ?? '', apps: draft.apps, perms: draft.perms, validFrom: draft.validFrom, validTo: draft.validTo, note: draft.note };
}

export function updateBody(draft: RuleDraft, rule: AgentRuleView) {
  return { apps: draft.apps, perms: draft.perms, validFrom: draft.validFrom, validTo: draft.validTo, note: draft.note, updatedAt: rule.updatedAt };
}
