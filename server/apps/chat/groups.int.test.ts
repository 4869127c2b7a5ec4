import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { chatSocket, ok } from './chat-test-kit.ts';

/** Group management, chats from records and @mention notices (decision 0052), on real PostgreSQL, two spaces. */
let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
const id: Record<string, string> = {};

const base = (chat: string) => `/api/chat/conversations/${chat}`;
const group = async (from: TestClient, name: string, members: string[]) => ok(await from.post('/api/chat/conversations/group', { name, memberIds: members }));
const send = (from: TestClient, chat: string, text: string, mentions?: string[]) => from.post(`${base(chat)}/messages`, { text, ...(mentions ? { mentions } : {}) });
const history = async (client: TestClient, chat: string) => ok(await client.get(`${base(chat)}/messages`)).messages as any[];
const list = async (client: TestClient) => ok(await client.get('/api/chat/conversations')).conversations as any[];
const memberIds = (chat: any) => chat.members.map((m: any) => m.id).sort();
const mentionNotices = async (client: TestClient) => ok(await client.get('/api/messages?category=mention')).items as any[];

beforeAll(async () => {
  platform = await startTestPlatform();
  const logins = ['acme.admin', 'acme.user', 'acme.safe', 'acme.audit', 'nova.admin'] as const;
  [admin, user, safe, audit, novaAdmin] = (await Promise.all(logins.map((login) => signedIn(platform.url, login)))) as [TestClient, TestClient, TestClient, TestClient, TestClient];
  for (const [i, client] of [admin, user, safe, audit, novaAdmin].entries()) id[logins[i]!] = ok(await client.get('/api/account/me')).id;
  for (const client of [admin, novaAdmin]) ok(await client.put('/api/org/appearance/webchat', { enabled: true }));
});
afterAll(async () => {
  await platform?.stop();
});

describe('renaming and adding members', () => {
  it('any member renames a group or adds active members of the space; each change is a system line pushed live', async () => {
    const chat = await group(admin, 'Line 3', [id['acme.user']!]);
    const userSocket = await chatSocket(platform.url, user, id['acme.user']!);
    const renamed = ok(await user.put(`${base(chat.id)}/name`, { name: '  Line 3 night shift ' }));
    expect(renamed.title).toBe('Line 3 night shift');
    const line = await userSocket.next((m) => m.type === 'chat.message' && m.message.kind === 'system');
    expect(line.message.system).toEqual({ change: 'renamed', actor: { id: id['acme.user'], name: expect.any(String) }, people: [], name: 'Line 3 night shift' });
    await userSocket.next((m) => m.type === 'chat.conversation' && m.conversationId === chat.id);

    const safeSocket = await chatSocket(platform.url, safe, id['acme.safe']!);
    const grown = ok(await user.post(`${base(chat.id)}/members`, { memberIds: [id['acme.safe']] }));
    expect(memberIds(grown)).toEqual([id['acme.admin'], id['acme.user'], id['acme.safe']].sort());
    // The new member is told the chat now exists for them and sees the line that added them.
    await safeSocket.next((m) => m.type === 'chat.conversation' && m.conversationId === chat.id);
    const added = await safeSocket.next((m) => m.type === 'chat.message' && m.message.system?.change === 'added');
    expect(added.message.system.people.map((p: any) => p.id)).toEqual([id['acme.safe']]);
    expect((await list(safe)).some((c) => c.id === chat.id)).toBe(true);
    expect((await history(admin, chat.id)).filter((m) => m.kind === 'system').map((m) => m.system.change)).toEqual(['renamed', 'added']);
    userSocket.close();
    safeSocket.close();
  });

  it('bad input is a 422 in the user\'s language and changes nothing; another space\'s people cannot be added', async () => {
    const chat = await group(admin, 'Quality', [id['acme.user']!]);
    const empty = await admin.put(`${base(chat.id)}/name?lang=en`, { name: '  ' });
    expect([empty.status, empty.body.text]).toEqual([422, 'Enter a name for the group.']);
    const long = await admin.put(`${base(chat.id)}/name?lang=zh-CN`, { name: 'x'.repeat(61) });
    expect([long.status, long.body.text]).toEqual([422, '群聊名称最多 60 个字符。']);
    const outsider = await admin.post(`${base(chat.id)}/members?lang=en`, { memberIds: [id['acme.safe'], id['nova.admin']] });
    expect([outsider.status, outsider.body.text]).toEqual([422, 'You can only chat with members of this space.']);
    expect((await admin.post(`${base(chat.id)}/members`, { memberIds: [] })).status).toBe(422);
    expect((await admin.post(`${base(chat.id)}/members`, { memberIds: [id['acme.user']] })).status).toBe(422);
    expect((await admin.post(`${base(chat.id)}/members`, { memberIds: ['abc'] })).status).toBe(422);
    const after = ok(await admin.get(base(chat.id)));
    expect([after.title, memberIds(after)]).toEqual(['Quality', [id['acme.admin'], id['acme.user']].sort()]);
    expect((await history(admin, chat.id)).length).toBe(0);
    // Space B does not find space A's group at all.
    expect((await novaAdmin.put(`${base(chat.id)}/name`, { name: 'Taken' })).status).toBe(404);
    expect((await novaAdmin.post(`${base(chat.id)}/members`, { memberIds: [id['nova.admin']] })).status).toBe(404);
    expect((await novaAdmin.delete(`${base(chat.id)}/members/${id['acme.user']}`)).status).toBe(404);
  });

  it('a direct chat cannot be renamed or changed', async () => {
    const chat = ok(await admin.post('/api/chat/conversations/direct', { userId: id['acme.user'] }));
    const rename = await admin.put(`${base(chat.id)}/name?lang=en`, { name: 'Ours' });
    expect([rename.status, rename.body.text]).toEqual([422, 'A direct chat cannot be renamed or changed.']);
    expect((await admin.post(`${base(chat.id)}/members`, { memberIds: [id['acme.safe']] })).status).toBe(422);
    expect((await admin.delete(`${base(chat.id)}/members/${id['acme.user']}`)).status).toBe(422);
    expect((await user.post(`${base(chat.id)}/leave`)).status).toBe(422);
    expect(memberIds(ok(await user.get(base(chat.id))))).toEqual([id['acme.admin'], id['acme.user']].sort());
  });
});

describe('removing members and leaving', () => {
  it('only the creator or an admin removes; the removed member is told live, loses the chat and their history ends there', async () => {
    const chat = await group(user, 'Maintenance', [id['acme.safe']!, id['acme.audit']!, id['acme.admin']!]);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const image = ok(await user.upload(`${base(chat.id)}/files?kind=image`, [{ name: 'pump.png', bytes: png, type: 'image/png' }])).messages[0];
    ok(await send(user, chat.id, 'before'));
    const refused = await safe.delete(`${base(chat.id)}/members/${id['acme.audit']}?lang=en`);
    expect([refused.status, refused.body.text]).toEqual([403, 'Only the group\'s creator or an administrator can remove members.']);

    const gone = await chatSocket(platform.url, safe, id['acme.safe']!);
    const left = ok(await user.delete(`${base(chat.id)}/members/${id['acme.safe']}`));
    expect(memberIds(left)).toEqual([id['acme.admin'], id['acme.user'], id['acme.audit']].sort());
    const line = await gone.next((m) => m.type === 'chat.message' && m.message.system?.change === 'removed');
    expect(line.message.system.people.map((p: any) => p.id)).toEqual([id['acme.safe']]);
    await gone.next((m) => m.type === 'chat.conversation' && m.conversationId === chat.id);
    expect((await list(safe)).some((c) => c.id === chat.id)).toBe(false);

    ok(await send(user, chat.id, 'after'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gone.messages.some((m) => m.type === 'chat.message' && m.message.body === 'after')).toBe(false);
    // Their own history ends at the line that removed them; nothing later, and no posting or receipts.
    const seen = await history(safe, chat.id);
    expect(seen.at(-1).id).toBe(line.message.id);
    expect(seen.map((m) => m.body)).not.toContain('after');
    expect((await safe.download(`${base(chat.id)}/files/${image.file.id}`)).status).toBe(200);
    expect((await send(safe, chat.id, 'still here?')).status).toBe(404);
    expect((await safe.post(`${base(chat.id)}/read`, { messageId: line.message.id })).status).toBe(404);
    expect((await safe.get(base(chat.id))).status).toBe(404);
    expect((await safe.post(`${base(chat.id)}/members`, { memberIds: [id['acme.safe']] })).status).toBe(404);
    expect((await safe.upload(`${base(chat.id)}/files?kind=image`, [{ name: 'x.png', bytes: png, type: 'image/png' }])).status).toBe(404);
    gone.close();

    // An admin who did not create the group may remove too; removing someone not in it is a 422.
    ok(await admin.delete(`${base(chat.id)}/members/${id['acme.audit']}`));
    expect((await admin.delete(`${base(chat.id)}/members/${id['acme.audit']}`)).status).toBe(422);
    // Added again, a member takes part again.
    ok(await user.post(`${base(chat.id)}/members`, { memberIds: [id['acme.safe']] }));
    ok(await send(safe, chat.id, 'back'));
    expect((await history(safe, chat.id)).at(-1).body).toBe('back');
  });

  it('anyone may leave; the others see the line and the leaver can no longer read on or post', async () => {
    const chat = await group(admin, 'Canteen', [id['acme.user']!, id['acme.safe']!]);
    const stays = await chatSocket(platform.url, admin, id['acme.admin']!);
    expect(ok(await user.post(`${base(chat.id)}/leave`))).toBeNull();
    const line = await stays.next((m) => m.type === 'chat.message' && m.message.system?.change === 'left');
    expect(line.message.system.actor.id).toBe(id['acme.user']);
    stays.close();
    ok(await send(admin, chat.id, 'lunch at 12'));
    expect((await history(user, chat.id)).map((m) => m.body)).not.toContain('lunch at 12');
    expect((await send(user, chat.id, 'wait')).status).toBe(404);
    expect((await user.post(`${base(chat.id)}/leave`)).status).toBe(404);
    // Leaving through the member route is the same; the creator may leave their own group too.
    ok(await safe.delete(`${base(chat.id)}/members/${id['acme.safe']}`));
    ok(await admin.post(`${base(chat.id)}/leave`));
    expect((await list(admin)).some((c) => c.id === chat.id)).toBe(false);
  });
});

describe('chats from records', () => {
  it('keeps the record page\'s query for the link back; a malformed one is refused', async () => {
    const source = { app: 'forms', recordId: '77', routeId: 'forms.detail', params: { app: '3', form: '7' }, query: { id: '77' }, title: 'Order 77' };
    const chat = ok(await admin.post('/api/chat/conversations/direct', { userId: id['acme.user'], source }));
    expect(chat.source).toEqual(source);
    expect(ok(await user.get(base(chat.id))).source.query).toEqual({ id: '77' });
    expect((await admin.post('/api/chat/conversations/direct', { userId: id['acme.user'], source: { ...source, query: { 'a b': '1' } } })).status).toBe(422);
  });
});

describe('@mentions become messages', () => {
  it('each mentioned member of the chat gets a mention notice opening qChat on it; the sender and non-members get none', async () => {
    const chat = await group(admin, 'Shift leads', [id['acme.user']!, id['acme.audit']!]);
    const before = { safe: (await mentionNotices(safe)).length, admin: (await mentionNotices(admin)).length, nova: (await mentionNotices(novaAdmin)).length };
    ok(await send(admin, chat.id, '@Acme User @self please check line 3', [id['acme.user']!, id['acme.admin']!, id['acme.safe']!, id['nova.admin']!]));
    const got = await mentionNotices(user);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ category: 'mention', sourceApp: 'chat', sourceRecord: chat.id, href: `/space-acme/qChat?conversation=${chat.id}` });
    expect(got[0].body).toContain('please check line 3');
    expect((await mentionNotices(safe)).length).toBe(before.safe);
    expect((await mentionNotices(admin)).length).toBe(before.admin);
    expect((await mentionNotices(novaAdmin)).length).toBe(before.nova);
    expect((await mentionNotices(audit)).length).toBe(0);

    // A member removed from the chat is no longer mentionable: the mention is dropped, no notice, the message sent.
    ok(await admin.delete(`${base(chat.id)}/members/${id['acme.audit']}`));
    const sent = ok(await send(admin, chat.id, '@Acme Audit are you there?', [id['acme.audit']!]));
    expect(sent.mentions).toEqual([]);
    expect((await mentionNotices(audit)).length).toBe(0);
    const zh = ok(await user.get('/api/messages?category=mention&lang=zh-CN')).items[0];
    expect(zh.title).toMatch(/在聊天中提到了你/);
  });
});
