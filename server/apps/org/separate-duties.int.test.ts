import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, TEST_DEMO_PASSWORD, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

/** Three-role separation (spec §6, decision 0100): no person holds two of admin, safe and audit, by any path. */
let platform: Platform;
let admin: TestClient;
let safe: TestClient;
let root: TestClient;
let ids: Record<string, string>;

const PAIRS = [
  ['admin', 'safe', 'administrator and security reviewer'],
  ['admin', 'audit', 'administrator and auditor'],
  ['safe', 'audit', 'security reviewer and auditor'],
] as const;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
function refused(answer: Answer, words: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.text).toContain(words);
}
const query = async (text: string, params: unknown[] = []) => (await platform.kernel.databases.owner.query(text, params)).rows;
const rolesIn = async (userId: string, spaceId = 'acme') => (await query('select roles from memberships where user_id = $1 and space_id = $2', [userId, spaceId]))[0]?.roles as string[];
const grant = (userId: string, role: string) => admin.post('/api/org/grant-requests?lang=en', { userId, role, action: 'grant', reason: 'duty test' });

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, safe, root] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.safe'), signedIn(platform.url, 'root')]);
  const members = ok(await admin.get('/api/org/members')).members as Array<{ id: string; loginId: string }>;
  ids = Object.fromEntries(members.map((m) => [m.loginId, m.id]));
  for (const loginId of ['duty.one', 'duty.two', 'duty.three']) ids[loginId] = ok(await admin.post('/api/org/members', { loginId, name: loginId, password: 'Welcome@2026' })).id;
});
afterAll(async () => {
  await platform?.stop();
});

describe('no person holds two of admin, safe and audit', () => {
  it('a grant that would give a member a second duty is refused when filed, for every pair and either way round', async () => {
    for (const [first, second, words] of PAIRS) {
      refused(await grant(ids[`acme.${first}`]!, second), words);
      refused(await grant(ids[`acme.${second}`]!, first), words);
    }
    // The administrator asking for a second duty for himself is refused like anyone else.
    refused(await grant(ids['acme.admin']!, 'audit'), 'administrator and auditor');
    expect(ok(await safe.get('/api/org/grant-requests?state=pending')).requests).toEqual([]);
  });

  it('two requests filed while the member held neither: the second is refused at approval, and nothing changes', async () => {
    const members = ['duty.one', 'duty.two', 'duty.three'];
    for (const [index, [first, second, words]] of PAIRS.entries()) {
      const userId = ids[members[index]!]!;
      const one = ok(await grant(userId, first));
      const two = ok(await grant(userId, second));
      ok(await safe.post(`/api/org/grant-requests/${one.id}/approve`, {}));
      refused(await safe.post(`/api/org/grant-requests/${two.id}/approve?lang=en`, {}), words);
      expect(await rolesIn(userId)).toEqual(['user', first]);
      const left = ok(await safe.get('/api/org/grant-requests')).requests.find((r: any) => r.id === two.id);
      expect(left.state).toBe('pending');
    }
  });

  it('root cannot give two duties when creating an account or setting a membership', async () => {
    for (const [first, second, words] of PAIRS) {
      const loginId = `duty.${first}.${second}`;
      refused(await root.post('/api/console/users?lang=en', { loginId, name: loginId, password: TEST_DEMO_PASSWORD, spaceId: 'acme', roles: [first, second] }), words);
      expect(await query('select id from users where login_id = $1', [loginId])).toEqual([]);
      refused(await root.put(`/api/console/users/${ids['acme.user']}/memberships/acme?lang=en`, { roles: ['user', first, second] }), words);
      refused(await root.put(`/api/console/users/${ids['acme.user']}/memberships/nova?lang=en`, { roles: [second, first] }), words);
    }
    expect(await rolesIn(ids['acme.user']!)).toEqual(['user']);
    expect(await rolesIn(ids['acme.user']!, 'nova')).toBeUndefined();
    // One duty is still given.
    ok(await root.put(`/api/console/users/${ids['acme.user']}/memberships/acme`, { roles: ['user', 'audit'] }));
    expect(await rolesIn(ids['acme.user']!)).toEqual(['user', 'audit']);
  });

  it('the database refuses a membership with two duties from any writer', async () => {
    for (const [first, second] of PAIRS) {
      await expect(query('update memberships set roles = $1 where user_id = $2 and space_id = $3', [[first, second], ids['acme.user'], 'acme'])).rejects.toThrow(/memberships_separate_duties/);
    }
  });

  it('a membership an older version let hold two duties still changes otherwise, and is put right by revoking one', async () => {
    const where = [ids['acme.user'], 'acme'];
    // Made as an older version could: without the database's check.
    await query('alter table memberships disable trigger memberships_separate_duties');
    await query(`update memberships set roles = array['admin', 'audit'] where user_id = $1 and space_id = $2`, where);
    await query('alter table memberships enable trigger memberships_separate_duties');
    await query(`update memberships set status = 'disabled' where user_id = $1 and space_id = $2`, where);
    await query(`update memberships set status = 'active' where user_id = $1 and space_id = $2`, where);
    await expect(query(`update memberships set roles = array['admin', 'audit', 'user'] where user_id = $1 and space_id = $2`, where)).rejects.toThrow(/memberships_separate_duties/);
    await query(`update memberships set roles = array['user'] where user_id = $1 and space_id = $2`, where);
    expect((await query('select roles, status from memberships where user_id = $1 and space_id = $2', where))[0]).toEqual({ roles: ['user'], status: 'active' });
  });
});
