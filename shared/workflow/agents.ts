import { AGENT_PERMS, type AgentPerm } from './model.ts';

/**
 * Application agents and account hosting (spec §3 Agent, §4, §5; workflow design Part 1 §9; decision 0055): the
 * rules both the page and the server check, and the shapes the API answers. A rule is virtual: nothing is moved,
 * it is read whenever someone acts, so its state past "taken back" is computed on read (ruleState).
 */
export const AGENT_LIMITS = {
  /** Apps in one rule's scope. */
  apps: 200,
  /** Rules in one batch recovery. */
  batch: 200,
  /** The note on a rule, in Unicode code points (like reasons, spec §5). */
  note: 60,
  /** Rules listed at once. */
  list: 500,
} as const;

/** The product's four states (spec §4). Only agenting and recycled are stored; invalid and expired are read. */
export const AGENT_STATES = ['agenting', 'recycled', 'invalid', 'expired'] as const;
export type AgentState = (typeof AGENT_STATES)[number];

export interface AgentPerson {
  id: string;
  name: string;
}

export interface AgentApp {
  id: string;
  name: string;
  /** In the app recycle bin: kept in the scope (it may be restored), shown struck through. */
  deleted: boolean;
}

/** One rule as the lists show it. `notYetInForce`: agenting, but today is before its start date. */
export interface AgentRuleView {
  id: string;
  principal: AgentPerson;
  agent: AgentPerson;
  apps: AgentApp[];
  perms: AgentPerm[];
  validFrom: string;
  validTo: string;
  state: AgentState;
  notYetInForce: boolean;
  note: string;
  createdBy: AgentPerson;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/workflow/agents: `today` is the space's date, which the page uses for defaults and checks. */
export interface AgentListAnswer {
  rules: AgentRuleView[];
  today: string;
}

/** One member's account hosting. `effective`: enabled and both people are active members (read now). */
export interface HostingView {
  user: AgentPerson;
  trustee: AgentPerson | null;
  enabled: boolean;
  effective: boolean;
  updatedAt: string | null;
}

/** GET /api/workflow/hosting: the member's own hosting and the hostings that name him trustee. */
export interface HostingAnswer {
  mine: HostingView;
  toMe: HostingView[];
}

export interface AgentRuleDraft {
  principalId: string;
  agentId: string;
  apps: readonly string[];
  perms: readonly string[];
  validFrom: string;
  validTo: string;
  note?: string;
}

export type AgentField = 'agent' | 'apps' | 'perms' | 'validFrom' | 'validTo' | 'note';

/** A refusal: the i18n key (workflow.agents.*), its parameters and the field it is about. */
export interface AgentProblem {
  key: string;
  field: AgentField;
  params?: Record<string, string | number>;
}

const ID = /^[0-9]{1,18}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(text: string): boolean {
  const parts = DAY.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The date (YYYY-MM-DD) that `now` is in `timeZone`: "today" of a space, whatever the server's own zone. */
export function dayIn(timeZone: string, now: Date | number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

export const isAgentPerm = (value: string): value is AgentPerm => (AGENT_PERMS as readonly string[]).includes(value);

/**
 * The first problem of a new or edited rule, or null (spec §5: agent, validity, scope and at least one permission
 * required). `today` is the space's date: the end may not lie before it. What needs the database (members of the
 * space, apps of the space, overlapping rules) the server checks after this.
 */
export function agentRuleProblem(draft: AgentRuleDraft, today: string): AgentProblem | null {
  if (!ID.test(draft.agentId)) return { key: 'workflow.agents.agentRequired', field: 'agent' };
  if (draft.agentId === draft.principalId) return { key: 'workflow.agents.self', field: 'agent' };
  if (!draft.validFrom || !draft.validTo) return { key: 'workflow.agents.datesRequired', field: draft.validFrom ? 'validTo' : 'validFrom' };
  if (!isDay(draft.validFrom)) return { key: 'workflow.agents.dateInvalid', field: 'validFrom', params: { date: draft.validFrom.slice(0, 10) } };
  if (!isDay(draft.validTo)) return { key: 'workflow.agents.dateInvalid', field: 'validTo', params: { date: draft.validTo.slice(0, 10) } };
  if (draft.validTo < draft.validFrom) return { key: 'workflow.agents.endBeforeStart', field: 'validTo' };
  if (draft.validTo < today) return { key: 'workflow.agents.endPast', field: 'validTo', params: { today } };
  if (draft.apps.length === 0) return { key: 'workflow.agents.appsRequired', field: 'apps' };
  if (draft.apps.length > AGENT_LIMITS.apps) return { key: 'workflow.agents.appsTooMany', field: 'apps', params: { max: AGENT_LIMITS.apps } };
  if (draft.perms.length === 0) return { key: 'workflow.agents.permsRequired', field: 'perms' };
  if (!draft.perms.every(isAgentPerm)) return { key: 'workflow.agents.permsRequired', field: 'perms' };
  if ([...(draft.note ?? '').trim()].length > AGENT_LIMITS.note) return { key: 'workflow.agents.noteTooLong', field: 'note', params: { max: AGENT_LIMITS.note } };
  return null;
}

/**
 * A rule's state as of `today`. A taken-back rule stays recycled; an agenting one past its end is expired (its end
 * is a fact of its own, whatever happened to the people since); otherwise it is invalid while either person is not
 * an active member of the space. Nothing here is written back: a re-enabled member makes the rule work again.
 */
export function ruleState(stored: AgentState, validTo: string, peopleActive: boolean, today: string): AgentState {
  if (stored !== 'agenting') return stored;
  if (validTo < today) return 'expired';
  return peopleActive ? 'agenting' : 'invalid';
}

/** "Not yet in force": agenting, but its start date has not come (the page shows it apart). */
export const notYetInForce = (state: AgentState, validFrom: string, today: string) => state === 'agenting' && validFrom > today;

/** Whether two rules' date ranges (both ends included) share a day. */
export const datesOverlap = (a: { validFrom: string; validTo: string }, b: { validFrom: string; validTo: string }) => a.validFrom <= b.validTo && b.validFrom <= a.validTo;

/** The first problem of a hosting change, or null: enabling needs exactly one trustee, and not oneself (spec §5). */
export function hostingProblem(change: { userId: string; enabled: boolean; trusteeId: string | null }): AgentProblem | null {
  if (!change.enabled) return null;
  if (!change.trusteeId || !ID.test(change.trusteeId)) return { key: 'workflow.agents.hosting.trusteeRequired', field: 'agent' };
  if (change.trusteeId === change.userId) return { key: 'workflow.agents.hosting.self', field: 'agent' };
  return null;
}
