import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../../shared/chat/chat.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { ManualClock } from '../../kernel/clock.ts';
import type { Platform } from '../../platform.ts';
import { ok } from './chat-test-kit.ts';

/** What one member's chatting may cost the others (decision 0103): merged mention notices, a send allowance. */
let platform: Platform;
let admin: TestClient, user: TestClient, safe: TestClient;
const id: Record<string, string> = {};
// The server's time stands still unless a test moves it: "at once" and "a minute later" are exact.
const clock = new ManualClock();

const base = (chat: string) => `/api/chat/conversations/${chat}`;
const send = (from: TestClient, chat: string, text: string, mentions?: string[], lang = 'en') => from.post(`${base(chat)}/messages?lang=${lang}`, { text, ...(mentions ? { mentions } : {}) });
const history = async (client: TestClient, chat: string) => ok(await client.get(`${base(chat)}/messages?limit=100`)).messages as any[];
const mentionNotices = async (client: TestClient, chat: string) => (ok(await client.get('/api/messages?category=mention')).items as any[]).filter((n) => n.sourceRecord === chat);

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  const logins = ['acme.admin', 'acme.user', 'acme.safe'] as const;
  [admin, user, safe] = (await Promise.all(logins.map((login) => signedIn(platform.url, login)))) as [TestClient, TestClient, TestClient];
  for (const [i, client] of [admin, user, safe].entries()) id[logins[i]!] = ok(await client.get('/api/account/me')).id;
  ok(await admin.put('/api/org/appearance/webchat', { enabled: true }));
});
afterAll(async () => {
  await platform?.stop();
});

describe('mentions of one member in one chat make one notice a minute', () => {
  it('40 mentions in a row (two senders) notify once; the chat keeps every mention; another chat notifies on its own', async () => {
    const group = ok(await admin.post('/api/chat/conversations/group', { name: 'Line 3', memberIds: [id['acme.user'], id['acme.safe']] }));
    for (let i = 1; i <= 20; i += 1) ok(await send(admin, group.id, `@Acme User look ${i}`, [id['acme.user']!]));
    for (let i = 1; i <= 20; i += 1) ok(await send(safe, group.id, `@Acme User again ${i}`, [id['acme.user']!]));
    const notices = await mentionNotices(user, group.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain('look 1');
    expect((await history(user, group.id)).filter((m) => m.mentions.includes(id['acme.user']))).toHaveLength(40);

    const direct = ok(await safe.post('/api/chat/conversations/direct', { userId: id['acme.user'] }));
    ok(await send(safe, direct.id, '@Acme User here too', [id['acme.user']!]));
    expect(await mentionNotices(user, direct.id)).toHaveLength(1);

    clock.advance((CHAT_LIMITS.mentionNoticeSeconds - 1) * 1000);
    ok(await send(admin, group.id, '@Acme User still?', [id['acme.user']!]));
    expect(await mentionNotices(user, group.id)).toHaveLength(1);
    clock.advance(1000);
    ok(await send(admin, group.id, '@Acme User a minute on', [id['acme.user']!]));
    expect(await mentionNotices(user, group.id)).toHaveLength(2);
  });
});

describe('a member sends at most 30 messages at once, then 30 every 10 seconds', () => {
  it('the 31st message at once is a 429 in the sender language that stores nothing; others still send; time gives it back', async () => {
    clock.advance(60_000);
    const chat = ok(await user.post('/api/chat/conversations/direct', { userId: id['acme.admin'] }));
    for (let i = 1; i <= CHAT_LIMITS.sendBurst; i += 1) ok(await send(user, chat.id, `burst ${i}`));
    const before = (await history(user, chat.id)).length;
    const en = await send(user, chat.id, 'one too many');
    expect([en.status, en.body.msg, en.body.text]).toEqual([429, 'chat.send.tooFast', 'You are sending messages too quickly: at most 30 every 10 seconds. Wait a moment and send again.']);
    const zh = await send(user, chat.id, '再来一条', undefined, 'zh-CN');
    expect([zh.status, zh.body.text]).toEqual([429, '发送过于频繁：每 10 秒最多 30 条消息，请稍候再发送']);
    const file = await user.upload(`${base(chat.id)}/files?kind=file&lang=en`, [{ name: 'notes.txt', bytes: Buffer.from('plain notes') }]);
    expect([file.status, file.body.msg]).toEqual([429, 'chat.send.tooFast']);
    expect((await history(user, chat.id)).length).toBe(before);

    ok(await send(admin, chat.id, 'the other side is not held up'));
    clock.advance(1000); // three messages' worth
    for (let i = 1; i <= 3; i += 1) ok(await send(user, chat.id, `later ${i}`));
    expect((await send(user, chat.id, 'and one more')).status).toBe(429);
    clock.advance(CHAT_LIMITS.sendSeconds * 1000);
    for (let i = 1; i <= CHAT_LIMITS.sendBurst; i += 1) ok(await send(user, chat.id, `again ${i}`));
  });
});
