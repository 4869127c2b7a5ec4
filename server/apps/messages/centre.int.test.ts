import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { boundSocket, eventually, ok, pause } from '../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Notice } from '../../../shared/messages/notify.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let novaAdmin: TestClient;
let novaUser: TestClient;
let ids: Record<string, string>;

const count = async (where = 'true', params: unknown[] = []) =>
  Number((await platform.kernel.databases.owner.query(`select count(*)::int as n from messages_message where ${where}`, params)).rows[0].n);

/** The messages app's delivery jobs on the kernel's queue, whatever their state. */
const deliveryJobs = async () =>
  Number((await platform.kernel.databases.owner.query(`select count(*)::int as n from kernel_job where kind like 'messages.%'`)).rows[0].n);

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, safe, novaAdmin, novaUser] = await Promise.all(['acme.admin', 'acme.user', 'acme.safe', 'nova.admin', 'nova.user'].map((l) => signedIn(platform.url, l))) as [TestClient, TestClient, TestClient, TestClient, TestClient];
  const members = [...ok(await admin.get('/api/org/members')).members, ...ok(await novaAdmin.get('/api/org/members')).members] as Array<{ id: string; loginId: string }>;
  ids = Object.fromEntries(members.map((m) => [m.loginId, m.id]));
});
afterAll(async () => {
  await platform?.stop();
});

const notice = (members: string[], extra: Partial<Notice> = {}): Notice => ({
  recipients: { members },
  category: 'notice',
  sourceApp: 'messages',
  title: { key: 'messages.notice.title', params: { text: 'Kernel notice' } },
  link: { routeId: 'messages.center' },
  ...extra,
});

describe('the message centre', () => {
  it('a notice sent inside a rolled-back transaction stores and sends nothing', async () => {
    const socket = await boundSocket(platform.url, user);
    const before = await count();
    const jobsBefore = await deliveryJobs();
    await expect(
      inSpace(platform.kernel.db, 'acme', async (trx) => {
        await platform.kernel.notices.send(trx, 'acme', notice([ids['acme.user']!], { title: { key: 'messages.notice.title', params: { text: 'never' } } }));
        expect(Number((await trx.selectFrom('messages_message').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await pause(1500);
    expect(await count()).toBe(before);
    expect(await deliveryJobs()).toBe(jobsBefore);
    expect(socket.messages.filter((m) => String(m.type).startsWith('messages.'))).toEqual([]);
    socket.close();
  });

  it('an announcement arrives live, renders in the reader\'s language, and read state updates every window', async () => {
    const socket = await boundSocket(platform.url, user);
    const sent = ok(await admin.post('/api/messages/notices', { title: 'Line 3 stops at noon', body: 'Maintenance <%x%> until 14:00', members: [ids['acme.user']] }));
    expect(sent.recipients).toBe(1);
    const arrived = await socket.next((m) => m.type === 'messages.new');
    expect(arrived.spaceId).toBe('acme');
    expect(arrived.item).toMatchObject({ category: 'notice', title: 'Line 3 stops at noon', body: 'Maintenance <%x%> until 14:00', href: '/space-acme/user/messagecenter', readAt: null });
    expect((await socket.next((m) => m.type === 'messages.unread')).counts.byCategory.notice).toBe(1);
    const list = ok(await user.get('/api/messages?lang=en'));
    expect(list.items[0]).toMatchObject({ id: arrived.item.id, title: 'Line 3 stops at noon' });
    expect(ok(await user.get('/api/messages/unread'))).toMatchObject({ total: 1, byCategory: { notice: 1, todo: 0 } });

    socket.messages.length = 0;
    expect(ok(await user.post('/api/messages/read', { ids: [arrived.item.id] })).total).toBe(0);
    expect((await socket.next((m) => m.type === 'messages.unread')).counts.total).toBe(0);
    expect(ok(await user.get('/api/messages?unread=true')).items).toEqual([]);
    ok(await user.post('/api/messages/unread', { ids: [arrived.item.id] }));
    expect(ok(await user.get('/api/messages/unread')).total).toBe(1);
    ok(await user.post('/api/messages/read-all', { category: 'todo' }));
    expect(ok(await user.get('/api/messages/unread')).total).toBe(1);
    ok(await user.post('/api/messages/read-all', {}));
    expect(ok(await user.get('/api/messages/unread')).total).toBe(0);
    socket.close();
  });

  it('pages newest first by keyset, filters by category, app and time, and deletes per recipient', async () => {
    for (let i = 1; i <= 5; i += 1) ok(await admin.post('/api/messages/notices', { title: `Batch ${i}`, members: [ids['acme.safe'], ids['acme.admin']] }));
    await inSpace(platform.kernel.db, 'acme', (trx) =>
      platform.kernel.notices.send(trx, 'acme', notice([ids['acme.safe']!], { category: 'deviceAlarm', sourceApp: 'iot', title: { key: 'messages.notice.title', params: { text: 'Oven hot' } } })),
    );
    const first = ok(await safe.get('/api/messages?limit=4'));
    expect(first.items.map((m: any) => m.title)).toEqual(['Oven hot', 'Batch 5', 'Batch 4', 'Batch 3']);
    const second = ok(await safe.get(`/api/messages?limit=4&cursor=${first.next}`));
    expect(second.items.map((m: any) => m.title)).toEqual(['Batch 2', 'Batch 1']);
    expect(second.next).toBeNull();
    expect(ok(await safe.get('/api/messages?category=deviceAlarm')).items.map((m: any) => m.title)).toEqual(['Oven hot']);
    expect(ok(await safe.get('/api/messages?app=iot')).items).toHaveLength(1);
    expect(ok(await safe.get(`/api/messages?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).items).toEqual([]);
    expect(ok(await safe.get('/api/messages/unread')).byCategory).toMatchObject({ notice: 5, deviceAlarm: 1 });

    const batchIds = first.items.slice(1).map((m: any) => m.id);
    expect(ok(await safe.post('/api/messages/delete', { ids: batchIds })).deleted).toBe(3);
    expect(ok(await safe.get('/api/messages')).items).toHaveLength(3);
    // The admin's own copies of the same notices stay.
    expect(ok(await admin.get('/api/messages?category=notice')).items.filter((m: any) => m.title.startsWith('Batch'))).toHaveLength(5);
    // Someone else's ids change nothing.
    const adminIds = ok(await admin.get('/api/messages')).items.map((m: any) => m.id);
    expect(ok(await safe.post('/api/messages/delete', { ids: adminIds })).deleted).toBe(0);
    expect(ok(await safe.post('/api/messages/read', { ids: adminIds })).total).toBe(3);
    expect(ok(await admin.get('/api/messages?unread=true')).items.length).toBeGreaterThanOrEqual(5);
  });

  it('bad input is a clear error and stores nothing', async () => {
    const before = await count();
    const huge = await admin.post('/api/messages/notices', { title: 'x', body: 'y'.repeat(10 * 1024 * 1024), members: [ids['acme.user']] });
    expect(huge.status).toBe(413);
    expect((await admin.post('/api/messages/notices?lang=en', { title: '', members: [ids['acme.user']] })).status).toBe(422);
    const foreign = await admin.post('/api/messages/notices?lang=en', { title: 'Hello', members: [ids['nova.user']] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.text).toBe('A recipient is not an active member of this space');
    const nobody = await admin.post('/api/messages/notices?lang=en', { title: 'Hello', departments: ['999999'] });
    expect(nobody.status).toBe(422);
    expect(nobody.body.text).toBe('No member can receive this message');
    const send = (n: Notice) => inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.notices.send(trx, 'acme', n));
    const to = [ids['acme.user']!];
    await expect(send(notice(to, { link: { routeId: 'messages.nowhere' } }))).rejects.toMatchObject({ status: 422, key: 'messages.problem.unknownPage' });
    await expect(send(notice(to, { link: { routeId: 'appcenter.system' } }))).rejects.toMatchObject({ status: 422, key: 'messages.problem.badLink' });
    await expect(send(notice(to, { title: { key: '' } }))).rejects.toMatchObject({ status: 422, key: 'messages.problem.titleRequired' });
    await expect(send(notice(to, { title: { key: 'no.such.key' } }))).rejects.toMatchObject({ status: 422, key: 'messages.problem.unknownKey' });
    await expect(send(notice(to, { title: { key: 'messages.notice.title', params: { text: 'z'.repeat(10 * 1024 * 1024) } } }))).rejects.toMatchObject({ status: 422, key: 'messages.problem.tooLong' });
    await expect(send(notice(to, { category: 'gossip' as never }))).rejects.toMatchObject({ status: 422, key: 'messages.problem.unknownCategory' });
    await expect(send(notice(to, { sourceApp: 'nope' as never }))).rejects.toMatchObject({ status: 422, key: 'messages.problem.unknownApp' });
    await expect(send(notice([ids['nova.user']!]))).rejects.toMatchObject({ status: 422, key: 'messages.problem.outsideSpace' });
    expect(await count()).toBe(before);
  });

  it('space B never receives or reads space A\'s messages', async () => {
    const novaSocket = await boundSocket(platform.url, novaUser);
    ok(await admin.post('/api/messages/notices', { title: 'Acme only', members: [ids['acme.user']] }));
    const acmeIds = await eventually(async () => ok(await user.get('/api/messages')).items.map((m: any) => m.id), (l) => l.length > 0);
    await pause(800);
    expect(novaSocket.messages.filter((m) => String(m.type).startsWith('messages.'))).toEqual([]);
    expect(ok(await novaUser.get('/api/messages')).items).toEqual([]);
    expect(ok(await novaUser.get('/api/messages/unread')).total).toBe(0);
    expect(ok(await novaUser.post('/api/messages/delete', { ids: acmeIds })).deleted).toBe(0);
    ok(await novaUser.post('/api/messages/read', { ids: acmeIds }));
    expect(ok(await user.get('/api/messages?unread=true')).items.map((m: any) => m.id)).toContain(acmeIds[0]);
    expect(ok(await novaAdmin.get('/api/messages/deliveries')).items).toEqual([]);
    // Through the acme prefix, a nova member is not let in at all.
    expect((await novaUser.get('/space-acme/api/messages')).status).toBe(403);
    // A nova admin cannot address acme's members, departments or groups.
    expect((await novaAdmin.post('/api/messages/notices', { title: 'Hi', members: [ids['acme.user']] })).status).toBe(422);
    novaSocket.close();
  });

  it('only members read the centre and only the administrator announces or sees deliveries', async () => {
    expect((await user.post('/api/messages/notices', { title: 'Hi', members: [ids['acme.user']] })).status).toBe(403);
    expect((await safe.get('/api/messages/deliveries')).status).toBe(403);
    expect((await user.get('/api/messages/subscription-defaults')).status).toBe(403);
    const root = await signedIn(platform.url, 'root');
    expect((await root.get('/api/messages')).status).toBe(403);
  });
});
