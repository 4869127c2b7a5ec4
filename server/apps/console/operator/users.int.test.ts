import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_USER_PAGE } from '../../../../shared/api/console-operator.ts';
import { signedIn, TestClient, TEST_DEMO_PASSWORD, type Answer } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const idOf = async (loginId: string) => String((await platform.kernel.databases.owner.query('select id from users where login_id = $1', [loginId])).rows[0].id);
const login = (loginId: string, password = TEST_DEMO_PASSWORD) => new TestClient(platform.url).login(loginId, password);

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  // More accounts than one page, straight into the table (their passwords are never used).
  await platform.kernel.databases.owner.query(
    `insert into users (login_id, name, password_hash) select 'bulk' || lpad(n::text, 3, '0'), 'Bulk ' || n, '!x' from generate_series(1, ${OPERATOR_USER_PAGE + 5}) n`,
  );
});
afterAll(async () => {
  await platform?.stop();
});

describe('every account of the platform (/sysop/user)', () => {
  it('pages through every account without gaps or repeats, and searches login, name, phone and e-mail', async () => {
    const first = ok(await root.get('/api/console/operator/users'));
    expect(first.users).toHaveLength(OPERATOR_USER_PAGE);
    const pages = Math.ceil(first.total / OPERATOR_USER_PAGE);
    const all = [...first.users];
    for (let page = 2; page <= pages; page++) all.push(...ok(await root.get(`/api/console/operator/users?page=${page}`)).users);
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((u: any) => u.id)).size).toBe(first.total);
    expect(ok(await root.get(`/api/console/operator/users?page=${pages + 1}`)).users).toEqual([]);
    const found = ok(await root.get('/api/console/operator/users?q=nova.'));
    expect(found.users.map((u: any) => u.loginId).sort()).toEqual(['nova.admin', 'nova.audit', 'nova.safe', 'nova.user']);
    expect(ok(await root.get('/api/console/operator/users?q=acme.safe%40example')).users.map((u: any) => u.loginId)).toEqual(['acme.safe']);
    // A LIKE wildcard typed by the operator is a character, not "anything".
    expect(ok(await root.get('/api/console/operator/users?q=%25')).total).toBe(0);
  });

  it('is root’s only: a space administrator is refused, and bad input is a 422 in the caller’s language', async () => {
    const admin = await signedIn(platform.url, 'nova.admin');
    expect((await admin.get('/api/console/operator/users')).status).toBe(403);
    expect((await admin.post(`/api/console/operator/users/${await idOf('nova.user')}/lock`)).status).toBe(403);
    const bad = await root.get('/api/console/operator/users?page=0&lang=en');
    expect(bad.status).toBe(422);
    expect((await root.get('/api/console/operator/users?limit=5')).status).toBe(422);
    const missing = await root.post('/api/console/operator/users/999999/lock?lang=en');
    expect(missing.status).toBe(404);
    expect(missing.body.text).toBe('This account does not exist.');
  });

  it('locks an account: its live sessions end at once and it cannot sign in; unlocking lets it in again', async () => {
    const member = await signedIn(platform.url, 'nova.user');
    const id = await idOf('nova.user');
    expect(ok(await root.post(`/api/console/operator/users/${id}/lock`)).sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await member.get('/api/messages/unread')).status).toBe(401);
    expect((await login('nova.user')).status).toBe(403);
    expect(ok(await root.get('/api/console/operator/users?state=locked')).users.map((u: any) => u.loginId)).toContain('nova.user');
    ok(await root.post(`/api/console/operator/users/${id}/unlock`));
    expect((await login('nova.user')).status).toBe(200);
    expect(ok(await root.get(`/api/console/operator/users/${id}`)).locked).toBe(false);
  });

  it('shows the hold after repeated wrong passwords, and unlocking lifts it so the right password works now', async () => {
    for (let i = 0; i < 3; i++) await login('acme.user', 'wrong-password');
    expect((await login('acme.user')).status).toBe(429);
    const id = await idOf('acme.user');
    const held = ok(await root.get(`/api/console/operator/users/${id}`));
    expect(held.locked).toBe(true);
    expect(held.lockedUntil).not.toBeNull();
    ok(await root.post(`/api/console/operator/users/${id}/unlock`));
    expect((await login('acme.user')).status).toBe(200);
  });

  it('will not let root lock the account it is signed in with', async () => {
    const answer = await root.post(`/api/console/operator/users/${await idOf('root')}/lock?lang=en`);
    expect(answer.status).toBe(422);
    expect(answer.body.text).toBe('You cannot lock the account you are signed in with.');
  });

  it('resets a password: the old one stops working, sessions end, the one-time link sets a new one once', async () => {
    const member = await signedIn(platform.url, 'acme.audit');
    const id = await idOf('acme.audit');
    const reset = ok(await root.post(`/api/console/operator/users/${id}/reset`));
    const token = reset.link.split('/').pop();
    expect((await member.get('/api/messages/unread')).status).toBe(401);
    expect((await login('acme.audit')).status).toBe(401);
    const stored = (await platform.kernel.databases.owner.query('select invite_token_hash from users where id = $1', [id])).rows[0].invite_token_hash;
    expect(stored).not.toContain(token); // only a hash of the link is kept
    const guest = new TestClient(platform.url);
    ok(await guest.post(`/api/account/invitations/${token}`, { password: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' }));
    expect((await login('acme.audit', 'N3w-Passw0rd!')).status).toBe(200);
    expect((await guest.post(`/api/account/invitations/${token}`, { password: 'An0ther-Pass!', confirmPassword: 'An0ther-Pass!' })).status).toBe(404);
  });

  it('shows and edits an account’s spaces and roles', async () => {
    const id = await idOf('nova.safe');
    expect(ok(await root.get(`/api/console/operator/users/${id}`)).memberships.map((m: any) => [m.spaceId, m.roles])).toEqual([['nova', ['safe']]]);
    ok(await root.put(`/api/console/users/${id}/memberships/acme`, { roles: ['user', 'audit'] }));
    const detail = ok(await root.get(`/api/console/operator/users/${id}`));
    expect(detail.memberships.map((m: any) => [m.spaceId, m.roles])).toEqual([['acme', ['user', 'audit']], ['nova', ['safe']]]);
    expect(detail.spaces).toBe(2);
    ok(await root.delete(`/api/console/users/${id}/memberships/acme`));
    expect(ok(await root.get(`/api/console/operator/users/${id}`)).spaces).toBe(1);
  });
});
