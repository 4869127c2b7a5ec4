import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import type { Platform } from '../../platform.ts';
import { chatSocket, ok } from './chat-test-kit.ts';
import { chatTokenValid } from './token.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let novaAdmin: TestClient;
const id: Record<string, string> = {};
const OFF = 'the web chat function is not enabled';

const me = async (client: TestClient) => ok(await client.get('/api/account/me')).id as string;
const direct = async (from: TestClient, to: string) => ok(await from.post('/api/chat/conversations/direct', { userId: to }));
const send = (from: TestClient, chat: string, text: string, mentions?: string[]) => from.post(`/api/chat/conversations/${chat}/messages?lang=en`, { text, ...(mentions ? { mentions } : {}) });
const history = async (client: TestClient, chat: string, before?: string) => ok(await client.get(`/api/chat/conversations/${chat}/messages${before ? `?before=${before}` : ''}`));
const listed = async (client: TestClient, chat: string) => (ok(await client.get('/api/chat/conversations')).conversations as any[]).find((c) => c.id === chat);
const setChat = async (client: TestClient, enabled: boolean) => ok(await client.put('/api/org/appearance/webchat', { enabled }));

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, safe, novaAdmin] = (await Promise.all(['acme.admin', 'acme.user', 'acme.safe', 'nova.admin'].map((login) => signedIn(platform.url, login)))) as [TestClient, TestClient, TestClient, TestClient];
  for (const [login, client] of [['acme.admin', admin], ['acme.user', user], ['acme.safe', safe], ['nova.admin', novaAdmin]] as const) id[login] = await me(client);
});
afterAll(async () => {
  await platform?.stop();
});

describe('the web chat switch and the chat token (spec §7, §8)', () => {
  it('while the switch is off every chat call is a 403 saying so, in both languages', async () => {
    const en = await user.get(`/api2/chat/token?userId=${id['acme.user']}&lang=en`);
    expect(en.status).toBe(403);
    expect(en.body.text).toContain(OFF);
    const zh = await user.get('/api/chat/conversations?lang=zh-CN');
    expect([zh.status, zh.body.msg]).toEqual([403, 'common.chatUnavailable']);
    expect(zh.body.text).toMatch(/[\u4e00-\u9fff]/);
    expect((await user.post('/api/chat/conversations/direct', { userId: id['acme.admin'] })).status).toBe(403);
  });

  it('answers the signed-in user\'s own token only; it is bound to the session and expires', async () => {
    await setChat(admin, true);
    const answer = await user.get(`/api2/chat/token?userId=${id['acme.user']}`);
    expect(answer.status).toBe(200);
    expect((answer.body as any).status).toBe('1200');
    const token = (answer.body as any).token as string;
    const expires = Number(token.split('.')[0]);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
    expect((await user.get(`/api2/chat/token?userId=${id['acme.admin']}`)).status).toBe(403);
    expect((await user.get('/api2/chat/token?userId=abc')).status).toBe(403);
    const holder = { sessionId: 'another session', userId: id['acme.user']!, spaceId: 'acme' };
    expect(chatTokenValid(holder, token, Date.now())).toBe(false);
    // Signing out ends the session the token was derived from: chat calls need the session, never the token.
    const once = await signedIn(platform.url, 'acme.user');
    ok(await once.post('/api/account/logout'));
    expect((await once.get(`/api2/chat/token?userId=${id['acme.user']}`)).status).toBe(401);
  });
});

describe('direct and group chats within one space', () => {
  it('delivers a direct message live to both sides; history pages by keyset; receipts and unread counts', async () => {
    const userSocket = await chatSocket(platform.url, user, id['acme.user']!);
    const adminSocket = await chatSocket(platform.url, admin, id['acme.admin']!);
    const chat = await direct(admin, id['acme.user']!);
    expect(chat.kind).toBe('direct');
    expect((await direct(user, id['acme.admin']!)).id).toBe(chat.id); // one direct chat per pair
    await userSocket.next((m) => m.type === 'chat.conversation' && m.conversationId === chat.id);
    const first = ok(await send(admin, chat.id, 'Hello @Acme User', [id['acme.user']!, id['nova.admin']!]));
    expect(first.mentions).toEqual([id['acme.user']]); // someone outside the chat (and the space) is not stored
    const live = await userSocket.next((m) => m.type === 'chat.message' && m.message.id === first.id);
    expect(live).toMatchObject({ spaceId: 'acme', message: { body: 'Hello @Acme User', senderId: id['acme.admin'], conversationId: chat.id } });
    await adminSocket.next((m) => m.type === 'chat.message' && m.message.id === first.id);

    // 30 messages at once is a member's whole allowance (decision 0103); it regains 3 a second, so after a pause the
    // rest, long enough for this suite's later sends too.
    for (let i = 1; i <= 29; i += 1) ok(await send(admin, chat.id, `message ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    for (let i = 30; i <= 34; i += 1) ok(await send(admin, chat.id, `message ${i}`));
    expect((await listed(user, chat.id)).unread).toBe(35);
    expect((await listed(admin, chat.id)).unread).toBe(0);
    const newest = await history(user, chat.id);
    expect(newest.messages).toHaveLength(30);
    expect(newest.messages.at(-1).body).toBe('message 34');
    const older = await history(user, chat.id, newest.older);
    expect(older.messages.map((m: any) => m.body)).toEqual(['Hello @Acme User', 'message 1', 'message 2', 'message 3', 'message 4']);
    expect(older.older).toBeNull();

    const last = newest.messages.at(-1).id as string;
    expect(ok(await user.post(`/api/chat/conversations/${chat.id}/read`, { messageId: last })).lastReadId).toBe(last);
    const receipt = await adminSocket.next((m) => m.type === 'chat.read' && m.userId === id['acme.user']);
    expect(receipt).toMatchObject({ conversationId: chat.id, lastReadId: last });
    expect((await listed(user, chat.id)).unread).toBe(0);
    const seen = await listed(admin, chat.id);
    expect(seen.members.find((m: any) => m.id === id['acme.user']).lastReadId).toBe(last);
    // A receipt never moves back, nor past the newest message.
    ok(await user.post(`/api/chat/conversations/${chat.id}/read`, { messageId: first.id }));
    expect(ok(await user.post(`/api/chat/conversations/${chat.id}/read`, { messageId: '999999999' })).lastReadId).toBe(last);
    userSocket.close();
    adminSocket.close();
  });

  it('a member who was offline finds the messages and unread counts on their next connection', async () => {
    const group = ok(await admin.post('/api/chat/conversations/group', { name: 'Line 3', memberIds: [id['acme.user'], id['acme.safe']] }));
    expect(group.members.map((m: any) => m.id).sort()).toEqual([id['acme.admin'], id['acme.user'], id['acme.safe']].sort());
    const online = await chatSocket(platform.url, user, id['acme.user']!);
    ok(await send(admin, group.id, 'Shift starts at 8'));
    await online.next((m) => m.type === 'chat.message' && m.message.body === 'Shift starts at 8');
    online.close();
    // acme.safe had no socket at all: history and the unread count carry the message to them.
    const later = await chatSocket(platform.url, safe, id['acme.safe']!);
    expect((await listed(safe, group.id)).unread).toBe(1);
    expect((await history(safe, group.id)).messages.map((m: any) => m.body)).toEqual(['Shift starts at 8']);
    ok(await send(user, group.id, 'Noted'));
    await later.next((m) => m.type === 'chat.message' && m.message.body === 'Noted');
    later.close();
    const found = ok(await safe.get('/api/chat/search?q=shift')).messages;
    expect(found.map((m: any) => m.body)).toEqual(['Shift starts at 8']);
  });

  it('a chat started from a record keeps the link back; a link to no page is refused', async () => {
    const source = { app: 'forms', recordId: '42', routeId: 'forms.detail', params: { app: '7', form: '9' }, title: 'Order 42' };
    const chat = ok(await admin.post('/api/chat/conversations/direct', { userId: id['acme.user'], source }));
    expect(chat.source).toMatchObject(source);
    expect(chat.id).not.toBe((await direct(admin, id['acme.user']!)).id);
    expect((await admin.post('/api/chat/conversations/direct', { userId: id['acme.user'], source: { ...source, routeId: 'no.such' } })).status).toBe(422);
  });
});

describe('bad input stores nothing', () => {
  it('empty and too long texts are 422s in the user\'s language', async () => {
    const chat = await direct(admin, id['acme.user']!);
    const before = (await history(admin, chat.id)).messages.length;
    const empty = await send(admin, chat.id, '   ');
    expect([empty.status, empty.body.text]).toEqual([422, 'A message cannot be empty.']);
    const huge = await send(admin, chat.id, 'x'.repeat(10 * 1024 * 1024));
    expect(huge.status).toBe(422);
    expect(huge.body.text).toContain('4000');
    const zh = await admin.post(`/api/chat/conversations/${chat.id}/messages?lang=zh-CN`, { text: '' });
    expect(zh.body.text).toBe('消息不能为空。');
    expect((await history(admin, chat.id)).messages.length).toBe(before);
    expect((await admin.post('/api/chat/conversations/direct', { userId: id['acme.admin'] })).status).toBe(422);
    expect((await admin.post('/api/chat/conversations/group', { name: ' ', memberIds: [id['acme.user']] })).status).toBe(422);
  });

  it('images and files are checked by content like the forms\' uploads', async () => {
    const chat = await direct(admin, id['acme.user']!);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const sent = ok(await admin.upload(`/api/chat/conversations/${chat.id}/files?kind=image`, [{ name: 'dot.png', bytes: png, type: 'image/png' }])).messages;
    expect(sent[0]).toMatchObject({ kind: 'image', file: { name: 'dot.png', mime: 'image/png' } });
    const read = await user.download(`/api/chat/conversations/${chat.id}/files/${sent[0].file.id}`);
    expect([read.status, read.headers.get('content-type')]).toEqual([200, 'image/png']);
    const fake = await admin.upload(`/api/chat/conversations/${chat.id}/files?kind=image&lang=en`, [{ name: 'evil.png', bytes: Buffer.from('<script>alert(1)</script>') }]);
    expect(fake.status).toBe(422);
    const doc = ok(await admin.upload(`/api/chat/conversations/${chat.id}/files?kind=file`, [{ name: 'notes.txt', bytes: Buffer.from('plain notes') }])).messages;
    expect(doc[0]).toMatchObject({ kind: 'file', file: { name: 'notes.txt', mime: 'text/plain' } });
    expect((await safe.download(`/api/chat/conversations/${chat.id}/files/${sent[0].file.id}`)).status).toBe(404); // not in this chat
  });
});

describe('spaces never leak', () => {
  it('no chat with someone of another space; space B neither reads nor posts into space A\'s chats', async () => {
    expect((await admin.post('/api/chat/conversations/direct?lang=en', { userId: id['nova.admin'] })).body.text).toBe('You can only chat with members of this space.');
    expect((await admin.post('/api/chat/conversations/group', { name: 'Mixed', memberIds: [id['acme.user'], id['nova.admin']] })).status).toBe(422);
    const chat = await direct(admin, id['acme.user']!);
    await setChat(novaAdmin, true);
    expect((await novaAdmin.get(`/api/chat/conversations/${chat.id}`)).status).toBe(404);
    expect((await novaAdmin.get(`/api/chat/conversations/${chat.id}/messages`)).status).toBe(404);
    expect((await send(novaAdmin, chat.id, 'intrusion')).status).toBe(404);
    expect((await novaAdmin.post(`/api/chat/conversations/${chat.id}/read`, { messageId: '1' })).status).toBe(404);
    expect((await novaAdmin.get(`/space-acme/api/chat/conversations/${chat.id}`)).status).toBe(403);
    expect(ok(await novaAdmin.get('/api/chat/conversations')).conversations).toEqual([]);
    expect(ok(await novaAdmin.get('/api/chat/search?q=shift')).messages).toEqual([]);
    // Row-level security itself: in nova's transaction no acme chat row exists, and none can be written there.
    const rows = await inSpace(platform.kernel.db, 'nova', async (trx) => {
      const seen = await sql<{ n: string }>`select (select count(*) from chat_conversation) + (select count(*) from chat_message) + (select count(*) from chat_member) + (select count(*) from chat_file) as n`.execute(trx);
      return seen.rows[0]!.n;
    });
    expect(Number(rows)).toBe(0);
    await expect(
      inSpace(platform.kernel.db, 'nova', (trx) => trx.insertInto('chat_message').values({ space_id: 'acme', conversation_id: chat.id, sender_id: id['nova.admin']!, kind: 'text', body: 'x' }).execute()),
    ).rejects.toThrow(/row-level security/);
    expect((await history(admin, chat.id)).messages.some((m: any) => m.body === 'intrusion')).toBe(false);
  });

  it('turning the switch off closes chat again', async () => {
    await setChat(admin, false);
    const answer = await user.get('/api/chat/conversations?lang=en');
    expect([answer.status, answer.body.text]).toEqual([403, 'qChat is not available, or the web chat function is not enabled; contact the administrator.']);
  });
});
