import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../kernel/clock.ts';
import type { Platform } from '../../../platform.ts';
import { signedIn, TestClient, TEST_DEMO_PASSWORD } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { PENDING_SIGNIN_MS } from './second-factor.ts';
import { TOTP_FAILURE_LIMIT, TOTP_WAIT_MS } from './totp.ts';

let platform: Platform;
// Mid-step, so "the next step" is always 30 s away and a code computed now is that of the server's step.
const clock = new ManualClock(Date.parse('2026-11-22T08:00:10Z'));
let member: TestClient;
let secret = '';
let recoveryCodes: string[] = [];

const en = { 'accept-language': 'en' };
/** The code an authenticator app shows at `ms`, computed with the same library (RFC 6238 defaults). */
const codeAt = (ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });
const nextStep = () => clock.advance(30_000);
const startSignIn = async (client = new TestClient(platform.url, en)) => {
  const answer = await client.post('/api/account/login', { loginId: 'acme.user', password: TEST_DEMO_PASSWORD });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { client, answer, ticket: answer.body.data.ticket as string };
};

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  member = await signedIn(platform.url, 'acme.user');
});
afterAll(async () => {
  await platform?.stop();
});

describe('two-step verification set-up (decision 0056)', () => {
  it('starts off, at a low level that advises turning it on', async () => {
    const view = (await member.get('/api/account/security')).body.data;
    expect(view.twoStep).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(view.advice).toContain('twoStep');
    expect(view.level).toBe('low');
  });

  it('shows a secret once with its otpauth URI and QR, and keeps it only sealed', async () => {
    const setup = await member.post('/api/account/security/two-step/setup');
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    secret = setup.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\/QPaaS:acme\.user\?/);
    expect(setup.body.data.uri).toContain(`secret=${secret}`);
    expect(setup.body.data.qr).toMatch(/^data:image\/png;base64,/);
    const row = await platform.kernel.databases.owner.query('select t.secret_sealed from account_totp t join users u on u.id = t.user_id where u.login_id = $1', ['acme.user']);
    expect(row.rows[0].secret_sealed).toMatch(/^v1\./);
    expect(row.rows[0].secret_sealed).not.toContain(secret);
    expect(JSON.stringify((await member.get('/api/account/security')).body)).not.toContain(secret);
  });

  it('refuses a wrong code in the user\'s language, then turns on with a current one and gives ten recovery codes', async () => {
    const wrong = await member.post('/api/account/security/two-step/confirm', { code: codeAt(clock.now() + 120_000) }, en);
    expect([wrong.status, wrong.body.msg, wrong.body.text]).toEqual([422, 'common.wrongVerificationCode', 'Wrong verification code.']);
    const zh = await member.post('/api/account/security/two-step/confirm', { code: '000000' === codeAt(clock.now()) ? '111111' : '000000' });
    expect(zh.body.text).toBe('验证码错误');
    const on = await member.post('/api/account/security/two-step/confirm', { code: codeAt(clock.now()) });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    recoveryCodes = on.body.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await platform.kernel.databases.owner.query('select code_hash from account_recovery_codes');
    expect(stored.rows.map((r: { code_hash: string }) => r.code_hash).join()).not.toContain(recoveryCodes[0]!.replace('-', ''));
    expect((await member.get('/api/account/security')).body.data.twoStep).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Once on, no new secret is handed out (it would replace the one in the member's app).
    expect((await member.post('/api/account/security/two-step/setup')).body.msg).toBe('accountSecurity.twoStepAlreadyOn');
  });
});

describe('signing in with two-step verification', () => {
  it('a right password gives a ticket and no session; a current code then signs in', async () => {
    const { client, answer, ticket } = await startSignIn();
    expect(answer.body.data).toEqual({ secondStep: true, ticket: expect.any(String) });
    expect(answer.headers.getSetCookie().some((c) => c.startsWith('qp_sid='))).toBe(false);
    expect((await client.get('/api/account/me')).status).toBe(401);
    nextStep();
    const done = await client.post('/api/account/login/second-step', { ticket, code: codeAt(clock.now()) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    client.csrf = done.body.data.csrfToken;
    expect((await client.get('/api/account/me')).body.data.loginId).toBe('acme.user');
    // The ticket was used up.
    expect((await client.post('/api/account/login/second-step', { ticket, code: codeAt(clock.now()) })).body.msg).toBe('accountSecurity.ticketExpired');
  });

  it('refuses a replayed code: the same time step opens once', async () => {
    const { client, ticket } = await startSignIn();
    const replay = await client.post('/api/account/login/second-step', { ticket, code: codeAt(clock.now()) });
    expect([replay.status, replay.body.msg]).toEqual([422, 'accountSecurity.codeUsed']);
    // Nor does the previous step's code (still inside the window) work again.
    expect((await client.post('/api/account/login/second-step', { ticket, code: codeAt(clock.now() - 30_000) })).body.msg).toBe('accountSecurity.codeUsed');
    nextStep();
    expect((await client.post('/api/account/login/second-step', { ticket, code: codeAt(clock.now()) })).status).toBe(200);
  });

  it(`waits after ${TOTP_FAILURE_LIMIT} wrong codes, refusing even the right one until the wait is over`, async () => {
    nextStep();
    const { client, ticket } = await startSignIn();
    const wrong = codeAt(clock.now() + 10 * 60_000);
    const answers = [];
    for (let i = 0; i < TOTP_FAILURE_LIMIT; i += 1) answers.push((await client.post('/api/account/login/second-step', { ticket, code: wrong })).status);
    expect(answers).toEqual([422, 422, 422, 422, 429]);
    const refused = await client.post('/api/account/login/second-step', { ticket, code: codeAt(clock.now()) });
    expect([refused.status, refused.body.text]).toEqual([429, 'Too many wrong codes: please wait 5 minutes and try again.']);
    clock.advance(TOTP_WAIT_MS);
    // The ticket lived less long than the wait: sign in again.
    const again = await startSignIn();
    expect((await again.client.post('/api/account/login/second-step', { ticket: again.ticket, code: codeAt(clock.now()) })).status).toBe(200);
  });

  it('a ticket expires after a few minutes', async () => {
    const { client, ticket } = await startSignIn();
    clock.advance(PENDING_SIGNIN_MS + 1_000);
    const late = await client.post('/api/account/login/second-step', { ticket, code: codeAt(clock.now()) });
    expect([late.status, late.body.msg]).toEqual([401, 'accountSecurity.ticketExpired']);
  });

  it('a recovery code signs in once and never again', async () => {
    const first = await startSignIn();
    const used = await first.client.post('/api/account/login/second-step', { ticket: first.ticket, recoveryCode: recoveryCodes[0]!.toLowerCase() });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const second = await startSignIn();
    const reused = await second.client.post('/api/account/login/second-step', { ticket: second.ticket, recoveryCode: recoveryCodes[0] });
    expect([reused.status, reused.body.msg]).toEqual([422, 'accountSecurity.recoveryCodeWrong']);
    expect((await second.client.post('/api/account/login/second-step', { ticket: second.ticket, recoveryCode: recoveryCodes[1] })).status).toBe(200);
    expect((await member.get('/api/account/security')).body.data.twoStep.recoveryCodesLeft).toBe(8);
  });

  it('another space\'s member can neither finish this sign-in nor close this account\'s two-step', async () => {
    const nova = await signedIn(platform.url, 'nova.user');
    nextStep();
    expect((await nova.post('/api/account/security/two-step/disable', { code: codeAt(clock.now()) })).body.msg).toBe('accountSecurity.twoStepNotOn');
    expect((await nova.post('/api/account/security/two-step/disable', { password: TEST_DEMO_PASSWORD })).body.msg).toBe('accountSecurity.twoStepNotOn');
    expect((await nova.get('/api/account/security')).body.data.twoStep.enabled).toBe(false);
    expect((await member.get('/api/account/security')).body.data.twoStep.enabled).toBe(true);
    // nova.user's own password signs nova.user in directly, never into acme.user's account.
    expect((await nova.get('/api/account/me')).body.data.loginId).toBe('nova.user');
  });

  it('closes with the password (a wrong one changes nothing), after which the password alone signs in', async () => {
    const wrong = await member.post('/api/account/security/two-step/disable', { password: 'not-it-at-all' }, en);
    expect([wrong.status, wrong.body.msg]).toEqual([422, 'account.currentPasswordWrong']);
    expect((await member.post('/api/account/security/two-step/disable', {})).body.msg).toBe('accountSecurity.proofRequired');
    const off = await member.post('/api/account/security/two-step/disable', { password: TEST_DEMO_PASSWORD });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const direct = await signedIn(platform.url, 'acme.user');
    expect((await direct.get('/api/account/me')).body.data.loginId).toBe('acme.user');
    const count = await platform.kernel.databases.owner.query("select count(*)::int as n from account_recovery_codes r join users u on u.id = r.user_id where u.login_id = 'acme.user'");
    expect(count.rows[0].n).toBe(0);
  });

  it('closes with a current code too', async () => {
    const setup = await member.post('/api/account/security/two-step/setup');
    secret = setup.body.data.secret;
    nextStep();
    expect((await member.post('/api/account/security/two-step/confirm', { code: codeAt(clock.now()) })).status).toBe(200);
    // The code just used for turning on cannot turn off.
    expect((await member.post('/api/account/security/two-step/disable', { code: codeAt(clock.now()) })).body.msg).toBe('accountSecurity.codeUsed');
    nextStep();
    expect((await member.post('/api/account/security/two-step/disable', { code: codeAt(clock.now()) })).status).toBe(200);
    expect((await member.get('/api/account/security')).body.data.twoStep.enabled).toBe(false);
  });
});
