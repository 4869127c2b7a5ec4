import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, signedIn, type Answer } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
/** A second administrator of acme: nobody approves his own application. */
let otherAdmin: TestClient;
let ids: Record<string, string>;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** A client that sends only the token: no cookie, no CSRF header unless the test adds one. */
const withToken = (token: string) => new TestClient(platform.url, { authorization: `Bearer ${token}` });
/** A write with the token and nothing else (the test client would add a CSRF header). */
const bareWrite = (token: string, path: string, body: unknown) =>
  fetch(platform.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const mine = async (client: TestClient) => ok(await client.get('/api/account/developer')).applications as Array<{ id: string; state: string; collectable: boolean; last4: string | null; note: string | null }>;
async function applyAndApprove(client: TestClient, reason = 'Sync the MES with our records'): Promise<string> {
  const { application } = ok(await client.post('/api/account/developer/applications', { reason }));
  ok(await (client === admin ? otherAdmin : admin).post(`/api/account/developer/review/${application.id}/approve`, {}));
  return application.id;
}
const collect = async (client: TestClient, id: string): Promise<string> => ok(await client.post(`/api/account/developer/applications/${id}/collect`, {})).token;
const messages = async (client: TestClient) => ok(await client.get('/api/messages?category=approvalResult&limit=50')).items as Array<{ title: string; body: string }>;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, safe, audit, novaAdmin] = await Promise.all(['acme.admin', 'acme.user', 'acme.safe', 'acme.audit', 'nova.admin'].map((l) => signedIn(platform.url, l))) as [TestClient, TestClient, TestClient, TestClient, TestClient];
  ids = Object.fromEntries((ok(await admin.get('/api/org/members')).members as Array<{ id: string; loginId: string }>).map((m) => [m.loginId, m.id]));
  const second = ok(await admin.post('/api/org/members', { loginId: 'dev.admin2', name: 'Second admin', password: 'Welcome@2026' }));
  ok(await (await signedIn(platform.url, 'root')).put(`/api/console/users/${second.id}/memberships/acme`, { roles: ['admin'] }));
  otherAdmin = await signedIn(platform.url, 'dev.admin2', 'Welcome@2026');
});
afterAll(async () => {
  await platform?.stop();
});

describe('developer authorisation (decision 0058)', () => {
  let token = '';
  let applicationId = '';

  it('refuses a reason of 21 words (or none) with a 422 and files nothing; 20 words and CJK text are fine', async () => {
    const long = await user.post('/api/account/developer/applications?lang=en', { reason: words(21) });
    expect(long.status).toBe(422);
    expect(long.body.text).toContain('at most 20 words');
    expect((await user.post('/api/account/developer/applications', { reason: '  ' })).status).toBe(422);
    expect((await user.post('/api/account/developer/applications', { reason: '对'.repeat(21) })).status).toBe(422);
    expect(await mine(user)).toEqual([]);
  });

  it('a member applies; only his own space\'s administrator reviews; approval notifies him', async () => {
    const { application } = ok(await user.post('/api/account/developer/applications', { reason: words(20) }));
    applicationId = application.id;
    expect(application).toMatchObject({ state: 'pending', collectable: false, last4: null });
    expect((await user.post('/api/account/developer/applications', { reason: 'again' })).status).toBe(409);
    expect(ok(await novaAdmin.get('/api/account/developer/review')).applications).toEqual([]);
    expect((await novaAdmin.post(`/api/account/developer/review/${applicationId}/approve`, {})).status).toBe(404);
    expect((await user.post(`/api/account/developer/review/${applicationId}/approve`, {})).status).toBe(403);
    expect((await user.get('/api/account/developer/review')).status).toBe(403);
    const pending = ok(await admin.get('/api/account/developer/review?state=pending')).applications;
    expect(pending.map((a: any) => [a.loginId, a.state])).toEqual([['acme.user', 'pending']]);
    ok(await admin.post(`/api/account/developer/review/${applicationId}/approve`, {}));
    expect((await admin.post(`/api/account/developer/review/${applicationId}/approve`, {})).status).toBe(409);
    expect((await mine(user))[0]).toMatchObject({ state: 'approved', collectable: true });
    expect((await messages(user)).map((m) => m.title)).toContain('你的开发者授权申请已通过，请到个人设置中查看令牌');
  });

  it('an administrator\'s own application is approved by another administrator, never by himself', async () => {
    const { application } = ok(await admin.post('/api/account/developer/applications', { reason: 'Own scripts' }));
    const own = await admin.post(`/api/account/developer/review/${application.id}/approve?lang=en`, {});
    expect(own.status).toBe(403);
    expect(own.body.text).toContain('cannot approve your own application');
    expect((await mine(admin))[0]).toMatchObject({ id: application.id, state: 'pending', collectable: false });
    ok(await otherAdmin.post(`/api/account/developer/review/${application.id}/approve`, {}));
    expect((await mine(admin))[0]).toMatchObject({ id: application.id, state: 'approved', collectable: true });
    ok(await admin.post(`/api/account/developer/applications/${application.id}/revoke`, {}));
  });

  it('the token is revealed exactly once and stored only as its SHA-256', async () => {
    expect((await safe.post(`/api/account/developer/applications/${applicationId}/collect`, {})).status).toBe(404);
    token = await collect(user, applicationId);
    expect(token).toMatch(/^qpd_acme_[A-Za-z0-9_-]{43}$/);
    expect((await user.post(`/api/account/developer/applications/${applicationId}/collect`, {})).status).toBe(409);
    expect((await mine(user))[0]).toMatchObject({ collectable: false, last4: token.slice(-4) });
    expect(JSON.stringify(await mine(user))).not.toContain(token);
    const rows = (await platform.kernel.databases.owner.query('select * from account_dev_application')).rows;
    expect(JSON.stringify(rows)).not.toContain(token.slice(9));
    expect(rows.find((r) => r.id === applicationId).token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('the token acts as the member, in his space, with exactly his permissions, no CSRF, and never on account calls', async () => {
    const bearer = withToken(token);
    ok(await bearer.get('/api/messages/unread'));
    expect((await bareWrite(token, '/api/messages/read-all', {})).status).toBe(200);
    // Not beyond the member: admin and auditor calls stay refused.
    expect((await bearer.get('/api/org/members')).status).toBe(403);
    expect((await bearer.post('/api/org/members', { loginId: 'by.token', name: 'T', password: 'Welcome@2026' })).status).toBe(403);
    expect((await bearer.get('/api/kernel/oplog')).status).toBe(403);
    // Account, password and token management refuse a token whatever the member may do signed in.
    const me = await bearer.get('/api/account/me?lang=en');
    expect(me.status).toBe(403);
    expect(me.body.text).toContain('cannot make this call');
    expect((await bareWrite(token, '/api/account/password', { currentPassword: 'Demo@2026', newPassword: 'Other@20266', confirmPassword: 'Other@20266' })).status).toBe(403);
    expect((await bareWrite(token, `/api/account/developer/applications/${applicationId}/revoke`, {})).status).toBe(403);
    // Another space: neither by prefix nor by rewriting the space inside the token.
    expect((await bearer.get('/space-nova/api/messages/unread')).status).toBe(403);
    expect((await withToken(token.replace('qpd_acme_', 'qpd_nova_')).get('/api/messages/unread')).status).toBe(401);
    expect((await withToken('qpd_acme_nonsense').get('/api/messages/unread')).status).toBe(401);
    // An administrator's token carries the administrator's permissions, no more.
    const adminToken = await collect(admin, await applyAndApprove(admin));
    ok(await withToken(adminToken).get('/api/org/members'));
    expect((await withToken(adminToken).get('/api/kernel/oplog')).status).toBe(403);
  });

  it('every token call is in the operation log, marked with the token', async () => {
    const entries = ok(await audit.get('/api/kernel/oplog?limit=200')).entries as Array<{ action: string; via_token: string | null; user_login: string; status: number }>;
    const byToken = entries.filter((e) => e.via_token === applicationId);
    expect(byToken.map((e) => e.action)).toEqual(expect.arrayContaining(['GET /api/messages/unread', 'messages.readAll']));
    expect(byToken.every((e) => e.user_login === 'acme.user')).toBe(true);
    expect(byToken.some((e) => e.status === 403)).toBe(true);
    expect(entries.filter((e) => e.action === 'account.developer.approve').length).toBeGreaterThan(0);
    expect(entries.filter((e) => e.action === 'account.developer.apply' && e.via_token === null).length).toBeGreaterThan(0);
  });

  it('a reset needs a new review: the old token works until the new one is approved', async () => {
    const { application } = ok(await user.post('/api/account/developer/applications', { reason: 'Rotate the key' }));
    ok(await withToken(token).get('/api/messages/unread'));
    ok(await admin.post(`/api/account/developer/review/${application.id}/approve`, {}));
    const replaced = await withToken(token).get('/api/messages/unread?lang=en');
    expect(replaced.status).toBe(401);
    expect(replaced.body.text).toContain('replaced');
    const fresh = await collect(user, application.id);
    ok(await withToken(fresh).get('/api/messages/unread'));
    const states = (await mine(user)).map((a) => a.state);
    expect(states.slice(0, 2)).toEqual(['approved', 'revoked']);
    token = fresh;
    applicationId = application.id;
  });

  it('a rejection needs a reason, tells the member, and he may apply again', async () => {
    const { application } = ok(await safe.post('/api/account/developer/applications', { reason: '安全巡检脚本' }));
    expect((await admin.post(`/api/account/developer/review/${application.id}/reject?lang=en`, { note: ' ' })).status).toBe(422);
    expect((await novaAdmin.post(`/api/account/developer/review/${application.id}/reject`, { note: 'no' })).status).toBe(404);
    ok(await admin.post(`/api/account/developer/review/${application.id}/reject`, { note: 'Use the export instead' }));
    expect((await mine(safe))[0]).toMatchObject({ state: 'rejected', note: 'Use the export instead' });
    expect((await messages(safe)).map((m) => m.title)).toContain('你的开发者授权申请未通过');
    ok(await safe.post('/api/account/developer/applications', { reason: 'Security inspection script' }));
  });

  it('revoking ends a token at once, by the member or by the administrator (of that space only)', async () => {
    ok(await user.post(`/api/account/developer/applications/${applicationId}/revoke`, {}));
    const revoked = await withToken(token).get('/api/messages/unread?lang=en');
    expect(revoked.status).toBe(401);
    expect(revoked.body.text).toContain('revoked');
    const again = await applyAndApprove(user, 'Third time');
    const third = await collect(user, again);
    ok(await withToken(third).get('/api/messages/unread'));
    expect((await novaAdmin.post(`/api/account/developer/review/${again}/revoke`, {})).status).toBe(404);
    ok(await admin.post(`/api/account/developer/review/${again}/revoke`, {}));
    expect((await withToken(third).get('/api/messages/unread')).status).toBe(401);
    expect((await messages(user)).map((m) => m.title)).toContain('你的开发者令牌已被管理员吊销');
  });

  it('a disabled member\'s token is refused with a clear 401, and works again when he is enabled', async () => {
    const pending = ok(await admin.get('/api/account/developer/review?state=pending')).applications.find((a: any) => a.loginId === 'acme.safe');
    ok(await admin.post(`/api/account/developer/review/${pending.id}/approve`, {}));
    const safeToken = await collect(safe, pending.id);
    ok(await withToken(safeToken).get('/api/messages/unread'));
    ok(await admin.put(`/api/org/members/${ids['acme.safe']}/status`, { status: 'disabled' }));
    const refused = await withToken(safeToken).get('/api/messages/unread?lang=en');
    expect(refused.status).toBe(401);
    expect(refused.body.text).toContain('disabled');
    ok(await admin.put(`/api/org/members/${ids['acme.safe']}/status`, { status: 'active' }));
    ok(await withToken(safeToken).get('/api/messages/unread'));
  });
});

describe('the developer centre\'s API reference (decision 0059)', () => {
  it('is public, and lists exactly the calls a token may make, with their schemas', async () => {
    const answer = await new TestClient(platform.url).get('/api/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body as unknown as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(document.openapi).toBe('3.1.0');
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/appcenter/apps', '/api/forms/apps/{appId}/forms', '/api/messages/unread']));
    expect(paths.some((p) => p.startsWith('/api/account/'))).toBe(false);
    expect(paths.some((p) => p.includes('password') || p.includes('security-policy') || p.includes('grant-requests'))).toBe(false);
    expect(document.paths['/api/org/members/{id}/status']).toBeUndefined();
    expect(document.paths['/api/org/members/{id}']?.get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
    expect(document.paths['/api/messages/read-all']?.post.requestBody.content['application/json'].schema.properties).toHaveProperty('category');
  });
});
