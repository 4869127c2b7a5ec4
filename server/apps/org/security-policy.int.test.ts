import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type SecurityPolicy } from '../../../shared/security-policy.ts';
import { TestClient, signedIn, type Answer } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { ManualClock } from '../../kernel/clock.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let safe: TestClient;
let audit: TestClient;
let novaSafe: TestClient;
const clock = new ManualClock();

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const setPolicy = (changes: Partial<SecurityPolicy>, client = safe) => client.put('/api/org/security-policy?lang=en', { ...DEFAULT_POLICY, ...changes });

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  [admin, safe, audit, novaSafe] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.safe'), signedIn(platform.url, 'acme.audit'), signedIn(platform.url, 'nova.safe')]);
});
afterAll(async () => {
  await platform?.stop();
});

describe('the security policy (the security reviewer\'s, §2.6 securityaudit/management)', () => {
  it('only the reviewer sets it; admin and auditor read it; bad values are 422 and change nothing; the level follows', async () => {
    expect(ok(await admin.get('/api/org/security-policy'))).toMatchObject({ policy: DEFAULT_POLICY, level: 'low' });
    expect((await admin.put('/api/org/security-policy', DEFAULT_POLICY)).status).toBe(403);
    expect((await audit.put('/api/org/security-policy', DEFAULT_POLICY)).status).toBe(403);
    for (const bad of [{ lockoutFailures: 4 }, { passwordMinLength: 6 }, { idleMinutes: 3 }, { ipAllow: { admin: ['300.1.1.1'] } }]) {
      const answer = await setPolicy(bad);
      expect(answer.status, JSON.stringify(bad)).toBe(422);
    }
    expect((await setPolicy({ lockoutFailures: 4 })).body.text).toContain('between 1 and 3');
    expect(ok(await audit.get('/api/org/security-policy')).policy).toEqual(DEFAULT_POLICY);
    const strong = ok(await setPolicy({ passwordMinLength: 12, passwordClasses: 3, passwordExpiryDays: 90, lockoutMinutes: 15, idleMinutes: 30 }));
    expect(strong.level).toBe('high');
    expect(ok(await admin.get('/api/org/security-policy')).policy.passwordMinLength).toBe(12);
  });

  it('passwords set in the space follow it: the member dialog, the reset and the member\'s own change', async () => {
    const weak = await admin.post('/api/org/members?lang=en', { loginId: 'weak.pw', name: 'W', password: 'abcdefghijkl' });
    expect(weak.status).toBe(422);
    expect(weak.body.text).toContain('at least 3');
    expect((await admin.post('/api/org/members', { loginId: 'short.pw', name: 'S', password: 'Ab1!defg' })).status).toBe(422);
    const created = ok(await admin.post('/api/org/members', { loginId: 'strong.pw', name: 'S', password: 'Strong#Pass12' }));
    expect((await admin.put(`/api/org/members/${created.id}/password`, { password: 'alllowercase12' })).status).toBe(422);
    const member = await signedIn(platform.url, 'strong.pw', 'Strong#Pass12');
    const change = await member.post('/api/account/password', { currentPassword: 'Strong#Pass12', newPassword: 'weakweakweak', confirmPassword: 'weakweakweak' });
    expect(change.status).toBe(422);
  });

  it('the lockout follows it, never looser than three wrong passwords', async () => {
    ok(await setPolicy({ lockoutFailures: 2, lockoutMinutes: 10 }));
    const guest = new TestClient(platform.url);
    expect((await guest.login('acme.user', 'wrong-1')).status).toBe(401);
    expect((await guest.login('acme.user', 'wrong-2')).status).toBe(429);
    expect((await guest.login('acme.user')).status).toBe(429);
    clock.advance(5 * 60_000);
    expect((await guest.login('acme.user')).status).toBe(429);
    clock.advance(6 * 60_000);
    expect((await guest.login('acme.user')).status).toBe(200);
  });

  it('an idle session ends after the policy\'s minutes, and applies at once', async () => {
    ok(await setPolicy({ idleMinutes: 10 }));
    const user = await signedIn(platform.url, 'acme.user');
    clock.advance(9 * 60_000);
    expect((await user.get('/api/account/me')).status).toBe(200);
    clock.advance(9 * 60_000);
    expect((await user.get('/api/account/me')).status).toBe(200);
    clock.advance(11 * 60_000);
    const idle = await user.get('/api/account/me?lang=en');
    expect(idle.status).toBe(401);
    expect((await user.get('/api/account/me')).status).toBe(401);
    // The clients signed in at the start were idle as well.
    [admin, safe] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.safe')]);
  });

  it('addresses per role: the admin is refused elsewhere; the reviewer cannot lock themselves out', async () => {
    ok(await setPolicy({ ipAllow: { admin: ['10.0.0.0/8'] } }));
    const refused = await admin.get('/api/org/members/list?lang=en');
    expect(refused.status).toBe(403);
    expect(refused.body.text).toContain('current address');
    expect((await audit.get('/api/org/members/list')).status).toBe(200);
    expect((await setPolicy({ ipAllow: { safe: ['10.0.0.0/8'] } })).body.msg).toBe('security.policy.lockOut');
    ok(await setPolicy({ ipAllow: { admin: ['127.0.0.1', '::1'] } }));
    expect((await admin.get('/api/org/members/list')).status).toBe(200);
  });

  it('the watermark the policy enforces is on for every page, whatever the admin set', async () => {
    ok(await setPolicy({ watermarkEnforced: true }));
    expect(ok(await admin.get('/api/org/appearance')).watermark).toMatchObject({ enabled: true, scope: 'all' });
    ok(await setPolicy({}));
    expect(ok(await admin.get('/api/org/appearance')).watermark.enabled).toBe(false);
  });

  it('space B\'s reviewer reads and sets only space B\'s policy', async () => {
    expect(ok(await novaSafe.get('/api/org/security-policy')).policy).toEqual(DEFAULT_POLICY);
    expect((await novaSafe.put('/space-acme/api/org/security-policy', DEFAULT_POLICY)).status).toBe(403);
    ok(await novaSafe.put('/api/org/security-policy', { ...DEFAULT_POLICY, idleMinutes: 15 }));
    expect(ok(await admin.get('/api/org/security-policy')).policy.idleMinutes).toBe(0);
  });
  it('an expired password is changed through a one-time page before signing in', async () => {
    ok(await setPolicy({ passwordExpiryDays: 30 }));
    clock.advance(31 * 86_400_000);
    const guest = new TestClient(platform.url);
    const expired = await guest.login('acme.user');
    expect(expired.status).toBe(403);
    expect(expired.body.msg).toBe('account.passwordExpired');
    const token = expired.body.data.token as string;
    expect(ok(await guest.get(`/api/account/invitations/${token}`))).toMatchObject({ loginId: 'acme.user', expired: true });
    ok(await guest.post(`/api/account/invitations/${token}`, { password: 'Renewed#2026', confirmPassword: 'Renewed#2026' }));
    expect((await new TestClient(platform.url).login('acme.user', 'Renewed#2026')).status).toBe(200);
  });

});
