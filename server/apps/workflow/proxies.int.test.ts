import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn } from '../../../shared/workflow/agents.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { ManualClock } from '../../kernel/clock.ts';
import type { Platform } from '../../platform.ts';
import { createRule, engine, idOf, listRules, MEMBER_PASSWORD, newMember, noonOf, ok, refusal, twoApps } from './agent-test-kit.ts';

/**
 * The engine's read side (proxies.ts; Part 1 §9; decision 0055): who may act for whom today, with states computed on
 * read as the test clock moves. Real PostgreSQL; this suite seeds its own demo at its own clock.
 */
const DAY = 86_400_000;
const clock = new ManualClock();
let platform: Platform;
let admin: TestClient;
let user: TestClient;
let b: TestClient;
const id: Record<string, string> = {};
let appX: string;
let appY: string;
let today: string;
const day = (n: number) => addDays(today, n);
const now = () => new Date(clock.now());
const e = () => engine(platform, 'acme');
const principals = async (userId: string, at = now()) => (await e().principalsFor(userId, at)).map((p) => `${p.via}:${p.principalId}`).sort();
const stateOf = async (client: TestClient, ruleId: string, view: 'mine' | 'toMe' = 'mine') => (await listRules(client, view)).rules.find((r) => r.id === ruleId);

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  [admin, user] = (await Promise.all(['acme.admin', 'acme.user'].map((login) => signedIn(platform.url, login)))) as [TestClient, TestClient];
  id.admin = await idOf(admin);
  id.user = await idOf(user);
  ({ id: id.b, client: b } = await newMember(platform, admin, 'acme.proxyb'));
  ({ id: id.c } = await newMember(platform, admin, 'acme.proxyc'));
  [appX, appY] = await twoApps(admin, 'Proxies Y');
  today = (await listRules(user)).today;
});
afterAll(async () => {
  await platform?.stop();
});

describe('who may act for whom', () => {
  it('is direct only: A→B and B→C do not let C act for A', async () => {
    const ab = ok(await createRule(user, { agentId: id.b!, apps: [appX], perms: ['handleTodo', 'createData'], validFrom: today, validTo: day(1) }));
    const bc = ok(await createRule(b, { agentId: id.c!, apps: [appX], validFrom: today, validTo: day(1) }));
    expect(await e().principalsFor(id.b!, now())).toEqual([{ principalId: id.user, via: 'agent', apps: [appX], perms: ['handleTodo', 'createData'] }]);
    expect(await principals(id.c!)).toEqual([`agent:${id.b}`]);
    expect(await e().actingPath(id.c!, id.user!, appX, 'handleTodo', now())).toBeNull();
    expect(await e().actingPath(id.c!, id.b!, appX, 'handleTodo', now())).toBe('agent');
    expect(await e().actingPath(id.b!, id.user!, appX, 'createData', now())).toBe('agent');
    // Outside the scope, without the permission, or for oneself: no path.
    expect(await e().actingPath(id.b!, id.user!, appY, 'handleTodo', now())).toBeNull();
    expect(await e().actingPath(id.b!, id.user!, appX, 'returnWorkflow', now())).toBeNull();
    expect(await e().actingPath(id.user!, id.user!, appX, 'handleTodo', now())).toBeNull();
    const proxies = await e().proxiesOf([id.user!, id.b!, id.c!], now());
    expect(proxies.get(id.user!)!.map((p) => p.userId)).toEqual([id.b]);
    expect(proxies.get(id.b!)!.map((p) => p.userId)).toEqual([id.c]);
    expect(proxies.get(id.c!)).toEqual([]);
    // A recycled rule gives nothing.
    ok(await user.post('/api/workflow/agents/recover', { ids: [ab.id] }));
    expect(await principals(id.b!)).toEqual([]);
    expect(await e().actingPath(id.b!, id.user!, appX, 'handleTodo', now())).toBeNull();
    ok(await b.post('/api/workflow/agents/recover', { ids: [bc.id] }));
  });

  it('an agent rule and a hosting may both hold: the agent rule is the path named where it covers the app', async () => {
    const rule = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: today, validTo: day(1) }));
    ok(await user.put('/api/workflow/hosting', { enabled: true, trusteeId: id.b }));
    expect(await principals(id.b!)).toEqual([`agent:${id.user}`, `trustee:${id.user}`]);
    expect(await e().actingPath(id.b!, id.user!, appX, 'handleTodo', now())).toBe('agent');
    expect(await e().actingPath(id.b!, id.user!, appY, 'returnWorkflow', now())).toBe('trustee');
    ok(await user.put('/api/workflow/hosting', { enabled: false, trusteeId: null }));
    ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] }));
  });
});

describe('states computed when read, as the clock moves', () => {
  it('before its start a rule is not yet in force and gives nothing; on its first day it works', async () => {
    const rule = ok(await createRule(user, { agentId: id.c!, apps: [appY], validFrom: day(1), validTo: day(3) }));
    expect([rule.state, rule.notYetInForce]).toEqual(['agenting', true]);
    expect(await principals(id.c!)).toEqual([]);
    expect(await principals(id.c!, noonOf(day(1)))).toEqual([`agent:${id.user}`]);
    clock.advance(DAY);
    expect(await stateOf(user, rule.id)).toMatchObject({ state: 'agenting', notYetInForce: false });
    expect(await principals(id.c!)).toEqual([`agent:${id.user}`]);
    expect(await principals(id.c!, noonOf(day(4)))).toEqual([]);
  });

  it('past its end a rule is expired, for principal and agent alike; it cannot be recovered, only deleted or re-edited', async () => {
    const current = dayIn('Asia/Shanghai', clock.now());
    const rule = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: current, validTo: current }));
    expect(await principals(id.b!)).toEqual([`agent:${id.user}`]);
    clock.advance(DAY);
    expect((await stateOf(user, rule.id)).state).toBe('expired');
    expect((await stateOf(b, rule.id, 'toMe')).state).toBe('expired');
    expect(await principals(id.b!)).toEqual([]);
    expect(await e().actingPath(id.b!, id.user!, appX, 'handleTodo', now())).toBeNull();
    expect(refusal(await user.post('/api/workflow/agents/recover?lang=en', { ids: [rule.id] }))[0]).toBe(422);
    // An expired rule blocks nothing: the same agent and app may be named again from today.
    const next = dayIn('Asia/Shanghai', clock.now());
    const again = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: current, validTo: next }));
    ok(await user.delete(`/api/workflow/agents/${rule.id}`));
    ok(await user.post('/api/workflow/agents/recover', { ids: [again.id] }));
  });

  it('a disabled agent or principal makes the rule invalid while it lasts; enabled again, it works again', async () => {
    const current = dayIn('Asia/Shanghai', clock.now());
    const rule = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: current, validTo: addDays(current, 2) }));
    const reverse = ok(await createRule(b, { agentId: id.c!, apps: [appX], validFrom: current, validTo: addDays(current, 2) }));
    ok(await admin.put(`/api/org/members/${id.b}/status`, { status: 'disabled' }));
    expect((await stateOf(user, rule.id)).state).toBe('invalid');
    expect(await principals(id.b!)).toEqual([]);
    // B is the principal of the other rule: C may no longer act for him either.
    expect(await principals(id.c!)).not.toContain(`agent:${id.b}`);
    expect(await e().actingPath(id.c!, id.b!, appX, 'handleTodo', now())).toBeNull();
    expect(refusal(await createRule(user, { agentId: id.b!, apps: [appY], validFrom: current, validTo: current }))).toEqual([422, 'The agent must be an active member of this space.']);
    ok(await admin.put(`/api/org/members/${id.b}/status`, { status: 'active' }));
    b = await signedIn(platform.url, 'acme.proxyb', MEMBER_PASSWORD);
    expect((await stateOf(user, rule.id)).state).toBe('agenting');
    expect(await principals(id.c!)).toContain(`agent:${id.b}`);
    ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] }));
    ok(await b.post('/api/workflow/agents/recover', { ids: [reverse.id] }));
  });

  it('"today" is the space\'s date: the same rule is in force or expired as the space\'s time zone says', async () => {
    const zone = (timeZone: string) => admin.put('/api/org/settings/time-zone', { timeZone });
    // 25 hours apart: at any instant these two zones are on different dates.
    ok(await zone('Pacific/Pago_Pago'));
    const behind = dayIn('Pacific/Pago_Pago', clock.now());
    expect((await listRules(user)).today).toBe(behind);
    const rule = ok(await createRule(user, { agentId: id.b!, apps: [appY], validFrom: behind, validTo: behind }));
    expect(await principals(id.b!)).toEqual([`agent:${id.user}`]);
    ok(await zone('Pacific/Kiritimati'));
    expect((await listRules(user)).today).toBe(dayIn('Pacific/Kiritimati', clock.now()));
    expect((await stateOf(user, rule.id)).state).toBe('expired');
    expect(await principals(id.b!)).toEqual([]);
    ok(await zone('Pacific/Pago_Pago'));
    expect((await stateOf(user, rule.id)).state).toBe('agenting');
    ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] }));
    ok(await zone('Asia/Shanghai'));
  });
});
