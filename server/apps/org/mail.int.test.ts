import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_KEYS } from '../../../shared/org/mail-templates.ts';
import { signedIn, TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { closedPort, startSilentServer, startTestSmtp, type TestSmtp } from '../../../tests/support/smtp.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import { sendMail } from '../../kernel/mail/index.ts';
import type { Platform } from '../../platform.ts';
import './mail-tables.ts';

const PASSWORD = 'Smtp-S3cret!pass';
let platform: Platform;
let smtp: TestSmtp;
let silent: Awaited<ReturnType<typeof startSilentServer>>;
let refusing: number;
let admin: TestClient;

const settings = () => ({ host: '127.0.0.1', port: smtp.port, security: 'none', user: 'mailer', password: PASSWORD, fromAddress: 'noreply@acme.example', fromName: 'Acme 平台' });
const storedRow = (space: string) => inSpace(platform.kernel.db, space, (trx) => trx.selectFrom('org_mail_settings').selectAll().executeTakeFirst());

beforeAll(async () => {
  smtp = await startTestSmtp({ user: 'mailer', password: PASSWORD });
  silent = await startSilentServer();
  refusing = await closedPort();
  // Loopback is reachable only on these ports: any other loopback or private target is refused by the guard.
  platform = await startTestPlatform({ outboundAllow: [`127.0.0.1:${smtp.port}`, `127.0.0.1:${silent.port}`, `127.0.0.1:${refusing}`] });
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
  await smtp?.close();
  await silent?.close();
});

describe('mail settings (§2.6 emailTemplateConfig)', () => {
  it('starts unconfigured, with every template at its default in both languages', async () => {
    const view = (await admin.get('/api/org/mail/settings')).body.data;
    expect(view).toMatchObject({ configured: false, passwordSet: false });
    const { templates } = (await admin.get('/api/org/mail/templates')).body.data;
    expect(templates.map((t: { key: string }) => t.key)).toEqual([...MAIL_TEMPLATE_KEYS]);
    const invitation = templates[0];
    expect(invitation.placeholders).toEqual(['name', 'loginId', 'link', 'space']);
    expect(invitation.texts['zh-CN']).toMatchObject({ custom: false, subject: '<%space%> 邀请您加入' });
    expect(invitation.texts.en).toMatchObject({ custom: false, subject: '<%space%> invites you to join' });
  });

  it('saves a server it could reach and sign in to; the password is sealed in the row and never answered', async () => {
    const saved = await admin.put('/api/org/mail/settings', settings());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, host: '127.0.0.1', port: smtp.port, user: 'mailer', passwordSet: true });
    const read = await admin.get('/api/org/mail/settings');
    for (const answer of [saved, read]) {
      expect(JSON.stringify(answer.body)).not.toContain(PASSWORD);
      expect(answer.body.data).not.toHaveProperty('password');
    }
    const row = await storedRow('acme');
    expect(row!.password_sealed).toMatch(/^v1\./);
    expect(row!.password_sealed).not.toContain(PASSWORD);
    expect(Buffer.from(row!.password_sealed!.slice(3), 'base64url').toString('latin1')).not.toContain(PASSWORD);
  });

  it('sends a real test message, in the language asked for, signed in with the stored password', async () => {
    const sent = await admin.post('/api/org/mail/test', { to: 'ops@example.com', language: 'en' }, { 'accept-language': 'en' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect([sent.body.msg, sent.body.params]).toEqual(['org.mail.testSent', { to: 'ops@example.com' }]);
    const mail = await smtp.next((m) => m.to.includes('ops@example.com'));
    expect(mail).toMatchObject({ from: 'noreply@acme.example', user: 'mailer', subject: 'Test message from 艾克美制造 Acme Manufacturing' });
    expect(mail.text).toContain('sent through the mail server 127.0.0.1');

    const sample = await admin.post('/api/org/mail/test', { to: 'li@example.com', language: 'zh-CN', templateKey: 'invitation' });
    expect(sample.status, JSON.stringify(sample.body)).toBe(200);
    const invitation = await smtp.next((m) => m.to.includes('li@example.com'));
    expect(invitation.subject).toBe('[示例] 艾克美制造 Acme Manufacturing 邀请您加入');
    expect(invitation.text).toContain('张三，您好');
    expect(invitation.text).toContain('zhang.san');
  });

  it('keeps the stored password for the same server and user; asks for it again when they change', async () => {
    const { password: _password, ...withoutPassword } = settings();
    const kept = await admin.put('/api/org/mail/settings', { ...withoutPassword, fromName: 'Acme' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ passwordSet: true, fromName: 'Acme' });
    const moved = await admin.put('/api/org/mail/settings', { ...withoutPassword, host: 'smtp.example.com' }, { 'accept-language': 'en' });
    expect(moved.status).toBe(422);
    expect(moved.body.text).toContain('enter the password again');
    expect((await admin.post('/api/org/mail/test', { to: 'x@example.com', language: 'en', settings: { ...withoutPassword, user: 'other' } })).status).toBe(422);
    expect(smtp.received.filter((m) => m.to.includes('x@example.com'))).toEqual([]);
  });

  it('refuses private, loopback and metadata hosts through the outbound guard, and saves nothing', async () => {
    const before = (await admin.get('/api/org/mail/settings')).body.data;
    for (const host of ['10.0.0.1', '127.0.0.2', '169.254.169.254', 'localhost']) {
      const refused = await admin.put('/api/org/mail/settings', { ...settings(), host, port: 25 }, { 'accept-language': 'en' });
      expect(refused.status, host).toBe(422);
      expect(refused.body.msg, host).toBe('outbound.refused');
      expect(refused.body.text).toContain('may not be reached');
    }
    // Loopback on a port the operator did not allow: refused before any connection.
    const otherPort = await admin.put('/api/org/mail/settings', { ...settings(), port: 2525 });
    expect(otherPort.body.msg).toBe('outbound.refused');
    expect(otherPort.body.text).toContain('平台不允许访问');
    const test = await admin.post('/api/org/mail/test', { to: 'a@example.com', language: 'en', settings: { ...settings(), host: '10.0.0.1' } });
    expect(test.body.msg).toBe('outbound.refused');
    expect((await admin.get('/api/org/mail/settings')).body.data).toEqual(before);
  });

  it('a server that refuses the connection, or accepts and never answers, is a 422 in bounded time; nothing saved', async () => {
    const before = (await admin.get('/api/org/mail/settings')).body.data;
    const refused = await admin.put('/api/org/mail/settings', { ...settings(), port: refusing }, { 'accept-language': 'en' });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('mail.unreachable');
    expect(refused.body.text).toContain('Could not connect to the mail server 127.0.0.1');
    const started = Date.now();
    const mute = await admin.put('/api/org/mail/settings', { ...settings(), port: silent.port });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(mute.status).toBe(422);
    expect(mute.body.msg).toBe('mail.noAnswer');
    expect(mute.body.text).toContain('秒内没有应答');
    const wrongPassword = await admin.put('/api/org/mail/settings', { ...settings(), password: 'wrong' }, { 'accept-language': 'en' });
    expect(wrongPassword.body.msg).toBe('mail.authFailed');
    expect((await admin.get('/api/org/mail/settings')).body.data).toEqual(before);
    expect(await storedRow('acme')).toMatchObject({ port: smtp.port });
  }, 30_000);

  it('checks the fields with the page’s rules', async () => {
    for (const [patch, key] of [
      [{ host: '' }, 'org.mail.problem.hostRequired'],
      [{ host: 'bad host!' }, 'org.mail.problem.badHost'],
      [{ port: 70000 }, 'org.mail.problem.badPort'],
      [{ security: 'ssl3' }, 'org.mail.problem.badSecurity'],
      [{ fromAddress: 'nobody' }, 'org.mail.problem.badFromAddress'],
      [{ fromName: 'a\r\nBcc: x@example.com' }, 'org.mail.problem.badFromName'],
    ] as const) {
      const answer = await admin.put('/api/org/mail/settings', { ...settings(), ...patch });
      expect([answer.status, answer.body.msg]).toEqual([422, key]);
    }
    expect((await admin.post('/api/org/mail/test', { to: 'not an address', language: 'en' })).body.msg).toBe('mail.badRecipient');
  });
});

describe('mail templates', () => {
  const custom = {
    'zh-CN': { subject: '<%space%> 欢迎 <%name%>', body: '请用 <%loginId%> 登录：<%link%>' },
    en: { subject: 'Welcome to <%space%>, <%name%>', body: 'Sign in as <%loginId%>: <%link%>' },
  };

  it('refuses unknown placeholders and broken markers (422), and keeps what was there', async () => {
    const unknown = await admin.put('/api/org/mail/templates/invitation', { ...custom, en: { subject: 'Hi', body: 'Your password: <%password%>' } }, { 'accept-language': 'en' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.msg).toBe('org.mail.problem.unknownPlaceholder');
    expect(unknown.body.text).toContain('<%password%>');
    expect(unknown.body.data).toEqual({ language: 'en' });
    const broken = await admin.put('/api/org/mail/templates/invitation', { ...custom, 'zh-CN': { subject: '你好 <%name', body: 'x' } });
    expect([broken.status, broken.body.msg]).toEqual([422, 'org.mail.problem.brokenMarker']);
    expect((await admin.put('/api/org/mail/templates/invitation', { ...custom, en: { subject: '', body: 'x' } })).body.msg).toBe('org.mail.problem.subjectRequired');
    expect((await admin.put('/api/org/mail/templates/nope', custom)).status).toBe(404);
    expect((await admin.get('/api/org/mail/templates/invitation')).body.data.texts.en.custom).toBe(false);
  });

  it('an override is what sendMail sends (other apps call it), in the recipient’s language; reset brings back the default', async () => {
    const saved = await admin.put('/api/org/mail/templates/invitation', custom);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.texts.en).toMatchObject({ ...custom.en, custom: true });

    const values = { name: 'Ada', loginId: 'ada', link: 'https://qp.example/i/abc', space: 'Acme' };
    await sendMail(platform.kernel, 'acme', { to: 'ada@example.com', templateKey: 'invitation', language: 'en', values });
    const english = await smtp.next((m) => m.to.includes('ada@example.com'));
    expect([english.subject, english.text.trim()]).toEqual(['Welcome to Acme, Ada', 'Sign in as ada: https://qp.example/i/abc']);
    await sendMail(platform.kernel, 'acme', { to: 'wang@example.com', templateKey: 'todo', language: 'zh-CN', values: { name: '王', title: '点检', app: '生产', sender: '李', link: 'https://qp.example/t', space: 'Acme' } });
    expect((await smtp.next((m) => m.to.includes('wang@example.com'))).subject).toBe('待办：点检');

    const reset = await admin.delete('/api/org/mail/templates/invitation');
    expect(reset.body.data.texts.en).toMatchObject({ custom: false, subject: '<%space%> invites you to join' });
    await expect(sendMail(platform.kernel, 'nova', { to: 'n@example.com', templateKey: 'notice', language: 'en', values: {} })).rejects.toMatchObject({ key: 'mail.notConfigured' });
  });
});

describe('who may', () => {
  it('user, safe and audit get 403 on every mail call, and nothing changes', async () => {
    for (const loginId of ['acme.user', 'acme.safe', 'acme.audit']) {
      const client = await signedIn(platform.url, loginId);
      expect((await client.get('/api/org/mail/settings')).status, loginId).toBe(403);
      expect((await client.put('/api/org/mail/settings', settings())).status, loginId).toBe(403);
      expect((await client.post('/api/org/mail/test', { to: 'a@example.com', language: 'en' })).status, loginId).toBe(403);
      expect((await client.get('/api/org/mail/templates')).status, loginId).toBe(403);
      expect((await client.put('/api/org/mail/templates/notice', { 'zh-CN': { subject: 'x', body: 'x' }, en: { subject: 'x', body: 'x' } })).status, loginId).toBe(403);
      expect((await client.delete('/api/org/mail/templates/notice')).status, loginId).toBe(403);
    }
  });

  it('space B neither reads nor changes space A’s settings and templates', async () => {
    await admin.put('/api/org/mail/templates/notice', { 'zh-CN': { subject: 'A 的通知', body: 'A' }, en: { subject: 'A notice', body: 'A' } });
    const nova = await signedIn(platform.url, 'nova.admin');
    expect((await nova.get('/api/org/mail/settings')).body.data.configured).toBe(false);
    const novaTemplates = (await nova.get('/api/org/mail/templates')).body.data.templates;
    expect(novaTemplates.every((t: { texts: Record<string, { custom: boolean }> }) => !t.texts.en!.custom && !t.texts['zh-CN']!.custom)).toBe(true);
    expect((await nova.get('/space-acme/api/org/mail/settings')).status).toBe(403);
    expect((await nova.put('/space-acme/api/org/mail/settings', settings())).status).toBe(403);
    expect((await nova.delete('/space-acme/api/org/mail/templates/notice')).status).toBe(403);
    expect(await storedRow('nova')).toBeUndefined();
    // A sealed password moved into another space's row does not open there.
    const sealed = (await storedRow('acme'))!.password_sealed!;
    const { secretBoxFor } = await import('../../kernel/secrets.ts');
    expect(() => secretBoxFor(platform.kernel.config).open(sealed, 'org.mail:nova')).toThrow();
    expect((await admin.get('/api/org/mail/templates/notice')).body.data.texts.en.subject).toBe('A notice');
  });
});

describe('invitations by e-mail (the mail contract wired into member invitations)', () => {
  const status = (token: string) => new TestClient(platform.url).get(`/api/account/invitations/${token}`).then((a) => a.status);

  it('sends a fresh link with the invitation template; the mailed link works and the earlier one does not', async () => {
    expect((await admin.put('/api/org/mail/settings', settings())).status).toBe(200);
    const created = (await admin.post('/api/org/members', { loginId: 'mail.invitee', name: '王五', email: 'wang.wu@example.com' })).body.data;
    const sent = await admin.post(`/api/org/members/${created.id}/invitation`, { mail: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.mailedTo).toBe('wang.wu@example.com');
    const mail = await smtp.next((m) => m.to.includes('wang.wu@example.com'));
    expect(mail.subject).toBe('艾克美制造 Acme Manufacturing 邀请您加入');
    expect(mail.text).toContain('王五');
    expect(mail.text).toContain('mail.invitee');
    expect(mail.text).toContain(`/home/invitation/${sent.body.data.invitation}`);
    expect(await status(sent.body.data.invitation)).toBe(200);
    expect(await status(created.invitation)).toBe(404);
  });

  it('a member without an e-mail, or a space without a mail server: a 422 that says so, and the old link still works', async () => {
    const noMail = (await admin.post('/api/org/members', { loginId: 'no.mail', name: '赵六' })).body.data;
    const refused = await admin.post(`/api/org/members/${noMail.id}/invitation?lang=en`, { mail: true });
    expect(refused.status).toBe(422);
    expect(refused.body.text).toContain('no e-mail address');
    expect(await status(noMail.invitation)).toBe(200);

    const nova = await signedIn(platform.url, 'nova.admin');
    const novaMember = (await nova.post('/api/org/members', { loginId: 'nova.invitee', name: 'Nova Invitee', email: 'invitee@nova.example' })).body.data;
    const unconfigured = await nova.post(`/api/org/members/${novaMember.id}/invitation`, { mail: true });
    expect(unconfigured.status).toBe(422);
    expect(unconfigured.body.msg).toBe('mail.notConfigured');
    expect(await status(novaMember.invitation)).toBe(200);
    expect(smtp.received.some((m) => m.to.includes('invitee@nova.example'))).toBe(false);
  });
});
