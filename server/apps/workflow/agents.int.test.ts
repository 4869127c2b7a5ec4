import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/workflow/agents.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { createRule, idOf, listRules, newMember, ok, refusal, twoApps } from './agent-test-kit.ts';

/** Agent rules through the API (spec §3, §4, §5; Part 1 §9; decision 0055), on real PostgreSQL, two spaces. */
let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaAdmin: TestClient;
const id: Record<string, string> = {};
let b: TestClient;
let c: TestClient;
let appX: string;
let appY: string;
let today: string;
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaAdmin] = (await Promise.all(['acme.admin', 'acme.user', 'nova.admin'].map((login) => signedIn(platform.url, login)))) as [TestClient, TestClient, TestClient];
  for (const [name, client] of Object.entries({ admin, user, novaAdmin })) id[name] = await idOf(client);
  const nova = await signedIn(platform.url, 'nova.user');
  id.novaUser = await idOf(nova);
  ({ id: id.b, client: b } = await newMember(platform, admin, 'acme.agentb'));
  ({ id: id.c, client: c } = await newMember(platform, admin, 'acme.agentc'));
  [appX, appY] = await twoApps(admin, 'Agents Y');
  today = (await listRules(user)).today;
});
afterAll(async () => {
  await platform?.stop();
});

describe('a new rule', () => {
  it('is listed under "my agents" of the principal and "agents to me" of the agent, agenting', async () => {
    const rule = ok(await createRule(user, { agentId: id.b!, apps: [appX], perms: ['returnWorkflow', 'handleTodo'], validFrom: today, validTo: day(3), note: ' 出差 ' }));
    expect(rule).toMatchObject({ principal: { id: id.user }, agent: { id: id.b }, perms: ['handleTodo', 'returnWorkflow'], validFrom: today, validTo: day(3), state: 'agenting', notYetInForce: false, note: '出差', createdBy: { id: id.user } });
    expect(rule.apps).toEqual([{ id: appX, name: expect.any(String), deleted: false }]);
    expect((await listRules(user)).rules.map((r) => r.id)).toContain(rule.id);
    expect((await listRules(b, 'toMe')).rules.map((r) => r.id)).toContain(rule.id);
    // The agent's own "my agents" does not show it: he is not its principal.
    expect((await listRules(b)).rules.map((r) => r.id)).not.toContain(rule.id);
    ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] }));
  });

  it('starting later is agenting but not yet in force', async () => {
    const rule = ok(await createRule(user, { agentId: id.c!, apps: [appY], validFrom: day(2), validTo: day(4) }));
    expect([rule.state, rule.notYetInForce]).toEqual(['agenting', true]);
    ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] }));
  });

  it('every refusal comes in both languages and changes nothing', async () => {
    const before = (await listRules(user)).rules.length;
    const good = { agentId: id.b!, apps: [appX], validFrom: today, validTo: day(1) };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ agentId: '' }, 'Choose the agent.', '请选择代理人。'],
      [{ agentId: id.user }, 'You cannot be your own agent.', '不能设置自己为自己的代理人。'],
      [{ validFrom: '' }, 'Enter both the start date and the end date of the validity period.', '请填写有效期的开始日期和结束日期。'],
      [{ validTo: '2026-02-30' }, 'The date "2026-02-30" is not valid; write it as year-month-day.', '日期“2026-02-30”无效，请按 年-月-日 填写。'],
      [{ validFrom: day(2), validTo: day(1) }, 'The end date cannot be before the start date.', '结束日期不能早于开始日期。'],
      [{ validFrom: day(-5), validTo: day(-1) }, `The end date cannot be before today (${today}).`, `结束日期不能早于今天（${today}）。`],
      [{ apps: [] }, 'Choose at least one app for the scope.', '请至少选择一个应用作为代理范围。'],
      [{ perms: [] }, 'Choose at least one permission.', '请至少选择一项代理权限。'],
      [{ note: '长'.repeat(61) }, 'The note can be at most 60 characters long.', '备注最多 60 个字符。'],
      [{ apps: ['999999'] }, 'A chosen app does not exist or was deleted; choose again.', '所选应用不存在或已删除，请重新选择。'],
      // Someone of another space cannot be named: he is simply not a member here.
      [{ agentId: id.novaUser }, 'The agent must be an active member of this space.', '代理人必须是本空间的在职成员。'],
    ];
    for (const [change, en, zh] of cases) {
      expect(refusal(await createRule(user, { ...good, ...change } as never, 'en')), JSON.stringify(change)).toEqual([422, en]);
      expect(refusal(await createRule(user, { ...good, ...change } as never, 'zh-CN')), JSON.stringify(change)).toEqual([422, zh]);
    }
    expect((await listRules(user)).rules.length).toBe(before);
  });
});

describe('overlapping duplicates', () => {
  it('the same principal and agent with shared days and a shared app are refused; otherwise allowed', async () => {
    const first = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: today, validTo: day(5) }));
    const clash = await createRule(user, { agentId: id.b!, apps: [appY, appX], validFrom: day(5), validTo: day(8) });
    expect(refusal(clash)).toEqual([422, `A rule for the same agent (${today} to ${day(5)}) overlaps these dates and shares an app. Edit that rule, or change the dates or the scope.`]);
    expect(clash.body.data).toEqual({ field: 'validFrom' });
    const disjointApps = ok(await createRule(user, { agentId: id.b!, apps: [appY], validFrom: today, validTo: day(5) }));
    const later = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: day(6), validTo: day(8) }));
    const otherAgent = ok(await createRule(user, { agentId: id.c!, apps: [appX], validFrom: today, validTo: day(5) }));
    // Taken back, the first no longer blocks a rule over the same days.
    ok(await user.post('/api/workflow/agents/recover', { ids: [first.id] }));
    const again = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: day(1), validTo: day(2) }));
    // An edit is checked the same way, against every rule but itself.
    const widened = await user.put(`/api/workflow/agents/${again.id}?lang=en`, { apps: [appX], perms: ['handleTodo'], validFrom: day(1), validTo: day(6), updatedAt: again.updatedAt });
    expect(widened.status).toBe(422);
    ok(await user.post('/api/workflow/agents/recover', { ids: [disjointApps.id, later.id, otherAgent.id, again.id] }));
  });
});

describe('who may do what', () => {
  it('a member manages only his own rules; an admin manages any member\'s', async () => {
    const forbidden = await createRule(user, { principalId: id.c!, agentId: id.b!, apps: [appX], validFrom: today, validTo: day(1) });
    expect(refusal(forbidden)).toEqual([403, "Only an administrator can manage other members' agents and hosting."]);
    expect((await user.get(`/api/workflow/agents?principalId=${id.c}`)).status).toBe(403);
    const byAdmin = ok(await createRule(admin, { principalId: id.c!, agentId: id.b!, apps: [appY], validFrom: today, validTo: day(2) }));
    expect(byAdmin).toMatchObject({ principal: { id: id.c }, agent: { id: id.b }, createdBy: { id: id.admin } });
    expect((await listRules(admin, 'mine', id.c)).rules.map((r) => r.id)).toContain(byAdmin.id);
    expect((await listRules(c)).rules.map((r) => r.id)).toContain(byAdmin.id);
    // The agent sees it but cannot change it; a stranger does not find it; the admin takes it back.
    expect(refusal(await b.post('/api/workflow/agents/recover?lang=en', { ids: [byAdmin.id] }))).toEqual([403, 'Only the principal or an administrator can change this rule.']);
    expect((await user.post('/api/workflow/agents/recover', { ids: [byAdmin.id] })).status).toBe(404);
    expect((await user.delete(`/api/workflow/agents/${byAdmin.id}`)).status).toBe(404);
    ok(await admin.post('/api/workflow/agents/recover', { ids: [byAdmin.id] }));
    ok(await admin.delete(`/api/workflow/agents/${byAdmin.id}`));
  });

  it('space B neither sees nor changes space A\'s rules, and cannot name A\'s members', async () => {
    const rule = ok(await createRule(user, { agentId: id.c!, apps: [appX], validFrom: day(10), validTo: day(12) }));
    expect((await listRules(novaAdmin)).rules).toEqual([]);
    expect((await novaAdmin.get(`/api/workflow/agents?principalId=${id.user}`)).body.data.rules).toEqual([]);
    expect((await novaAdmin.put(`/api/workflow/agents/${rule.id}`, { apps: [appX], perms: ['handleTodo'], validFrom: day(10), validTo: day(20), updatedAt: rule.updatedAt })).status).toBe(404);
    expect((await novaAdmin.post('/api/workflow/agents/recover', { ids: [rule.id] })).status).toBe(404);
    expect((await novaAdmin.delete(`/api/workflow/agents/${rule.id}`)).status).toBe(404);
    // Another space's prefix is refused outright for someone who is not a member there.
    expect((await novaAdmin.get('/space-acme/api/workflow/agents')).status).toBe(403);
    const novaApps = (await novaAdmin.get('/api/appcenter/apps')).body.data.apps as Array<{ id: string }>;
    expect(refusal(await createRule(novaAdmin, { principalId: id.user!, agentId: id.novaUser!, apps: [String(novaApps[0]!.id)], validFrom: today, validTo: day(1) }))).toEqual([422, 'The principal is not an active member of this space.']);
    expect(refusal(await createRule(novaAdmin, { agentId: id.c!, apps: [String(novaApps[0]!.id)], validFrom: today, validTo: day(1) }))).toEqual([422, 'The agent must be an active member of this space.']);
    // An app of space A is no app of space B.
    expect(refusal(await createRule(novaAdmin, { agentId: id.novaUser!, apps: [appX], validFrom: today, validTo: day(1) }))[0]).toBe(422);
    expect(ok(await user.get('/api/workflow/agents')).rules.find((r: any) => r.id === rule.id).state).toBe('agenting');
    ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] }));
  });
});

describe('edit, recover, batch recovery, delete, re-edit', () => {
  it('an agenting rule is edited (scope, permissions, end) and still checked; its start stays once in force', async () => {
    const rule = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: today, validTo: day(2) }));
    const edited = ok(await user.put(`/api/workflow/agents/${rule.id}`, { apps: [appY], perms: ['editData', 'createData'], validFrom: today, validTo: day(9), updatedAt: rule.updatedAt }));
    expect(edited).toMatchObject({ apps: [{ id: appY }], perms: ['createData', 'editData'], validTo: day(9), state: 'agenting' });
    const stale = await user.put(`/api/workflow/agents/${rule.id}?lang=en`, { apps: [appX], perms: ['handleTodo'], validFrom: today, validTo: day(3), updatedAt: rule.updatedAt });
    expect(refusal(stale)).toEqual([409, 'This rule was changed meanwhile; reload it and edit again.']);
    const put = (change: object) => user.put(`/api/workflow/agents/${rule.id}?lang=en`, { apps: [appY], perms: ['handleTodo'], validFrom: today, validTo: day(9), updatedAt: edited.updatedAt, ...change });
    expect(refusal(await put({ validFrom: day(1) }))).toEqual([422, `The rule is in force: its start date (${today}) can no longer change.`]);
    expect(refusal(await put({ perms: [] }))[0]).toBe(422);
    expect(refusal(await put({ validTo: day(-1), validFrom: day(-3) }))[0]).toBe(422);
    expect(ok(await user.get('/api/workflow/agents')).rules.find((r: any) => r.id === rule.id)).toMatchObject({ validTo: day(9), perms: ['createData', 'editData'] });
    ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] }));
  });

  it('a rule not yet in force may move its start', async () => {
    const rule = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: day(20), validTo: day(25) }));
    expect(ok(await user.put(`/api/workflow/agents/${rule.id}`, { apps: [appX], perms: ['handleTodo'], validFrom: day(21), validTo: day(25), updatedAt: rule.updatedAt })).validFrom).toBe(day(21));
    ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] }));
  });

  it('recover takes back; a recycled rule cannot be edited or recovered again, and only then can be deleted', async () => {
    const rule = ok(await createRule(user, { agentId: id.c!, apps: [appY], validFrom: today, validTo: day(1) }));
    expect(refusal(await user.delete(`/api/workflow/agents/${rule.id}?lang=en`))).toEqual([422, 'A rule in agency cannot be deleted; recover it first.']);
    const [recycled] = ok(await user.post('/api/workflow/agents/recover', { ids: [rule.id] })).rules;
    expect(recycled.state).toBe('recycled');
    expect(refusal(await user.put(`/api/workflow/agents/${rule.id}?lang=zh-CN`, { apps: [appY], perms: ['handleTodo'], validFrom: today, validTo: day(2), updatedAt: recycled.updatedAt }))).toEqual([422, '只能编辑代理中的代理；已收回、已过期或已失效的代理请重新编辑。']);
    expect(refusal(await user.post('/api/workflow/agents/recover?lang=en', { ids: [rule.id] }))).toEqual([422, 'Only rules in agency can be taken back. Not in agency: 1. Nothing was changed.']);
    // Re-edit: the page copies the rule into a new one, created like any other.
    const copy = ok(await createRule(user, { agentId: id.c!, apps: [appY], validFrom: today, validTo: day(1) }));
    expect(copy.id).not.toBe(rule.id);
    ok(await user.delete(`/api/workflow/agents/${rule.id}`));
    expect((await listRules(user)).rules.map((r) => r.id)).not.toContain(rule.id);
    expect((await user.delete(`/api/workflow/agents/${rule.id}`)).status).toBe(404);
    ok(await user.post('/api/workflow/agents/recover', { ids: [copy.id] }));
  });

  it('batch recovery takes back all of the rules or, if one cannot be, none', async () => {
    const one = ok(await createRule(user, { agentId: id.b!, apps: [appX], validFrom: day(30), validTo: day(31) }));
    const two = ok(await createRule(user, { agentId: id.c!, apps: [appX], validFrom: day(30), validTo: day(31) }));
    const gone = ok(await createRule(user, { agentId: id.b!, apps: [appY], validFrom: day(30), validTo: day(31) }));
    ok(await user.post('/api/workflow/agents/recover', { ids: [gone.id] }));
    expect(refusal(await user.post('/api/workflow/agents/recover?lang=en', { ids: [one.id, two.id, gone.id] }))[0]).toBe(422);
    const states = async () => (await listRules(user)).rules.filter((r) => [one.id, two.id].includes(r.id)).map((r) => r.state);
    expect(await states()).toEqual(['agenting', 'agenting']);
    expect(ok(await user.post('/api/workflow/agents/recover', { ids: [one.id, two.id] })).rules.map((r: any) => r.state)).toEqual(['recycled', 'recycled']);
    expect(await states()).toEqual(['recycled', 'recycled']);
  });
});
