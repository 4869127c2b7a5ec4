import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { ManualClock } from '../../../kernel/clock.ts';
import type { Platform } from '../../../platform.ts';
import { NoticeWorker, noticeWorkers } from './notice-worker.ts';

const MINUTE = 60_000;
const clock = new ManualClock(Date.now());
let platform: Platform;
let worker: NoticeWorker;
let root: TestClient;
let novaUser: TestClient;
let acmeUser: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const at = (minutes: number) => new Date(clock.now() + minutes * MINUTE).toISOString();
const notice = (minutes: number, extra: Record<string, unknown> = {}) => ({ titleZh: '版本更新', titleEn: 'New release', bodyZh: '今晚发布', bodyEn: 'Released tonight', startsAt: at(minutes), ...extra });
const messagesFor = async (space: string, record: string) =>
  Number((await platform.kernel.databases.owner.query(`select count(*)::int as n from messages_message where space_id = $1 and source_record = $2`, [space, record])).rows[0].n);
const activeMembers = async (space: string) =>
  Number((await platform.kernel.databases.owner.query(`select count(*)::int as n from memberships m join users u on u.id = m.user_id where m.space_id = $1 and m.status = 'active' and u.status = 'active'`, [space])).rows[0].n);

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  worker = noticeWorkers.get(platform.kernel)!;
  root = await signedIn(platform.url, 'root');
  novaUser = await signedIn(platform.url, 'nova.user');
  acmeUser = await signedIn(platform.url, 'acme.user');
}, 240_000);
afterAll(async () => {
  await platform?.stop();
});

describe('announcements (/root/opNotice)', () => {
  it('refuses a start in the past, an end before the start and unknown spaces, in the caller’s language, storing nothing', async () => {
    const past = await root.post('/api/console/operator/notices/announcement?lang=en', notice(-1));
    expect(past.status).toBe(422);
    expect(past.body.text).toBe('The start time cannot be in the past.');
    expect((await root.post('/api/console/operator/notices/announcement', notice(10, { endsAt: at(5) }))).status).toBe(422);
    const unknown = await root.post('/api/console/operator/notices/announcement?lang=en', notice(10, { spaceIds: ['nosuch'] }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.text).toBe('These spaces do not exist: nosuch');
    expect((await root.post('/api/console/operator/notices/announcement', { ...notice(10), extra: 1 })).status).toBe(422);
    expect((await novaUser.post('/api/console/operator/notices/announcement', notice(10))).status).toBe(403);
    expect(ok(await root.get('/api/console/operator/notices?kind=announcement')).notices).toEqual([]);
  });

  it('waits for its time, then shows as a banner and reaches every member of the chosen space only, once', async () => {
    const created = ok(await root.post('/api/console/operator/notices/announcement', notice(10, { spaceIds: ['nova'] })));
    expect(ok(await novaUser.get('/api/console/banner')).items).toEqual([]);
    expect(await worker.tick()).toBe(0);
    clock.advance(11 * MINUTE);
    // Two processes' workers at once: the claim gives the notice to one of them.
    const handled = await Promise.all([worker.tick(), new NoticeWorker(platform.kernel).tick()]);
    expect(handled[0] + handled[1]).toBe(1);
    expect(await messagesFor('nova', `notice:${created.id}`)).toBe(await activeMembers('nova'));
    expect(await messagesFor('acme', `notice:${created.id}`)).toBe(0);
    expect(await worker.tick()).toBe(0);
    const listed = ok(await root.get('/api/console/operator/notices?kind=announcement')).notices[0];
    expect([listed.state, listed.delivered]).toEqual(['done', await activeMembers('nova')]);
    // The banner: the chosen space's members in their language; another space's members never.
    expect(ok(await novaUser.get('/api/console/banner')).items.map((i: any) => i.title)).toEqual(['版本更新']);
    expect(ok(await novaUser.get('/api/console/banner?lang=en')).items.map((i: any) => i.title)).toEqual(['New release']);
    expect(ok(await acmeUser.get('/api/console/banner')).items).toEqual([]);
    // The member reads it in the message centre, in their language.
    const inbox = ok(await novaUser.get('/api/messages?lang=en')).items;
    expect(inbox.some((m: any) => m.title === 'New release')).toBe(true);
    // After its end (a week by default) the banner is gone.
    clock.advance(7 * 24 * 60 * MINUTE);
    novaUser = await signedIn(platform.url, 'nova.user');
    expect(ok(await novaUser.get('/api/console/banner')).items).toEqual([]);
    root = await signedIn(platform.url, 'root');
    acmeUser = await signedIn(platform.url, 'acme.user');
  });

  it('is cancelled before its time and then never sent; a sent one cannot be cancelled', async () => {
    const created = ok(await root.post('/api/console/operator/notices/announcement', notice(5)));
    ok(await root.post(`/api/console/operator/notices/${created.id}/cancel`));
    clock.advance(6 * MINUTE);
    expect(await worker.tick()).toBe(0);
    expect(await messagesFor('acme', `notice:${created.id}`)).toBe(0);
    const again = await root.post(`/api/console/operator/notices/${created.id}/cancel?lang=en`);
    expect(again.status).toBe(422);
    expect((await root.post('/api/console/operator/notices/999999/cancel')).status).toBe(404);
  });
});

describe('planned maintenance (/root/offlineNotice)', () => {
  it('counts down in everyone’s banner, switches maintenance on at its time, and root turns it off', async () => {
    const plan = { titleZh: '数据库升级', titleEn: 'Database upgrade', startsAt: at(30) };
    const created = ok(await root.post('/api/console/operator/notices/maintenance', plan));
    expect((await root.post('/api/console/operator/notices/maintenance?lang=en', { ...plan, startsAt: at(40) })).body.text).toBe('A planned maintenance is already scheduled; cancel it first.');
    const banner = ok(await acmeUser.get('/api/console/banner?lang=en'));
    expect(banner.items).toEqual([expect.objectContaining({ kind: 'maintenance', title: 'Database upgrade', startsAt: created.startsAt })]);
    expect(Date.parse(banner.items[0].startsAt) - Date.parse(banner.serverTime)).toBe(30 * MINUTE);
    clock.advance(29 * MINUTE);
    expect(await worker.tick()).toBe(0);
    expect(ok(await acmeUser.get('/api/console/banner')).items[0].kind).toBe('maintenance');
    clock.advance(MINUTE);
    expect(await worker.tick()).toBe(1);
    expect(platform.kernel.maintenance.on).toBe(true);
    expect((await acmeUser.get('/api/messages/unread')).status).toBe(503);
    expect(ok(await root.get('/api/console/operator/notices?kind=maintenance')).maintenance.on).toBe(true);
    ok(await root.post('/api/console/operator/maintenance/off'));
    expect(platform.kernel.maintenance.on).toBe(false);
    ok(await acmeUser.get('/api/messages/unread'));
    expect((await acmeUser.post('/api/console/operator/maintenance/off')).status).toBe(403);
  });

  it('is called off before its time: the switch stays off', async () => {
    const created = ok(await root.post('/api/console/operator/notices/maintenance', { titleZh: '升级', titleEn: 'Upgrade', startsAt: at(10) }));
    ok(await root.post(`/api/console/operator/notices/${created.id}/cancel`));
    expect(ok(await acmeUser.get('/api/console/banner')).items).toEqual([]);
    clock.advance(11 * MINUTE);
    expect(await worker.tick()).toBe(0);
    expect(platform.kernel.maintenance.on).toBe(false);
    const bad = await root.post('/api/console/operator/notices/maintenance', { titleZh: '升级', titleEn: 'Upgrade', startsAt: at(10), spaceIds: ['nova'] });
    expect(bad.status).toBe(422);
  });
});
