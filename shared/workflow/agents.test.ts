import { describe, expect, it } from 'vitest';
import { addDays, agentRuleProblem, datesOverlap, dayIn, hostingProblem, isDay, notYetInForce, ruleState, type AgentRuleDraft } from './agents.ts';

const today = '2026-03-10';
const good: AgentRuleDraft = { principalId: '1', agentId: '2', apps: ['7'], perms: ['handleTodo'], validFrom: '2026-03-10', validTo: '2026-03-20' };
const key = (change: Partial<AgentRuleDraft>) => agentRuleProblem({ ...good, ...change }, today)?.key ?? null;

describe('agentRuleProblem (spec §5: agent, validity, scope and at least one permission required)', () => {
  it('accepts a complete rule, a one-day rule and a rule that started before today', () => {
    expect(key({})).toBeNull();
    expect(key({ validFrom: today, validTo: today })).toBeNull();
    expect(key({ validFrom: '2026-01-01', validTo: today })).toBeNull();
    expect(key({ perms: ['handleTodo', 'createData', 'editData', 'returnWorkflow'], note: '  休假  ' })).toBeNull();
  });

  it('refuses each missing or wrong part with its own message, naming the field', () => {
    expect(agentRuleProblem({ ...good, agentId: '' }, today)).toEqual({ key: 'workflow.agents.agentRequired', field: 'agent' });
    expect(key({ agentId: 'x1' })).toBe('workflow.agents.agentRequired');
    expect(agentRuleProblem({ ...good, agentId: '1' }, today)).toEqual({ key: 'workflow.agents.self', field: 'agent' });
    expect(agentRuleProblem({ ...good, validFrom: '' }, today)?.field).toBe('validFrom');
    expect(agentRuleProblem({ ...good, validTo: '' }, today)).toEqual({ key: 'workflow.agents.datesRequired', field: 'validTo' });
    expect(agentRuleProblem({ ...good, validTo: '2026-02-30' }, today)).toEqual({ key: 'workflow.agents.dateInvalid', field: 'validTo', params: { date: '2026-02-30' } });
    expect(key({ validFrom: '2026-3-1' })).toBe('workflow.agents.dateInvalid');
    expect(key({ validFrom: '2026-03-15', validTo: '2026-03-14' })).toBe('workflow.agents.endBeforeStart');
    expect(agentRuleProblem({ ...good, validFrom: '2026-03-01', validTo: '2026-03-09' }, today)).toEqual({ key: 'workflow.agents.endPast', field: 'validTo', params: { today } });
    expect(key({ apps: [] })).toBe('workflow.agents.appsRequired');
    expect(key({ apps: Array.from({ length: 201 }, (_, i) => String(i + 1)) })).toBe('workflow.agents.appsTooMany');
    expect(key({ perms: [] })).toBe('workflow.agents.permsRequired');
    expect(key({ perms: ['approveEverything'] })).toBe('workflow.agents.permsRequired');
    expect(key({ note: '假'.repeat(61) })).toBe('workflow.agents.noteTooLong');
  });

  it('counts the note in code points after trimming: 60 emoji fit', () => {
    expect(key({ note: ` ${'😀'.repeat(60)} ` })).toBeNull();
  });
});

describe('states computed on read', () => {
  it('recycled stays recycled; agenting past its end is expired, before it with someone inactive invalid', () => {
    expect(ruleState('recycled', '2020-01-01', false, today)).toBe('recycled');
    expect(ruleState('agenting', '2026-03-09', true, today)).toBe('expired');
    expect(ruleState('agenting', '2026-03-09', false, today)).toBe('expired');
    expect(ruleState('agenting', today, true, today)).toBe('agenting');
    expect(ruleState('agenting', today, false, today)).toBe('invalid');
  });

  it('"not yet in force" is an agenting rule before its start date', () => {
    expect(notYetInForce('agenting', '2026-03-11', today)).toBe(true);
    expect(notYetInForce('agenting', today, today)).toBe(false);
    expect(notYetInForce('recycled', '2026-03-11', today)).toBe(false);
  });
});

describe('dates', () => {
  it('today is the date in the space time zone, not the server\'s', () => {
    const instant = Date.UTC(2026, 2, 9, 17, 30); // 01:30 on 10 March in Shanghai, still 9 March in London
    expect(dayIn('Asia/Shanghai', instant)).toBe('2026-03-10');
    expect(dayIn('Europe/London', instant)).toBe('2026-03-09');
    expect(dayIn('America/Los_Angeles', instant)).toBe('2026-03-09');
  });

  it('adds days across months and years; checks real calendar dates', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect([isDay('2028-02-29'), isDay('2026-02-29'), isDay('2026-13-01'), isDay('26-01-01')]).toEqual([true, false, false, false]);
  });

  it('ranges overlap when they share a day, both ends included', () => {
    const a = { validFrom: '2026-03-01', validTo: '2026-03-10' };
    expect(datesOverlap(a, { validFrom: '2026-03-10', validTo: '2026-03-12' })).toBe(true);
    expect(datesOverlap(a, { validFrom: '2026-03-11', validTo: '2026-03-12' })).toBe(false);
    expect(datesOverlap(a, { validFrom: '2026-02-01', validTo: '2026-04-01' })).toBe(true);
  });
});

describe('hostingProblem (only one trustee, not oneself)', () => {
  it('turning hosting off needs nothing; on needs one trustee who is someone else', () => {
    expect(hostingProblem({ userId: '1', enabled: false, trusteeId: null })).toBeNull();
    expect(hostingProblem({ userId: '1', enabled: true, trusteeId: '2' })).toBeNull();
    expect(hostingProblem({ userId: '1', enabled: true, trusteeId: null })?.key).toBe('workflow.agents.hosting.trusteeRequired');
    expect(hostingProblem({ userId: '1', enabled: true, trusteeId: '1' })?.key).toBe('workflow.agents.hosting.self');
  });
});
