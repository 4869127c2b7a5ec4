import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_WAIT_MS } from '../../../shared/constants.ts';
import { ManualClock } from '../../kernel/clock.ts';
import type { Platform } from '../../platform.ts';
import { TestClient, signedIn } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { IP_WINDOW_MS, LOGIN_FAILURE_WINDOW_MS } from './login.ts';

let platform: Platform;
const clock = new ManualClock(Date.parse('2026-11-22T08:00:00Z'));

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
});
afterAll(async () => {
  await platform?.stop();
});

const guest = (headers: Record<string, string> = {}) => new TestClient(platform.url, headers);

describe('sign-in', () => {
  it('signs in with the right password and sets an HttpOnly SameSite session cookie', async () => {
    const client = guest();
    const answer = await client.post('/api/account/login', { loginId: 'acme.user', password: 'Demo@2026' });
    expect(answer.status).toBe(200);
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('qp_sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await client.get('/api/account/me');
    expect(me.body.data).toMatchObject({ loginId: 'acme.user', roles: ['user'], ownSpaceId: 'acme' });
  });

  it('signs in more members at once than the server has database connections, and none waits for ever', async () => {
    // Each sign-in holds a connection for its transaction; one that asks the pool for a second would starve it.
    const logins = ['acme.user', 'acme.admin', 'acme.safe', 'acme.audit', 'nova.user', 'nova.admin', 'nova.safe', 'nova.audit'];
    const answers = await Promise.all([...logins, ...logins].map((loginId) => guest().post('/api/account/login', { loginId, password: 'Demo@2026' })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  });

  it('answers a wrong password and an unknown account alike, in the caller\'s language', async () => {
    const wrong = await guest({ 'accept-language': 'en' }).post('/api/account/login', { loginId: 'acme.safe', password: 'nope-nope' });
    const unknown = await guest({ 'accept-language': 'en' }).post('/api/account/login', { loginId: 'ghost', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.msg).toBe('account.wrongPassword');
    expect(unknown.body.msg).toBe('account.wrongPassword');
    expect(wrong.body.text).toBe('Wrong login password.');
    const zh = await guest().post('/api/account/login', { loginId: 'ghost', password: 'x' });
    expect(zh.body.text).toBe('登录密码错误');
  });

  it('locks the account for one minute on the third consecutive wrong password', async () => {
    const client = guest({ 'accept-language': 'en' });
    const attempt = (password: string) => client.post('/api/account/login', { loginId: 'nova.user', password });
    expect((await attempt('bad-1')).body.msg).toBe('account.wrongPassword');
    expect((await attempt('bad-2')).body.msg).toBe('account.wrongPassword');
    const third = await attempt('bad-3');
    expect(third.status).toBe(429);
    expect(third.body.text).toContain('1 minute');
    // Even the right password is refused during the minute…
    clock.advance(LOGIN_WAIT_MS - 1_000);
    expect((await attempt('Demo@2026')).body.msg).toBe('account.tooManyAttempts');
    // …and accepted once it has passed.
    clock.advance(2_000);
    expect((await attempt('Demo@2026')).status).toBe(200);
  });

  it('an unknown account locks exactly like a known one, so lockout does not reveal which accounts exist', async () => {
    clock.advance(IP_WINDOW_MS); // a fresh window for the address-wide limit
    const run = async (loginId: string) => {
      const attempt = (password: string) => guest({ 'accept-language': 'en' }).post('/api/account/login', { loginId, password });
      const answers = [await attempt('bad-1'), await attempt('bad-2'), await attempt('bad-3'), await attempt('bad-4')];
      clock.advance(LOGIN_WAIT_MS + 1_000);
      const after = await attempt('bad-5');
      return [...answers, after].map((a) => `${a.status} ${a.body.msg}`);
    };
    const known = await run('acme.audit');
    const unknown = await run('nobody.here');
    expect(known).toEqual(['401 account.wrongPassword', '401 account.wrongPassword', '429 account.tooManyAttempts', '429 account.tooManyAttempts', '401 account.wrongPassword']);
    expect(unknown).toEqual(known);
    // Case does not make another name: NOBODY.HERE is the same unknown account.
    const upper = (password: string) => guest().post('/api/account/login', { loginId: 'NOBODY.HERE', password });
    await upper('bad-6');
    expect((await upper('bad-7')).status).toBe(429);
    clock.advance(LOGIN_WAIT_MS + 1_000);
  });

  it('failures further apart than the window do not add up, for known and unknown accounts alike', async () => {
    clock.advance(IP_WINDOW_MS);
    for (const loginId of ['acme.audit', 'still.nobody']) {
      const attempt = (password: string) => guest().post('/api/account/login', { loginId, password });
      await attempt('bad-1');
      await attempt('bad-2');
      clock.advance(LOGIN_FAILURE_WINDOW_MS + 1_000);
      expect((await attempt('bad-3')).status, loginId).toBe(401);
    }
  });

  it('a successful sign-in resets the consecutive-failure count', async () => {
    const attempt = (password: string) => guest().post('/api/account/login', { loginId: 'nova.safe', password });
    await attempt('bad-1');
    await attempt('bad-2');
    expect((await attempt('Demo@2026')).status).toBe(200);
    expect((await attempt('bad-3')).status).toBe(401);
  });

  it('refuses state-changing calls without the CSRF header, and with a wrong token when signed in', async () => {
    const anonymous = await fetch(`${platform.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'acme.user', password: 'Demo@2026' }),
    });
    expect(anonymous.status).toBe(403);
    expect((await anonymous.json()).msg).toBe('request.csrfMissing');
    const client = await signedIn(platform.url, 'acme.user');
    const forged = await client.post('/api/account/logout', {}, { 'x-csrf-token': 'forged' });
    expect(forged.status).toBe(403);
    expect((await client.get('/api/account/me')).status).toBe(200);
  });

  it('limits failed sign-ins per address', async () => {
    const client = guest({ 'accept-language': 'en' });
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i += 1) {
      last = (await client.post('/api/account/login', { loginId: `nobody${i}`, password: 'x' })).status;
    }
    expect(last).toBe(429);
    const refused = await client.post('/api/account/login', { loginId: 'acme.admin', password: 'Demo@2026' });
    expect(refused.body.msg).toBe('account.ipLimited');
    clock.advance(11 * 60_000);
    expect((await client.post('/api/account/login', { loginId: 'acme.admin', password: 'Demo@2026' })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the session: the old cookie no longer works', async () => {
    const client = await signedIn(platform.url, 'acme.audit');
    const stolen = new TestClient(platform.url, { cookie: client.cookieHeader });
    expect((await stolen.get('/api/account/me')).status).toBe(200);
    expect((await client.post('/api/account/logout')).status).toBe(200);
    const after = await stolen.get('/api/account/me');
    expect(after.status).toBe(401);
  });

  it('a password change revokes the other sessions and keeps this one', async () => {
    const here = await signedIn(platform.url, 'nova.audit');
    const elsewhere = await signedIn(platform.url, 'nova.audit');
    const changed = await here.post('/api/account/password', {
      currentPassword: 'Demo@2026',
      newPassword: 'Changed@2026',
      confirmPassword: 'Changed@2026',
    });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/account/me')).status).toBe(200);
    expect((await elsewhere.get('/api/account/me')).status).toBe(401);
    expect((await guest().post('/api/account/login', { loginId: 'nova.audit', password: 'Demo@2026' })).status).toBe(401);
    expect((await guest().post('/api/account/login', { loginId: 'nova.audit', password: 'Changed@2026' })).status).toBe(200);
  });

  it('refuses a bad password change with a clear error and changes nothing', async () => {
    const client = await signedIn(platform.url, 'nova.admin');
    const en = { 'accept-language': 'en' };
    const wrongCurrent = await client.post('/api/account/password', { currentPassword: 'nope', newPassword: 'Another@2026', confirmPassword: 'Another@2026' }, en);
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.text).toBe('The current password is incorrect.');
    const mismatch = await client.post('/api/account/password', { currentPassword: 'Demo@2026', newPassword: 'Another@2026', confirmPassword: 'Another@2027' }, en);
    expect(mismatch.body.msg).toBe('account.passwordsDiffer');
    const short = await client.post('/api/account/password', { currentPassword: 'Demo@2026', newPassword: 'short', confirmPassword: 'short' }, en);
    expect(short.body.msg).toBe('account.passwordTooShort');
    expect(short.body.text).toBe('The new password needs at least 8 characters.');
    expect((await guest().post('/api/account/login', { loginId: 'nova.admin', password: 'Demo@2026' })).status).toBe(200);
  });

  it('disabling a user revokes all of their sessions', async () => {
    const root = await signedIn(platform.url, 'root');
    const victim = await signedIn(platform.url, 'acme.safe');
    const me = await victim.get('/api/account/me');
    const disabled = await root.patch(`/api/console/users/${me.body.data.id}`, { status: 'disabled' });
    expect(disabled.status).toBe(200);
    expect((await victim.get('/api/account/me')).status).toBe(401);
    const again = await guest({ 'accept-language': 'en' }).post('/api/account/login', { loginId: 'acme.safe', password: 'Demo@2026' });
    expect(again.body.msg).toBe('account.disabled');
    await root.patch(`/api/console/users/${me.body.data.id}`, { status: 'active' });
  });

  it('401 when not signed in; 403 carries the default no-permission text', async () => {
    const anonymous = await guest({ 'accept-language': 'en' }).get('/api/org/departments');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(401);
    const user = await signedIn(platform.url, 'acme.user');
    const refused = await user.get('/api/console/spaces', { 'accept-language': 'en' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, msg: 'common.noPermission', text: 'No permission to use this function.' });
  });
});
