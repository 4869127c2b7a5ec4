import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_API, type DeadLetter, type JobsOverview } from '../../../../shared/api/console-jobs.ts';
import { SPACE_JOBS_API, type SpaceJobs } from '../../../../shared/api/org-jobs.ts';
import { signedIn, TEST_DEMO_PASSWORD, type TestClient } from '../../../../tests/support/client.ts';
import { eventually, ok } from '../../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { inSpace } from '../../../kernel/db/pool.ts';

let platform: Platform;
let root: TestClient;
let acmeAdmin: TestClient;
let novaAdmin: TestClient;
let acmeUser: TestClient;
let saas: TestClient;
/** The failing kind fails while this is on: a retried letter then runs to the end. */
let failing = true;

const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);
const stateOf = async (id: string) => (await owner('select state, attempts, finished_at from kernel_job where id = $1', [id])).rows[0];
const enqueue = (spaceId: string, kind: string, extra: Record<string, unknown> = {}) =>
  inSpace(platform.kernel.db, spaceId, async (trx) => (await platform.kernel.jobs.enqueue(trx, { kind, maxAttempts: 1, ...extra }))[0]!);

/** A job of the space that fails its only attempt: a dead letter once the worker has run it. */
async function deadJob(spaceId: string): Promise<string> {
  const id = await enqueue(spaceId, 'test.jobspage');
  await eventually(() => stateOf(id), (row) => row?.state === 'dead');
  return id;
}
const overview = async (): Promise<JobsOverview> => ok(await root.get(JOBS_API));
const letter = async (id: string): Promise<DeadLetter | undefined> => (await overview()).dead.find((d) => d.id === id);

beforeAll(async () => {
  platform = await startTestPlatform();
  platform.kernel.jobs.define('test.jobspage', async () => {
    if (failing) throw new Error('the label printer is on fire');
  });
  platform.kernel.jobs.define('test.report', async () => {});
  [root, acmeAdmin, novaAdmin, acmeUser] = (await Promise.all(['root', 'acme.admin', 'nova.admin', 'acme.user'].map((login) => signedIn(platform.url, login)))) as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  // A service provider's account in acme: a space role that is neither root nor admin.
  ok(await root.post('/api/console/users', { loginId: 'jobs.saas', name: 'Jobs provider', password: TEST_DEMO_PASSWORD, spaceId: 'acme', roles: ['saas'] }));
  saas = await signedIn(platform.url, 'jobs.saas', TEST_DEMO_PASSWORD);
});
afterAll(async () => {
  await platform?.stop();
});

describe("root's job queues (/sysop/jobs)", () => {
  it('shows each kind with its counts by state and the dead letters of every space, with their last error', async () => {
    const acme = await deadJob('acme');
    const nova = await deadJob('nova');
    const done = await enqueue('acme', 'test.report');
    await eventually(() => stateOf(done), (row) => row?.state === 'done');

    const { queues, dead } = await overview();
    expect(queues.find((q) => q.kind === 'test.jobspage')).toMatchObject({ dead: 2, ready: 0, running: 0 });
    expect(queues.find((q) => q.kind === 'test.report')).toMatchObject({ done: 1, dead: 0 });
    const acmeName = (await owner(`select name from spaces where id = 'acme'`)).rows[0].name;
    expect(dead.find((d) => d.id === acme)).toMatchObject({ spaceId: 'acme', spaceName: acmeName, kind: 'test.jobspage', attempts: 1, lastError: expect.stringContaining('the label printer is on fire') });
    expect(dead.find((d) => d.id === nova)).toMatchObject({ spaceId: 'nova', kind: 'test.jobspage' });
    expect(dead.some((d) => d.id === done)).toBe(false);
  });

  it('retry puts a dead letter back to ready with its attempts from zero, and the worker runs it again', async () => {
    // A kind no process here handles: retried, it stays ready, as the queue left it.
    const { rows } = await owner(`insert into kernel_job (space_id, kind, state, attempts, max_attempts, last_error, finished_at)
      values ('acme', 'test.unhandled', 'dead', 3, 3, 'gone', now()) returning id::text`);
    const parked = rows[0].id as string;
    ok(await root.post(`${JOBS_API}/dead/${parked}/retry`));
    expect(await stateOf(parked)).toMatchObject({ state: 'ready', attempts: 0, finished_at: null });
    expect(await letter(parked)).toBeUndefined();

    const id = await deadJob('acme');
    failing = false;
    try {
      ok(await root.post(`${JOBS_API}/dead/${id}/retry`));
      expect((await eventually(() => stateOf(id), (row) => row?.state === 'done')).state).toBe('done');
    } finally {
      failing = true;
    }
    const logged = (await owner(`select result, target from oplog where action = 'console.jobs.retry' order by id`)).rows;
    expect(logged).toEqual([{ result: 'ok', target: parked }, { result: 'ok', target: id }]);
  });

  it('discard deletes a dead letter; a second discard or retry of it answers 404', async () => {
    const id = await deadJob('nova');
    ok(await root.post(`${JOBS_API}/dead/${id}/discard`));
    expect(await stateOf(id)).toBeUndefined();
    for (const action of ['discard', 'retry']) {
      const again = await root.post(`${JOBS_API}/dead/${id}/${action}`);
      expect(again.status).toBe(404);
      expect(again.body.msg).toBe('console.jobs.notDead');
    }
  });

  it('answers 404 for a job that is not dead (waiting or done) and leaves it as it was', async () => {
    const waiting = await enqueue('acme', 'test.report', { runAt: new Date(Date.now() + 3_600_000) });
    const done = await enqueue('acme', 'test.report');
    await eventually(() => stateOf(done), (row) => row?.state === 'done');
    for (const [id, state] of [[waiting, 'ready'], [done, 'done'], ['999999999', undefined]] as const) {
      for (const action of ['retry', 'discard']) {
        const answer = await root.post(`${JOBS_API}/dead/${id}/${action}`);
        expect(answer.status, `${action} ${id}`).toBe(404);
        expect(answer.body.msg).toBe('console.jobs.notDead');
      }
      expect((await stateOf(id))?.state).toBe(state);
    }
    expect((await root.post(`${JOBS_API}/dead/abc/retry`)).status).toBe(422);
  });

  it('refuses an admin, a member and a provider account: 403 on every operator route, nothing changed', async () => {
    const id = await deadJob('acme');
    for (const client of [acmeAdmin, acmeUser, saas]) {
      expect((await client.get(JOBS_API)).status).toBe(403);
      expect((await client.post(`${JOBS_API}/dead/${id}/retry`)).status).toBe(403);
      expect((await client.post(`${JOBS_API}/dead/${id}/discard`)).status).toBe(403);
    }
    expect((await stateOf(id))?.state).toBe('dead');
  });
});

describe("a space admin's scheduled jobs (console/jobs)", () => {
  it("lists his own space's schedules and open jobs, never another space's nor the platform's", async () => {
    await inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.schedules.save(trx, 'acme', { kind: 'test.report', name: 'Daily report', cron: '0 9 * * *' }));
    await inSpace(platform.kernel.db, 'nova', (trx) =>
      platform.kernel.schedules.save(trx, 'nova', { kind: 'test.report', name: 'Night shift report', cron: '30 22 * * 1-5', timeZone: 'Europe/Berlin', workTimeOnly: false }),
    );
    const acmeDead = await deadJob('acme');
    const acmeWaiting = await enqueue('acme', 'test.report', { runAt: new Date(Date.now() + 3_600_000) });
    const novaWaiting = await enqueue('nova', 'test.report', { runAt: new Date(Date.now() + 3_600_000) });

    const acme: SpaceJobs = ok(await acmeAdmin.get(SPACE_JOBS_API));
    expect(acme.schedules.map((s) => s.name)).toEqual(['Daily report']);
    const spaceZone = (await owner(`select time_zone from spaces where id = 'acme'`)).rows[0].time_zone;
    expect(acme.schedules[0]).toMatchObject({ kind: 'test.report', cron: '0 9 * * *', timeZone: spaceZone, workTimeOnly: false, enabled: true, lastRunAt: null });
    expect(new Date(acme.schedules[0]!.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    expect(acme.jobs.find((j) => j.id === acmeDead)).toMatchObject({ kind: 'test.jobspage', state: 'dead', attempts: 1, maxAttempts: 1, lastError: expect.stringContaining('on fire') });
    expect(acme.jobs.find((j) => j.id === acmeWaiting)).toMatchObject({ state: 'ready', attempts: 0 });
    // Dead letters come first: they are the ones someone must act on.
    expect(acme.jobs[0]!.state).toBe('dead');
    expect(acme.jobs.some((j) => j.state !== 'ready' && j.state !== 'running' && j.state !== 'dead')).toBe(false);
    const acmeIds = new Set((await owner(`select id::text from kernel_job where space_id = 'acme'`)).rows.map((r) => r.id));
    expect(acme.jobs.every((j) => acmeIds.has(j.id))).toBe(true);

    const nova: SpaceJobs = ok(await novaAdmin.get(SPACE_JOBS_API));
    expect(nova.schedules.map((s) => s.name)).toEqual(['Night shift report']);
    expect(nova.schedules[0]).toMatchObject({ timeZone: 'Europe/Berlin' });
    expect(nova.jobs.some((j) => j.id === novaWaiting)).toBe(true);
    expect(nova.jobs.some((j) => acmeIds.has(j.id))).toBe(false);
    // The kernel's own housekeeping schedule is the platform's: it exists, and no space lists it.
    expect((await owner(`select count(*)::int as n from kernel_schedule where space_id is null and kind = 'kernel.housekeeping'`)).rows[0].n).toBe(1);
    expect([...acme.schedules, ...nova.schedules].some((s) => s.kind === 'kernel.housekeeping')).toBe(false);
  });

  it('is for the space admin only: 403 for a member, a provider account and root', async () => {
    for (const client of [acmeUser, saas, root]) expect((await client.get(SPACE_JOBS_API)).status).toBe(403);
  });
});
