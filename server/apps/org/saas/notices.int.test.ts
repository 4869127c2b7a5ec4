import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { seedProviders } from './fixtures.ts';

let platform: Platform;
let p1: TestClient;
let p2: TestClient;
let admins: Record<'acme' | 'nova' | 'cspace', TestClient>;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
/** Everything written to the notices table, whoever's (the owner connection is not bound by its RLS). */
const stored = async () => Number((await platform.kernel.databases.owner.query('select count(*) as n from org_saas_notice')).rows[0].n);
const messages = async (client: TestClient) => ok(await client.get('/api/messages?app=org&lang=en')).items as Array<{ title: string; body: string }>;

beforeAll(async () => {
  platform = await startTestPlatform();
  await seedProviders(platform);
  const [one, two, acme, nova, cspace] = await Promise.all(['psone.saas', 'pstwo.saas', 'acme.admin', 'nova.admin', 'cspace.admin'].map((login) => signedIn(platform.url, login)));
  [p1, p2] = [one!, two!];
  admins = { acme: acme!, nova: nova!, cspace: cspace! };
});
afterAll(async () => {
  await platform?.stop();
});

describe('provider notices', () => {
  it('sends a notice now to all of the provider\'s spaces: their admins get it, the other provider\'s do not', async () => {
    const sent = ok(await p1.post('/api/org/saas/notices', { title: 'Upgrade tonight', body: 'From 22:00 to 23:00.', allSpaces: true, spaceIds: [] }));
    expect(sent).toMatchObject({ state: 'delivered', deliveredSpaces: 2, recipients: 2, allSpaces: true });
    for (const space of ['acme', 'nova'] as const) {
      expect((await messages(admins[space]))[0]).toMatchObject({ title: 'Provider One: Upgrade tonight', body: 'From 22:00 to 23:00.' });
    }
    expect(await messages(admins.cspace)).toEqual([]);
    expect(await messages(await signedIn(platform.url, 'acme.user'))).toEqual([]);
  });

  it('refuses a notice to another provider\'s space as not found, and writes nothing', async () => {
    const before = await stored();
    for (const spaceIds of [['cspace'], ['acme', 'cspace'], ['nosuch']]) {
      const answer = await p1.post('/api/org/saas/notices', { title: 'Hello', body: 'Text', allSpaces: false, spaceIds });
      expect(answer.status, JSON.stringify(spaceIds)).toBe(404);
    }
    expect(await stored()).toBe(before);
    expect(await messages(admins.cspace)).toEqual([]);
  });

  it('refuses a time in the past and an empty choice (422), in the caller\'s language, and writes nothing', async () => {
    const before = await stored();
    const past = await p1.post('/api/org/saas/notices?lang=en', { title: 'Late', body: 'Text', allSpaces: true, spaceIds: [], scheduledAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.text).toMatch(/in the past/);
    const zh = await p1.post('/api/org/saas/notices?lang=zh-CN', { title: 'Late', body: 'Text', allSpaces: true, spaceIds: [], scheduledAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect(zh.body.text).toMatch(/计划时间已过去/);
    expect((await p1.post('/api/org/saas/notices', { title: 'None', body: 'Text', allSpaces: false, spaceIds: [] })).status).toBe(422);
    expect((await p1.post('/api/org/saas/notices', { title: '  ', body: 'Text', allSpaces: true, spaceIds: [] })).status).toBe(422);
    expect((await p1.post('/api/org/saas/notices', { title: 'x', body: 'y', allSpaces: true, spaceIds: [], providerId: 'pstwo' })).status).toBe(422);
    expect(await stored()).toBe(before);
  });

  it('delivers a scheduled notice when due, to the chosen space only', async () => {
    const at = new Date(Date.now() + 2_000).toISOString();
    const scheduled = ok(await p1.post('/api/org/saas/notices', { title: 'Nova only', body: 'Scheduled text', allSpaces: false, spaceIds: ['nova'], scheduledAt: at }));
    expect(scheduled).toMatchObject({ state: 'scheduled', spaceIds: ['nova'], recipients: 0 });
    let notice = scheduled;
    for (let i = 0; i < 40 && notice.state !== 'delivered'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      notice = ok(await p1.get(`/api/org/saas/notices/${scheduled.id}`));
    }
    expect(notice).toMatchObject({ state: 'delivered', deliveredSpaces: 1, recipients: 1 });
    expect(new Date(notice.deliveredAt).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect((await messages(admins.nova))[0]!.title).toBe('Provider One: Nova only');
    expect((await messages(admins.acme)).map((m) => m.title)).not.toContain('Provider One: Nova only');
  });

  it('keeps notices the provider\'s own: lists, reads and withdrawals of another\'s are not found', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const own = ok(await p2.post('/api/org/saas/notices', { title: 'C later', body: 'Text', allSpaces: true, spaceIds: [], scheduledAt: later }));
    const p1List = ok(await p1.get('/api/org/saas/notices')).notices;
    expect(p1List.map((n: any) => n.title)).not.toContain('C later');
    expect(ok(await p2.get('/api/org/saas/notices')).notices.map((n: any) => n.id)).toEqual([own.id]);
    expect((await p1.get(`/api/org/saas/notices/${own.id}`)).status).toBe(404);
    expect((await p1.delete(`/api/org/saas/notices/${own.id}`)).status).toBe(404);
    expect((await p2.get(`/api/org/saas/notices/${p1List[0].id}`)).status).toBe(404);
    expect(ok(await p1.get('/api/org/saas/notices?state=scheduled')).notices).toEqual([]);
    // The owner withdraws its own scheduled notice; a delivered one stays.
    ok(await p2.delete(`/api/org/saas/notices/${own.id}`));
    expect(ok(await p2.get('/api/org/saas/notices')).notices).toEqual([]);
    expect((await p1.delete(`/api/org/saas/notices/${p1List[0].id}`)).status).toBe(409);
  });

  it('delivers a due notice\'s job acting as its provider: never to another\'s space, nor a suspended one', async () => {
    const owner = platform.kernel.databases.owner;
    const user = (await owner.query(`select id from users where login_id = 'psone.saas'`)).rows[0].id;
    // Rows already due with their jobs, as after a stop of every server. One names P2's space (as if moved away).
    await owner.query(`update spaces set status = 'suspended' where id = 'nova'`);
    const due = new Date(Date.now() - 1000);
    const ids = (
      await owner.query(
        `insert into org_saas_notice (provider_id, title, body, all_spaces, space_ids, scheduled_at, created_by)
         values ('psone', 'Swept all', 'Text', true, '{}', $1, $2), ('psone', 'Swept foreign', 'Text', false, '{cspace}', $1, $2) returning id`,
        [due, user],
      )
    ).rows.map((r: { id: string }) => String(r.id));
    const jobs = ids.map((noticeId) => ({ kind: 'org.saas.notice', payload: { providerId: 'psone', noticeId } }));
    await owner.query('select kernel_job_enqueue($1::jsonb, true)', [JSON.stringify(jobs)]);
    await platform.kernel.jobs.drainNow();
    const [all, foreign] = await Promise.all(ids.map(async (id) => ok(await p1.get(`/api/org/saas/notices/${id}`))));
    expect(all).toMatchObject({ state: 'delivered', deliveredSpaces: 1, recipients: 1 });
    expect(foreign).toMatchObject({ state: 'delivered', deliveredSpaces: 0, recipients: 0 });
    expect((await messages(admins.acme))[0]!.title).toBe('Provider One: Swept all');
    expect((await messages(admins.cspace)).map((m) => m.title)).toEqual([]);
    expect(ok(await p1.get('/api/org/saas/summary')).byStatus).toEqual({ active: 1, suspended: 1, archived: 0 });
    await owner.query(`update spaces set status = 'active' where id = 'nova'`);
  });
});
