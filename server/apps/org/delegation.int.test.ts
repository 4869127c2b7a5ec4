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
const workTime = async (client: TestClient) => client.put('/api/org/work-time', ok(await admin.get('/api/org/work-time')));
const routeIds = async (client: TestClient) => (ok(await client.get('/napi/routes')).entries as Array<{ id: string }>).map((r) => r.id);
const ask = (body: Record<string, unknown>, client = admin) => client.post('/api/org/delegations?lang=en', { reason: 'Keeps the work calendar', ...body });
const pending = async (userId: string, permission: string) =>
  (ok(await safe.get('/api/org/grant-requests?state=pending')).requests as any[]).find((r) => r.userId === userId && r.permission === permission);

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

describe('console page delegation (decision 0045)', () => {
  it('a delegated permission opens its pages and their API only after the security reviewer approves, and closes again on revoke', async () => {
    expect((await workTime(user)).status).toBe(403);
    expect(await routeIds(user)).not.toContain('org.workTime');

    const filed = await ask({ userId: ids['acme.user'], permission: 'org.settings.manage', action: 'grant' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    // Asked is not granted.
    expect((await workTime(user)).status).toBe(403);
    const request = await pending(ids['acme.user']!, 'org.settings.manage');
    expect(request).toMatchObject({ kind: 'permission', action: 'grant', reason: 'Keeps the work calendar' });
    // The administrator asks; only the security reviewer decides.
    expect((await admin.post(`/api/org/grant-requests/${request.id}/approve`, {})).status).toBe(403);
    ok(await safe.post(`/api/org/grant-requests/${request.id}/approve`, { note: 'ok' }));

    expect((await workTime(user)).status).toBe(200);
    expect(ok(await user.get('/napi/micro-apps/qycloudBaseInfo')).user.delegated).toEqual(['org.settings.manage']);
    const opened = await routeIds(user);
    expect(opened).toEqual(expect.arrayContaining(['org.workTime', 'org.logo', 'org.infoSetting']));
    // Only that group: the org chart, navigation and members stay closed.
    expect(opened).not.toContain('org.consoleOrgManage');
    expect((await user.post('/api/org/departments', { name: 'Delegated dept' })).status).toBe(403);
    expect((await user.post('/api/org/delegations', { userId: ids['acme.user'], permission: 'org.mail.manage', action: 'grant', reason: 'x' })).status).toBe(403);
    const list = ok(await audit.get('/api/org/delegations')).permissions as any[];
    expect(list.find((p) => p.name === 'org.settings.manage').holders.map((h: any) => h.loginId)).toEqual(['acme.user']);
    expect(list.find((p) => p.name === 'org.settings.manage').pages).toContain('org.workTime');

    ok(await ask({ userId: ids['acme.user'], permission: 'org.settings.manage', action: 'revoke', reason: 'Left the team' }));
    expect((await workTime(user)).status).toBe(200);
    const revoke = await pending(ids['acme.user']!, 'org.settings.manage');
    ok(await safe.post(`/api/org/grant-requests/${revoke.id}/approve`, {}));
    expect((await workTime(user)).status).toBe(403);
    expect(await routeIds(user)).not.toContain('org.workTime');
  });

  it('refuses what cannot be delegated, and requests that say nothing, with a reason in the user\'s language', async () => {
    const members = await ask({ userId: ids['acme.user'], permission: 'org.members.manage', action: 'grant' });
    expect(members.status).toBe(422);
    expect(members.body.text).toContain('cannot be delegated');
    expect((await ask({ userId: ids['acme.user'], permission: 'org.security.manage', action: 'grant' })).status).toBe(422);
    expect((await ask({ userId: ids['acme.user'], permission: 'nonsense', action: 'grant' })).status).toBe(422);
    expect((await ask({ userId: ids['acme.user'], permission: 'org.mail.manage', action: 'grant', reason: '   ' })).status).toBe(422);
    const byRole = await ask({ userId: ids['acme.admin'], permission: 'org.mail.manage', action: 'grant' });
    expect(byRole.status).toBe(422);
    expect(byRole.body.text).toContain('already holds');
    expect((await ask({ userId: ids['acme.user'], permission: 'org.mail.manage', action: 'revoke' })).status).toBe(422);
    ok(await ask({ userId: ids['acme.user'], permission: 'org.mail.manage', action: 'grant' }));
    expect((await ask({ userId: ids['acme.user'], permission: 'org.mail.manage', action: 'grant' })).status).toBe(422);
    // The security reviewer and the auditor do not ask.
    expect((await ask({ userId: ids['acme.user'], permission: 'org.language.manage', action: 'grant' }, safe)).status).toBe(403);
    expect((await ask({ userId: ids['acme.user'], permission: 'org.language.manage', action: 'grant' }, audit)).status).toBe(403);
    expect((await user.get('/api/org/delegations')).status).toBe(403);
  });

  it('space B neither sees, asks about nor decides space A\'s delegations', async () => {
    ok(await ask({ userId: ids['acme.user'], permission: 'org.navigation.manage', action: 'grant' }));
    const request = await pending(ids['acme.user']!, 'org.navigation.manage');
    const novaList = ok(await novaAdmin.get('/api/org/delegations')).permissions as any[];
    expect(novaList.flatMap((p) => p.holders)).toEqual([]);
    expect((await ask({ userId: ids['acme.user'], permission: 'org.navigation.manage', action: 'grant' }, novaAdmin)).status).toBe(422);
    expect((await novaSafe.post(`/api/org/grant-requests/${request.id}/approve`, {})).status).toBe(404);
    expect((ok(await novaSafe.get('/api/org/grant-requests')).requests as any[]).map((r) => r.id)).not.toContain(request.id);
    expect((await user.get('/api/org/navigation')).status).toBe(403);
  });
});
