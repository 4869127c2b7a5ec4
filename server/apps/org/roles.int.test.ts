import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
let novaSafe: TestClient;
let ids: Record<string, string>;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const groups = async (client = admin) => ok<{ groups: any[] }>(await client.get('/api/org/role-groups')).groups;
const rolesOf = async (loginId: string) => {
  const me = await signedIn(platform.url, loginId);
  return ok(await me.get('/api/account/me')).roles as string[];
};

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, safe, audit, novaAdmin, novaSafe] = await Promise.all([
    signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'acme.safe'),
    signedIn(platform.url, 'acme.audit'), signedIn(platform.url, 'nova.admin'), signedIn(platform.url, 'nova.safe'),
  ]);
  const members = [...ok(await admin.get('/api/org/members')).members, ...ok(await novaAdmin.get('/api/org/members')).members] as Array<{ id: string; loginId: string }>;
  ids = Object.fromEntries(members.map((m) => [m.loginId, m.id]));
});
afterAll(async () => {
  await platform?.stop();
});

describe('roles and role groups', () => {
  it('groups hold roles, roles hold members; names are unique, a group with roles is not deleted', async () => {
    const group = ok(await admin.post('/api/org/role-groups', { name: 'Production roles' }));
    const role = ok(await admin.post('/api/org/roles', { groupId: group.id, name: 'Line leader', description: 'Leads a line' }));
    expect((await admin.post('/api/org/role-groups?lang=en', { name: 'production ROLES' })).body.text).toContain('already exists');
    expect((await admin.post('/api/org/roles', { groupId: group.id, name: 'line leader' })).status).toBe(422);
    expect((await admin.post('/api/org/roles', { groupId: group.id, name: '   ' })).status).toBe(422);
    ok(await admin.post(`/api/org/roles/${role.id}/members`, { userIds: [ids['acme.user']] }));
    expect(ok(await admin.get(`/api/org/roles/${role.id}/members`)).members.map((m: any) => m.loginId)).toEqual(['acme.user']);
    expect((await groups()).find((g) => g.id === group.id).roles[0]).toMatchObject({ name: 'Line leader', members: 1 });
    expect((await admin.delete(`/api/org/role-groups/${group.id}`)).status).toBe(422);
    ok(await admin.delete(`/api/org/roles/${role.id}/members/${ids['acme.user']}`));
    expect((await admin.post(`/api/org/roles/${role.id}/members`, { userIds: [ids['nova.user']] })).status).toBe(422);
  });

  it('private groups are not offered to other members', async () => {
    ok(await admin.post('/api/org/role-groups', { name: 'Admins only', kind: 'private' }));
    expect((await groups()).map((g) => g.name)).toContain('Admins only');
    expect((await groups(user)).map((g) => g.name)).not.toContain('Admins only');
    expect((await user.post('/api/org/role-groups', { name: 'By a user' })).status).toBe(403);
  });

  it('space B never sees or changes space A\'s role groups and roles', async () => {
    const group = (await groups()).find((g) => g.name === 'Production roles');
    expect((await groups(novaAdmin)).map((g) => g.name)).not.toContain('Production roles');
    expect((await novaAdmin.patch(`/api/org/role-groups/${group.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await novaAdmin.post('/api/org/roles', { groupId: group.id, name: 'Intruder' })).status).toBe(422);
    expect((await novaAdmin.get(`/api/org/roles/${group.roles[0].id}/members`)).status).toBe(404);
  });
});

describe('grants wait for the security reviewer (three-role separation)', () => {
  it('a platform role asked by the admin has no effect until the security reviewer approves', async () => {
    expect((await admin.post('/api/org/grant-requests?lang=en', { userId: ids['acme.user'], role: 'audit', action: 'grant', reason: ' ' })).status).toBe(422);
    const { id } = ok(await admin.post('/api/org/grant-requests', { userId: ids['acme.user'], role: 'audit', action: 'grant', reason: 'Quarterly audit cover' }));
    expect((await admin.post('/api/org/grant-requests', { userId: ids['acme.user'], role: 'audit', action: 'grant', reason: 'again' })).status).toBe(422);
    expect(await rolesOf('acme.user')).not.toContain('audit');
    const pending = ok(await safe.get('/api/org/grant-requests?state=pending')).requests;
    expect(pending[0]).toMatchObject({ id, userLogin: 'acme.user', platformRole: 'audit', action: 'grant', reason: 'Quarterly audit cover', requestedBy: expect.any(String) });
    expect((await admin.post(`/api/org/grant-requests/${id}/approve`, {})).status).toBe(403);
    ok(await safe.post(`/api/org/grant-requests/${id}/approve`, { note: 'ok for Q4' }));
    expect(await rolesOf('acme.user')).toContain('audit');
    expect((await safe.post(`/api/org/grant-requests/${id}/approve`, {})).status).toBe(409);
    // Revoking waits too; a rejected request changes nothing.
    const revoke = ok(await admin.post('/api/org/grant-requests', { userId: ids['acme.user'], role: 'audit', action: 'revoke', reason: 'Cover over' }));
    ok(await safe.post(`/api/org/grant-requests/${revoke.id}/reject`, { note: 'not yet' }));
    expect(await rolesOf('acme.user')).toContain('audit');
  });

  it('the reviewer cannot decide a request about themselves; the last admin cannot be revoked', async () => {
    const own = ok(await admin.post('/api/org/grant-requests', { userId: ids['acme.safe'], role: 'safe', action: 'revoke', reason: 'Stepping down' }));
    expect((await safe.post(`/api/org/grant-requests/${own.id}/approve`, {})).status).toBe(403);
    ok(await admin.post(`/api/org/grant-requests/${own.id}/withdraw`));
    const last = ok(await admin.post('/api/org/grant-requests', { userId: ids['acme.admin'], role: 'admin', action: 'revoke', reason: 'Leaving' }));
    const answer = await safe.post(`/api/org/grant-requests/${last.id}/approve?lang=en`, {});
    expect(answer.status).toBe(422);
    expect(answer.body.text).toContain('last administrator');
  });

  it('adding a member to a role of a sensitive group files a request instead', async () => {
    const group = ok(await admin.post('/api/org/role-groups', { name: 'Finance approvers', sensitive: true }));
    const role = ok(await admin.post('/api/org/roles', { groupId: group.id, name: 'Payment approver' }));
    expect((await admin.post(`/api/org/roles/${role.id}/members`, { userIds: [ids['acme.user']] })).status).toBe(422);
    const filed = ok(await admin.post(`/api/org/roles/${role.id}/members`, { userIds: [ids['acme.user']], reason: 'Covers payments in May' }));
    expect(filed).toEqual({ added: [], pending: [ids['acme.user']] });
    expect(ok(await admin.get(`/api/org/roles/${role.id}/members`)).members).toEqual([]);
    const request = ok(await safe.get('/api/org/grant-requests?state=pending')).requests.find((r: any) => r.roleId === role.id);
    expect(request).toMatchObject({ kind: 'enterpriseRole', roleName: 'Payment approver', userLogin: 'acme.user' });
    ok(await safe.post(`/api/org/grant-requests/${request.id}/approve`, {}));
    expect(ok(await admin.get(`/api/org/roles/${role.id}/members`)).members.map((m: any) => m.loginId)).toEqual(['acme.user']);
  });

  it('space B\'s reviewer never sees or decides space A\'s requests', async () => {
    const { id } = ok(await admin.post('/api/org/grant-requests', { userId: ids['acme.user'], role: 'audit', action: 'revoke', reason: 'Cover ends' }));
    expect(ok(await novaSafe.get('/api/org/grant-requests')).requests.map((r: any) => r.id)).not.toContain(id);
    expect((await novaSafe.post(`/api/org/grant-requests/${id}/approve`, {})).status).toBe(404);
    expect((await novaAdmin.post('/api/org/grant-requests', { userId: ids['acme.user'], role: 'admin', action: 'grant', reason: 'x' })).status).toBe(422);
  });

  it('the matrix: each of admin, safe and audit is refused the other two\'s actions, and nothing changes', async () => {
    const pending = ok(await safe.get('/api/org/grant-requests?state=pending')).requests[0];
    const adminOnly = [
      (c: TestClient) => c.post('/api/org/members', { loginId: 'matrix.x', name: 'X' }),
      (c: TestClient) => c.post('/api/org/role-groups', { name: 'Matrix group' }),
      (c: TestClient) => c.post('/api/org/grant-requests', { userId: ids['acme.user'], role: 'admin', action: 'grant', reason: 'matrix' }),
    ];
    const safeOnly = [(c: TestClient) => c.post(`/api/org/grant-requests/${pending.id}/approve`, {}), (c: TestClient) => c.post(`/api/org/grant-requests/${pending.id}/reject`, {})];
    const auditOnly = [(c: TestClient) => c.get('/api/kernel/oplog')];
    for (const call of adminOnly) for (const client of [safe, audit]) expect((await call(client)).status).toBe(403);
    for (const call of safeOnly) for (const client of [admin, audit]) expect((await call(client)).status).toBe(403);
    for (const call of auditOnly) for (const client of [admin, safe]) expect((await call(client)).status).toBe(403);
    expect(ok(await safe.get('/api/org/grant-requests?state=pending')).requests.map((r: any) => r.id)).toContain(pending.id);
    expect((await groups()).map((g) => g.name)).not.toContain('Matrix group');
    // The auditor reads the whole trail, the reviewer's decisions included.
    const log = ok(await audit.get('/api/kernel/oplog?action=org.grant.approve'));
    expect(JSON.stringify(log)).toContain('org.grant.approve');
  });
});
