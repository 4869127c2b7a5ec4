import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../kernel/clock.ts';
import type { Platform } from '../../../platform.ts';
import { signedIn, TestClient, TEST_DEMO_PASSWORD } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { startTestSmtp, type TestSmtp } from '../../../../tests/support/smtp.ts';
import { textReader } from '../../../../tests/support/texts.ts';
import { ACCOUNT_SENDS, CODE_TTL_MS, SEND_WINDOW_MS } from './codes.ts';

const SMTP_PASSWORD = 'Smtp-S3cret!pass';
const clock = new ManualClock(Date.parse('2026-11-22T08:00:00Z'));
let platform: Platform;
let smtp: TestSmtp;
let member: TestClient;

const en = { 'accept-language': 'en' };
/** A guest, from `address` when given (the platform trusts the proxy's X-Forwarded-For here). */
const guest = (address?: string) => new TestClient(platform.url, address ? { ...en, 'x-forwarded-for': address } : en);
const reset = (client: TestClient, account: string, code: string, password = 'Brand-New#2027') =>
  client.post('/api/account/password-reset', { account, code, newPassword: password, confirmPassword: password });
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const mailedCode = async (to: string) => codeIn((await smtp.next((m) => m.to.includes(to))).text);
const nextText = textReader(() => platform.kernel.db);
/** Every code a phone received here: none may be read back from the operator's send log. */
const textedCodes: string[] = [];
/** The code of the next text sent to `phone` for `space`, as the phone received it. */
const textedCode = async (space: string, phone: string, waitMs?: number) => {
  const code = codeIn(await nextText(space, phone, waitMs));
  if (code) textedCodes.push(code);
  return code;
};
/** A fresh window for every allowance (per account, per typed name, per address). */
const newWindow = () => clock.advance(SEND_WINDOW_MS + 1_000);

beforeAll(async () => {
  smtp = await startTestSmtp({ user: 'mailer', password: SMTP_PASSWORD });
  platform = await startTestPlatform({ clock, trustProxy: true, outboundAllow: [`127.0.0.1:${smtp.port}`] });
  // The space's own mail server (the org app's settings) carries the codes (decision 0057).
  const admin = await signedIn(platform.url, 'acme.admin');
  const saved = await admin.put('/api/org/mail/settings', { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'mailer', password: SMTP_PASSWORD, fromAddress: 'noreply@acme.example', fromName: 'Acme' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  member = await signedIn(platform.url, 'acme.user');
});
afterAll(async () => {
  await platform?.stop();
  await smtp?.close();
});

describe('binding an e-mail and a phone', () => {
  it('refuses a badly formed address and a wrong code, in the user\'s language', async () => {
    const bad = await member.post('/api/account/security/bind/code', { kind: 'email', value: 'not-an-address' }, en);
    expect([bad.status, bad.body.text]).toEqual([422, 'Incorrect email format.']);
    expect((await member.post('/api/account/security/bind/code', { kind: 'email', value: 'li.wei@example.com' })).status).toBe(200);
    await mailedCode('li.wei@example.com');
    const wrong = await member.post('/api/account/security/bind', { kind: 'email', code: '000000' }, en);
    expect([wrong.status, wrong.body.text]).toEqual([422, 'Wrong verification code.']);
    expect((await member.get('/api/account/security')).body.data.email).toBeNull();
  });

  it('binds the e-mail with the code mailed through the space\'s SMTP server', async () => {
    expect((await member.post('/api/account/security/bind/code', { kind: 'email', value: 'li.wei@example.com' })).status).toBe(200);
    const mail = await smtp.next((m) => m.to.includes('li.wei@example.com'));
    expect(mail.from).toBe('noreply@acme.example');
    const bound = await member.post('/api/account/security/bind', { kind: 'email', code: codeIn(mail.text) }, en);
    expect([bound.status, bound.body.msg, bound.body.params]).toEqual([200, 'accountSecurity.bound', { to: 'li***@example.com' }]);
    const view = (await member.get('/api/account/security')).body.data;
    expect(view.email).toBe('li***@example.com');
    expect(view.advice).not.toContain('bindEmail');
    expect((await member.get('/api/account/me')).body.data.email).toBe('li.wei@example.com');
  });

  it('binds a phone with the code texted through the SMS provider', async () => {
    expect((await member.post('/api/account/security/bind/code', { kind: 'phone', value: '138 0013 8000' })).status).toBe(200);
    const bound = await member.post('/api/account/security/bind', { kind: 'phone', code: await textedCode('acme', '13800138000') });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const view = (await member.get('/api/account/security')).body.data;
    expect(view.phone).toBe('138****8000');
    expect(view.level).toBe('medium');
  });

  it('refuses an address bound to another account, another space\'s member included', async () => {
    for (const loginId of ['acme.admin', 'nova.user']) {
      const other = await signedIn(platform.url, loginId);
      const taken = await other.post('/api/account/security/bind/code', { kind: 'email', value: 'LI.WEI@example.com' }, en);
      expect([taken.status, taken.body.text]).toEqual([422, 'This email or phone is already bound.']);
      expect((await other.post('/api/account/security/bind/code', { kind: 'phone', value: '13800138000' })).body.msg).toBe('common.alreadyBound');
    }
  });

  it('another space\'s member cannot use this account\'s code: codes are per account', async () => {
    expect((await member.post('/api/account/security/bind/code', { kind: 'phone', value: '13900139000' })).status).toBe(200);
    const code = await textedCode('acme', '13900139000');
    const nova = await signedIn(platform.url, 'nova.user');
    expect((await nova.post('/api/account/security/bind', { kind: 'phone', code })).body.msg).toBe('common.wrongVerificationCode');
    // The text went out for acme's member, never on nova's account.
    expect(await textedCode('nova', '13900139000', 0)).toBe('');
    expect((await member.get('/api/account/security')).body.data.phone).toBe('138****8000');
  });
});

describe('forgotten password (decision 0057)', () => {
  it('answers an unknown account exactly like a known one', async () => {
    newWindow();
    const unknown = await guest().post('/api/account/password-reset/code', { account: 'nobody@example.com' });
    const known = await guest().post('/api/account/password-reset/code', { account: 'li.wei@example.com' });
    expect(known.body).toEqual(unknown.body);
    expect([known.status, known.body.msg]).toEqual([200, 'accountSecurity.resetCodeSent']);
    await mailedCode('li.wei@example.com');
    // An unknown account with a code answers like a wrong code.
    const none = await guest().post('/api/account/password-reset', { account: 'nobody@example.com', code: '123456', newPassword: 'Brand-New#2027', confirmPassword: 'Brand-New#2027' });
    expect([none.status, none.body.msg]).toEqual([422, 'accountSecurity.resetCodeRefused']);
  });

  it(`limits codes per typed name, known or not, after ${ACCOUNT_SENDS} in a window`, async () => {
    newWindow();
    const run = async (account: string) => {
      const statuses = [];
      for (let i = 0; i <= ACCOUNT_SENDS; i += 1) statuses.push((await guest().post('/api/account/password-reset/code', { account })).status);
      return statuses;
    };
    expect(await run('ghost.account')).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await run('acme.user')).toEqual([200, 200, 200, 200, 200, 429]);
    // Each mail taken as it arrives: one still on its way would be read as a later test's code.
    for (let i = 0; i < ACCOUNT_SENDS; i += 1) await mailedCode('li.wei@example.com');
  });

  it('a code expires after ten minutes and allows a few tries', async () => {
    newWindow();
    await guest().post('/api/account/password-reset/code', { account: 'acme.user' });
    const code = await mailedCode('li.wei@example.com');
    clock.advance(CODE_TTL_MS + 1_000);
    const late = await guest().post('/api/account/password-reset', { account: 'acme.user', code, newPassword: 'Brand-New#2027', confirmPassword: 'Brand-New#2027' });
    expect([late.status, late.body.msg]).toEqual([422, 'accountSecurity.resetCodeRefused']);
    await guest().post('/api/account/password-reset/code', { account: 'acme.user' });
    const fresh = await mailedCode('li.wei@example.com');
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await guest().post('/api/account/password-reset', { account: 'acme.user', code: wrong, newPassword: 'Brand-New#2027', confirmPassword: 'Brand-New#2027' });
    const spent = await guest().post('/api/account/password-reset', { account: 'acme.user', code: fresh, newPassword: 'Brand-New#2027', confirmPassword: 'Brand-New#2027' });
    expect(spent.body.msg).toBe('accountSecurity.resetCodeRefused');
  });

  it('wrong, expired and used-up codes answer exactly like an unknown account: the tries tell nobody who has one', async () => {
    newWindow();
    await guest().post('/api/account/password-reset/code', { account: 'acme.user' });
    const code = await mailedCode('li.wei@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = async (account: string, tries: string[]) => {
      const seen = [];
      for (const tried of tries) seen.push(JSON.stringify(((answer) => [answer.status, answer.body])(await reset(guest(), account, tried))));
      return seen;
    };
    // Six tries: five wrong ones use the code up, the sixth is the right code, too late.
    const known = await answers('acme.user', [...Array(5).fill(wrong), code]);
    expect(known).toEqual(await answers('nobody.at.all', [...Array(5).fill(wrong), code]));
    expect(new Set(known).size).toBe(1);
    await guest().post('/api/account/password-reset/code', { account: 'acme.user' });
    const late = await mailedCode('li.wei@example.com');
    clock.advance(CODE_TTL_MS + 1_000);
    expect(await answers('acme.user', [late])).toEqual(await answers('nobody.at.all', [late]));
    expect(JSON.parse(known[0]!)[1]).toMatchObject({ msg: 'accountSecurity.resetCodeRefused', text: 'The verification code is wrong or has expired; check it or ask for a new one.' });
  });

  it('one address using up the codes of a name leaves its owner, from his own address, able to reset', async () => {
    newWindow();
    const attacker = guest('203.0.113.7');
    const statuses = [];
    for (let i = 0; i <= ACCOUNT_SENDS; i += 1) statuses.push((await attacker.post('/api/account/password-reset/code', { account: 'acme.user' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    for (let i = 0; i < ACCOUNT_SENDS; i += 1) await mailedCode('li.wei@example.com');
    const owner = guest('198.51.100.9');
    expect((await owner.post('/api/account/password-reset/code', { account: 'acme.user' })).status).toBe(200);
    const code = await mailedCode('li.wei@example.com');
    // The code opens: only the too-short password is refused (and the code stays for a better one).
    expect((await reset(owner, 'acme.user', code, 'short')).body.msg).toBe('account.passwordTooShort');
  });

  it('sets a new password under the space\'s policy with the code, and ends every session of the account', async () => {
    newWindow();
    const other = await signedIn(platform.url, 'acme.user');
    await guest().post('/api/account/password-reset/code', { account: '138-0013-8000' });
    const code = await textedCode('acme', '13800138000');
    const weak = await guest().post('/api/account/password-reset', { account: '138-0013-8000', code, newPassword: 'short', confirmPassword: 'short' });
    expect([weak.status, weak.body.msg]).toEqual([422, 'account.passwordTooShort']);
    const differ = await guest().post('/api/account/password-reset', { account: 'acme.user', code, newPassword: 'Brand-New#2027', confirmPassword: 'Brand-New#2028' });
    expect(differ.body.msg).toBe('account.passwordsDiffer');
    // The weak attempt did not use the code up.
    const done = await guest().post('/api/account/password-reset', { account: 'ACME.USER', code, newPassword: 'Brand-New#2027', confirmPassword: 'Brand-New#2027' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    for (const client of [member, other]) expect((await client.get('/api/account/me')).status).toBe(401);
    expect((await guest().post('/api/account/login', { loginId: 'acme.user', password: TEST_DEMO_PASSWORD })).status).toBe(401);
    member = await signedIn(platform.url, 'acme.user', 'Brand-New#2027');
    // A strong, fresh password now counts towards the level.
    expect((await member.get('/api/account/security')).body.data.advice).toEqual(['twoStep']);
    // The code opened once.
    const again = await guest().post('/api/account/password-reset', { account: 'acme.user', code, newPassword: 'Other-New#2027', confirmPassword: 'Other-New#2027' });
    expect(again.body.msg).toBe('accountSecurity.resetCodeRefused');
  });

  it('the operator\'s send log and its table keep every reset and binding code masked', async () => {
    expect(textedCodes.length).toBeGreaterThanOrEqual(3);
    const stored = (await platform.kernel.databases.owner.query(`select text from sms_send_log where phone in ('13800138000', '13900139000')`)).rows.map((r) => r.text as string);
    expect(stored.length).toBeGreaterThanOrEqual(textedCodes.length);
    for (const text of stored) expect(text).toMatch(/您的验证码是 \*{6}，|verification code is \*{6}\./);
    const root = await signedIn(platform.url, 'root');
    const shown = (await root.get('/api/console/access/sms/log')).body.data.entries as Array<{ phone: string; text: string }>;
    expect(shown.filter((e) => e.phone === '13800138000').length).toBeGreaterThanOrEqual(2);
    for (const code of textedCodes) {
      expect(stored.join('\n')).not.toContain(code);
      expect(JSON.stringify(shown)).not.toContain(code);
    }
  });
});

describe('active sessions', () => {
  it('lists the member\'s own sessions with the current one marked, and signs out one or all others', async () => {
    const phone = new TestClient(platform.url, { 'user-agent': 'QPaaS-Phone/1.0' });
    await phone.login('acme.user', 'Brand-New#2027');
    const tablet = new TestClient(platform.url, { 'user-agent': 'QPaaS-Tablet/1.0' });
    await tablet.login('acme.user', 'Brand-New#2027');
    const { sessions } = (await member.get('/api/account/security/sessions')).body.data;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phoneSession = sessions.find((s: { userAgent: string }) => s.userAgent === 'QPaaS-Phone/1.0');
    expect(phoneSession).toMatchObject({ ip: expect.any(String), current: false, id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const current = sessions.find((s: { current: boolean }) => s.current);
    expect((await member.delete(`/api/account/security/sessions/${current.id}`)).body.msg).toBe('accountSecurity.thisSession');

    // Another space's member sees only their own sessions and cannot end this account's.
    const nova = await signedIn(platform.url, 'nova.user');
    const novaList = (await nova.get('/api/account/security/sessions')).body.data.sessions;
    expect(novaList.map((s: { id: string }) => s.id)).not.toContain(phoneSession.id);
    expect((await nova.delete(`/api/account/security/sessions/${phoneSession.id}`)).status).toBe(404);
    expect((await phone.get('/api/account/me')).status).toBe(200);

    expect((await member.delete(`/api/account/security/sessions/${phoneSession.id}`)).status).toBe(200);
    expect((await phone.get('/api/account/me')).status).toBe(401);
    expect((await tablet.get('/api/account/me')).status).toBe(200);
    const others = await member.post('/api/account/security/sessions/sign-out-others');
    expect(others.body.data).toEqual({ ended: 1 });
    expect((await tablet.get('/api/account/me')).status).toBe(401);
    expect((await member.get('/api/account/me')).status).toBe(200);
    expect((await nova.get('/api/account/me')).status).toBe(200);
  });
});
