import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { engine, idOf, MEMBER_PASSWORD, newMember, ok, refusal, twoApps } from './agent-test-kit.ts';

/** Account hosting (spec §4, §5; Part 1 §9; decision 0055): one trustee, full scope, on real PostgreSQL. */
let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaAdmin: TestClient;
let t1: TestClient;
const id: Record<string, string> = {};
let apps: [string, string];

const hosting = async (client: TestClient, userId?: string) => ok(await client.get(`/api/workflow/hosting${userId ? `?userId=${userId}` : ''}`));
const set = (client: TestClient, body: object, lang = 'en') => client.put(`/api/workflow/hosting?lang=${lang}`, body);
const trustees = async (userId: string) => (await engine(platform, 'acme').principalsFor(userId, new Date())).filter((p) => p.via === 'trustee');

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaAdmin] = (await Promise.all(['acme.admin', 'acme.user', 'nova.admin'].map((login) => signedIn(platform.url, login)))) as [TestClient, TestClient, TestClient];
  for (const [name, client] of Object.entries({ admin, user, novaAdmin })) id[name] = await idOf(client);
  id.novaUser = await idOf(await signedIn(platform.url, 'nova.user'));
  ({ id: id.t1, client: t1 } = await newMember(platform, admin, 'acme.trustee1'));
  ({ id: id.t2 } = await newMember(platform, admin, 'acme.trustee2'));
  apps = await twoApps(admin, 'Hosting Y');
});
afterAll(async () => {
  await platform?.stop();
});

describe('account hosting', () => {
  it('is off until turned on; refusals come in both languages and change nothing', async () => {
    expect((await hosting(user)).mine).toEqual({ user: { id: id.user, name: expect.any(String) }, trustee: null, enabled: false, effective: false, updatedAt: null });
    expect(refusal(await set(user, { enabled: true, trusteeId: null }))).toEqual([422, 'Choose a trustee to turn hosting on.']);
    expect(refusal(await set(user, { enabled: true, trusteeId: '' }, 'zh-CN'))).toEqual([422, '开启托管需要选择一位受托人。']);
    expect(refusal(await set(user, { enabled: true, trusteeId: id.user }))).toEqual([422, 'You cannot host your account to yourself.']);
    expect(refusal(await set(user, { enabled: true, trusteeId: id.user }, 'zh-CN'))).toEqual([422, '不能把账号托管给自己。']);
    expect(refusal(await set(user, { enabled: true, trusteeId: id.novaUser }))).toEqual([422, 'The trustee must be an active member of this space.']);
    expect(refusal(await set(user, { enabled: true, trusteeId: id.novaUser }, 'zh-CN'))).toEqual([422, '受托人必须是本空间的在职成员。']);
    // Exactly one trustee: a list is no trustee at all.
    expect((await set(user, { enabled: true, trusteeId: [id.t1, id.t2] })).status).toBe(422);
    expect((await hosting(user)).mine.enabled).toBe(false);
    expect(await trustees(id.t1!)).toEqual([]);
  });

  it('on with a trustee: he may act in every app with every permission; a new trustee replaces the old', async () => {
    const on = ok(await set(user, { enabled: true, trusteeId: id.t1 }));
    expect(on).toMatchObject({ trustee: { id: id.t1 }, enabled: true, effective: true });
    expect(await trustees(id.t1!)).toEqual([{ principalId: id.user, via: 'trustee', apps: null, perms: ['handleTodo', 'createData', 'editData', 'returnWorkflow'] }]);
    const e = engine(platform, 'acme');
    for (const app of apps) expect(await e.actingPath(id.t1!, id.user!, app, 'returnWorkflow', new Date())).toBe('trustee');
    expect((await hosting(t1)).toMe.map((h: any) => h.user.id)).toEqual([id.user]);

    ok(await set(user, { enabled: true, trusteeId: id.t2 }));
    expect((await hosting(user)).mine.trustee.id).toBe(id.t2);
    expect(await trustees(id.t1!)).toEqual([]);
    expect((await trustees(id.t2!)).map((p) => p.principalId)).toEqual([id.user]);
    expect((await hosting(t1)).toMe).toEqual([]);
    expect((await e.proxiesOf([id.user!], new Date())).get(id.user!)).toEqual([{ userId: id.t2, via: 'trustee', apps: null, perms: ['handleTodo', 'createData', 'editData', 'returnWorkflow'] }]);
  });

  it('off: nobody acts for him, and the trustee is kept for next time', async () => {
    const off = ok(await set(user, { enabled: false, trusteeId: null }));
    expect(off).toMatchObject({ enabled: false, effective: false, trustee: { id: id.t2 } });
    expect(await trustees(id.t2!)).toEqual([]);
    expect(await engine(platform, 'acme').actingPath(id.t2!, id.user!, apps[0], 'handleTodo', new Date())).toBeNull();
  });

  it('a disabled trustee makes the hosting ineffective, read when asked; enabled again, it works again', async () => {
    ok(await set(user, { enabled: true, trusteeId: id.t1 }));
    ok(await admin.put(`/api/org/members/${id.t1}/status`, { status: 'disabled' }));
    expect((await hosting(user)).mine).toMatchObject({ enabled: true, effective: false });
    expect(await trustees(id.t1!)).toEqual([]);
    // Nor can a disabled member be named trustee.
    expect(refusal(await set(admin, { enabled: true, trusteeId: id.t1 }))).toEqual([422, 'The trustee must be an active member of this space.']);
    ok(await admin.put(`/api/org/members/${id.t1}/status`, { status: 'active' }));
    // Disabling ended his sessions: he signs in again.
    t1 = await signedIn(platform.url, 'acme.trustee1', MEMBER_PASSWORD);
    expect((await hosting(user)).mine.effective).toBe(true);
    ok(await set(user, { enabled: false, trusteeId: null }));
  });

  it('an admin sets any member\'s hosting; a member only his own; space B sees nothing of space A', async () => {
    expect(refusal(await set(user, { userId: id.t1, enabled: true, trusteeId: id.t2 }))).toEqual([403, "Only an administrator can manage other members' agents and hosting."]);
    expect((await user.get(`/api/workflow/hosting?userId=${id.t1}`)).status).toBe(403);
    ok(await set(admin, { userId: id.t1, enabled: true, trusteeId: id.t2 }));
    expect((await hosting(admin, id.t1)).mine).toMatchObject({ user: { id: id.t1 }, trustee: { id: id.t2 }, enabled: true });
    expect((await hosting(t1)).mine.trustee.id).toBe(id.t2);

    // Space B's admin asking about a member of space A is told nothing, not even the name.
    const outsider = await novaAdmin.get(`/api/workflow/hosting?userId=${id.t1}&lang=en`);
    expect(refusal(outsider)).toEqual([404, 'There is no such member in this space.']);
    expect(JSON.stringify(outsider.body)).not.toContain('trustee1');
    expect(refusal(await set(novaAdmin, { userId: id.t1, enabled: true, trusteeId: id.novaUser }))).toEqual([422, 'The principal is not an active member of this space.']);
    expect(refusal(await set(novaAdmin, { enabled: true, trusteeId: id.t2 }))[0]).toBe(422);
    expect((await novaAdmin.put('/space-acme/api/workflow/hosting', { enabled: false, trusteeId: null })).status).toBe(403);
    expect((await hosting(admin, id.t1)).mine.enabled).toBe(true);
  });
});
