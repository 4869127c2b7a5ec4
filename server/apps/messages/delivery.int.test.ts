import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { boundSocket, eventually, ok, pause } from '../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { startTestSmtp, type TestSmtp } from '../../../tests/support/smtp.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let smtp: TestSmtp;
let admin: TestClient;
let user: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
let novaUser: TestClient;
let ids: Record<string, string>;

const db = () => platform.kernel.databases.owner;
const outboxOf = async (title: string) =>
  (
    await db().query(
      `select u.login_id, o.channel, o.state from messages_outbox o join messages_message m on m.space_id = o.space_id and m.id = o.message_id
         join users u on u.id = o.user_id where m.title_params->>'text' = $1 order by 1, 2`,
      [title],
    )
  ).rows.map((r) => `${r.login_id}:${r.channel}`);
const settle = (title: string) =>
  eventually(
    async () => (await db().query(`select count(*)::int as n from messages_outbox o join messages_message m on m.space_id = o.space_id and m.id = o.message_id where m.title_params->>'text' = $1 and o.state = 'pending' and o.error_key is null`, [title])).rows[0].n,
    (n) => n === 0,
  );
const recipientsOf = async (title: string) =>
  (await db().query(`select u.login_id from messages_message m join users u on u.id = m.user_id where m.title_params->>'text' = $1 order by 1`, [title])).rows.map((r) => r.login_id);

beforeAll(async () => {
  smtp = await startTestSmtp({ user: 'mailer', password: 'Secret-123' });
  platform = await startTestPlatform({ outboundAllow: [`127.0.0.1:${smtp.port}`] });
  [admin, user, audit, novaAdmin, novaUser] = await Promise.all(['acme.admin', 'acme.user', 'acme.audit', 'nova.admin', 'nova.user'].map((l) => signedIn(platform.url, l))) as [TestClient, TestClient, TestClient, TestClient, TestClient];
  const members = [...ok(await admin.get('/api/org/members')).members, ...ok(await novaAdmin.get('/api/org/members')).members] as Array<{ id: string; loginId: string }>;
  ids = Object.fromEntries(members.map((m) => [m.loginId, m.id]));
  ok(await admin.put('/api/org/mail/settings', { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'mailer', password: 'Secret-123', fromAddress: 'noreply@acme.example', fromName: 'Acme' }));
  await db().query(`update users set phone = '1380000' || id where login_id like 'acme.%' or login_id like 'nova.%'`);
});
afterAll(async () => {
  await platform?.stop();
  await smtp?.close();
});

describe('message subscriptions', () => {
  it('the admin\'s defaults apply, the member\'s choice wins where allowed, and each channel honours them', async () => {
    ok(await admin.put('/api/messages/subscription-defaults', { category: 'notice', channel: 'email', enabled: true, locked: false }));
    ok(await admin.put('/api/messages/subscription-defaults', { category: 'notice', channel: 'sms', enabled: true, locked: true }));
    // The user keeps e-mail off, the tray off; SMS is fixed by the admin.
    ok(await user.put('/api/messages/subscriptions', { category: 'notice', channel: 'email', enabled: false }));
    ok(await user.put('/api/messages/subscriptions', { category: 'notice', channel: 'desktop', enabled: false }));
    const locked = await user.put('/api/messages/subscriptions?lang=en', { category: 'notice', channel: 'sms', enabled: false });
    expect(locked.status).toBe(422);
    expect(locked.body.text).toContain('fixed');
    const rows = ok(await user.get('/api/messages/subscriptions')).rows as any[];
    expect(rows.find((r) => r.category === 'notice' && r.channel === 'sms')).toMatchObject({ enabled: true, locked: true, app: null });
    expect(rows.find((r) => r.category === 'notice' && r.channel === 'email')).toMatchObject({ enabled: false, locked: false });
    expect(rows.find((r) => r.category === 'todo' && r.channel === 'inApp')).toMatchObject({ enabled: true, locked: true });

    ok(await admin.post('/api/messages/notices', { title: 'Subs 1', members: [ids['acme.user'], ids['acme.audit']] }));
    await settle('Subs 1');
    expect(await outboxOf('Subs 1')).toEqual([
      'acme.audit:desktop', 'acme.audit:email', 'acme.audit:inApp', 'acme.audit:sms',
      'acme.user:inApp', 'acme.user:sms',
    ]);
    // Turning in-app off keeps the message out of the centre (and off the badge).
    ok(await audit.put('/api/messages/subscriptions', { category: 'notice', channel: 'inApp', enabled: false }));
    ok(await admin.post('/api/messages/notices', { title: 'Subs 2', members: [ids['acme.audit']] }));
    await settle('Subs 2');
    expect(await outboxOf('Subs 2')).toEqual(['acme.audit:desktop', 'acme.audit:email', 'acme.audit:sms']);
    expect(ok(await audit.get('/api/messages')).items.map((m: any) => m.title)).not.toContain('Subs 2');
    ok(await audit.put('/api/messages/subscriptions', { category: 'notice', channel: 'inApp', enabled: true }));
    // Per application: the member silences the messages app's notices by e-mail only.
    ok(await audit.put('/api/messages/subscriptions', { category: 'notice', app: 'messages', channel: 'email', enabled: false }));
    ok(await admin.post('/api/messages/notices', { title: 'Subs 3', members: [ids['acme.audit']] }));
    await settle('Subs 3');
    expect(await outboxOf('Subs 3')).toEqual(['acme.audit:desktop', 'acme.audit:inApp', 'acme.audit:sms']);
  });

  it('in-app to-dos cannot be turned off; unknown types, channels and apps are 422', async () => {
    expect((await user.put('/api/messages/subscriptions', { category: 'todo', channel: 'inApp', enabled: false })).status).toBe(422);
    expect((await admin.put('/api/messages/subscription-defaults', { category: 'todo', channel: 'inApp', enabled: false, locked: true })).status).toBe(422);
    const unknown = await user.put('/api/messages/subscriptions?lang=en', { category: 'gossip', channel: 'email', enabled: true });
    expect(unknown.status).toBe(422);
    expect(unknown.body.text).toBe('Unknown message type: gossip');
    expect((await user.put('/api/messages/subscriptions', { category: 'notice', channel: 'pigeon', enabled: true })).status).toBe(422);
    expect((await user.put('/api/messages/subscriptions', { category: 'notice', app: 'nope', channel: 'email', enabled: true })).status).toBe(422);
    expect((await db().query(`select count(*)::int as n from messages_subscription where category in ('gossip') or channel = 'pigeon' or app = 'nope'`)).rows[0].n).toBe(0);
  });
});

describe('delivery channels', () => {
  it('e-mail goes through the space\'s SMTP server with the notice template and a stable Message-ID', async () => {
    smtp.received.length = 0;
    ok(await admin.put('/api/messages/subscription-defaults', { category: 'notice', channel: 'email', enabled: true, locked: false }));
    // (acme.audit silenced e-mail for this app above; the admin's default still holds for acme.admin.)
    ok(await admin.post('/api/messages/notices', { title: 'Mail me', body: 'Shift change at six', members: [ids['acme.admin']] }));
    const mail = await smtp.next((m) => m.to.includes('acme.admin@example.com'));
    expect(mail.user).toBe('mailer');
    expect(`${mail.subject}\n${mail.text}`).toContain('Mail me');
    expect(mail.text).toContain('Shift change at six');
    await settle('Mail me');
    const row = (await db().query(`select o.mail_id, o.state from messages_outbox o join messages_message m on m.space_id = o.space_id and m.id = o.message_id where m.title_params->>'text' = 'Mail me' and o.channel = 'email'`)).rows[0];
    expect(row.state).toBe('done');
    expect(mail.messageId).toBe(row.mail_id);
  });

  it('SMS goes out through the operator\'s SMS account (logged, keyed by the delivery); the desktop gets a tray event with title, text and url', async () => {
    const socket = await boundSocket(platform.url, audit);
    ok(await admin.post('/api/messages/notices', { title: 'Text me', body: 'Boiler pressure', members: [ids['acme.audit']] }));
    const tray = await socket.next((m) => m.type === 'messages.desktop' && m.title === 'Text me');
    expect(tray).toMatchObject({ spaceId: 'acme', text: 'Boiler pressure', url: '/space-acme/user/messagecenter', category: 'notice' });
    await settle('Text me');
    const sent = (await db().query(`select l.phone, l.text, l.space_id, l.template_code, l.status, l.send_key from sms_send_log l where l.text like '%Text me%'`)).rows;
    const outbox = (await db().query(`select o.id from messages_outbox o join messages_message m on m.space_id = o.space_id and m.id = o.message_id where m.title_params->>'text' = 'Text me' and o.channel = 'sms'`)).rows;
    expect(sent).toEqual([{ phone: `1380000${ids['acme.audit']}`, text: '【QPaaS】Text me: Boiler pressure', space_id: 'acme', template_code: 'notice', status: 'sent', send_key: `messages.acme.${outbox[0].id}` }]);
    socket.close();
  });

  it('a space without a mail server: the e-mail fails visibly, is retried, and the other channels are delivered', async () => {
    ok(await novaAdmin.put('/api/messages/subscription-defaults', { category: 'notice', channel: 'email', enabled: true, locked: false }));
    ok(await novaAdmin.post('/api/messages/notices', { title: 'Nova mail', members: [ids['nova.user']] }));
    const failed = await eventually(async () => ok(await novaAdmin.get('/api/messages/deliveries?state=failed&lang=en')).items as any[], (l) => l.length > 0);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ channel: 'email', state: 'retrying', attempts: 1, userName: expect.any(String), title: 'Nova mail' });
    expect(failed[0].error).toMatch(/mail server|SMTP|configured/i);
    expect(ok(await novaUser.get('/api/messages')).items.map((m: any) => m.title)).toContain('Nova mail');
    const done = ok(await novaAdmin.get('/api/messages/deliveries?state=done')).items.map((d: any) => d.channel).sort();
    expect(done).toEqual(['desktop', 'inApp']);
    expect(ok(await admin.get('/api/messages/deliveries?state=failed')).items.filter((d: any) => d.title === 'Nova mail')).toEqual([]);
    // The server filters by state and channel, so a later page continues the filtered list.
    expect(ok(await novaAdmin.get('/api/messages/deliveries?state=retrying&channel=email')).items.map((d: any) => d.id)).toEqual([failed[0].id]);
    expect(ok(await novaAdmin.get('/api/messages/deliveries?state=retrying&channel=sms')).items).toEqual([]);
    expect(ok(await novaAdmin.get('/api/messages/deliveries?state=gaveUp')).items).toEqual([]);
    // Retried by hand: due now, fails again for the same reason (attempts start over).
    ok(await novaAdmin.post(`/api/messages/deliveries/${failed[0].id}/retry`));
    const again = await eventually(async () => (ok(await novaAdmin.get('/api/messages/deliveries?state=failed')).items as any[])[0], (d) => d?.attempts === 1 && Date.parse(d.nextAt) > Date.now());
    expect(again.state).toBe('retrying');
    expect((await admin.post(`/api/messages/deliveries/${failed[0].id}/retry`)).status).toBe(404);
    expect((await novaAdmin.post('/api/messages/deliveries/999999/retry')).status).toBe(404);
  });
});

describe('recipients resolved by the organisation app', () => {
  it('departments with sub-departments, roles, role groups and user groups; distinct active members only', async () => {
    const top = ok(await admin.post('/api/org/departments', { name: 'Plant' }));
    const sub = ok(await admin.post('/api/org/departments', { name: 'Plant / Line 1', parentId: top.id }));
    ok(await admin.put(`/api/org/members/${ids['acme.safe']}/departments`, { departmentIds: [sub.id] }));
    ok(await admin.put(`/api/org/members/${ids['acme.user']}/departments`, { departmentIds: [top.id] }));
    const group = ok(await admin.post('/api/org/role-groups', { name: 'Notice roles' }));
    const role = ok(await admin.post('/api/org/roles', { groupId: group.id, name: 'Shift lead' }));
    const other = ok(await admin.post('/api/org/roles', { groupId: group.id, name: 'Inspector' }));
    ok(await admin.post(`/api/org/roles/${role.id}/members`, { userIds: [ids['acme.audit']] }));
    ok(await admin.post(`/api/org/roles/${other.id}/members`, { userIds: [ids['acme.admin']] }));
    const users = ok(await admin.post('/api/org/groups', { name: 'Notice readers' }));
    ok(await admin.put(`/api/org/groups/${users.id}/members`, { userIds: [ids['acme.user'], ids['acme.admin']] }));

    ok(await admin.post('/api/messages/notices', { title: 'To the plant', departments: [top.id] }));
    expect(await recipientsOf('To the plant')).toEqual(['acme.safe', 'acme.user']);
    ok(await admin.post('/api/messages/notices', { title: 'To a role', roles: [role.id] }));
    expect(await recipientsOf('To a role')).toEqual(['acme.audit']);
    ok(await admin.post('/api/messages/notices', { title: 'To a role group', roleGroups: [group.id] }));
    expect(await recipientsOf('To a role group')).toEqual(['acme.admin', 'acme.audit']);
    ok(await admin.post('/api/messages/notices', { title: 'To a user group', userGroups: [users.id], members: [ids['acme.user']] }));
    expect(await recipientsOf('To a user group')).toEqual(['acme.admin', 'acme.user']);

    // A member disabled in the space is nobody's recipient; a nova admin naming acme's groups reaches nobody.
    await db().query(`update memberships set status = 'disabled' where space_id = 'acme' and user_id = $1`, [ids['acme.safe']]);
    ok(await admin.post('/api/messages/notices', { title: 'After leaving', departments: [sub.id, top.id] }));
    expect(await recipientsOf('After leaving')).toEqual(['acme.user']);
    await db().query(`update memberships set status = 'active' where space_id = 'acme' and user_id = $1`, [ids['acme.safe']]);
    expect((await novaAdmin.post('/api/messages/notices', { title: 'Sneaky', departments: [top.id], roleGroups: [group.id], userGroups: [users.id] })).status).toBe(422);
    await pause(0);
    expect(await recipientsOf('Sneaky')).toEqual([]);
  });
});
