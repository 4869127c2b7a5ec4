import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_API, TRACK_BATCH_MAX } from '../../../../shared/api/console-watch.ts';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok } from '../../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { inSpace } from '../../../kernel/db/pool.ts';
import type { Platform } from '../../../platform.ts';
import { TRACK_KEEP_DAYS, pruneTracking } from './tracking.ts';

let platform: Platform;
let root: TestClient;
let acmeUser: TestClient;
let acmeUser2: TestClient;
let novaAdmin: TestClient;

const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);
/** A beacon as the browser sends it: JSON, no CSRF header (sendBeacon cannot add one), from this origin. */
const beacon = (client: TestClient, body: unknown, headers: Record<string, string> = {}) =>
  client.post(TRACK_API, body, { 'x-csrf-token': '', origin: platform.url, ...headers });
/** Page views a few ms apart, as a browser stamps them (funnels order by time). */
const views = (...pages: string[]) => ({ events: pages.map((page, i) => ({ kind: 'view', page, at: Date.now() + i * 10 })) });

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  acmeUser = await signedIn(platform.url, 'acme.user');
  acmeUser2 = await signedIn(platform.url, 'acme.admin');
  novaAdmin = await signedIn(platform.url, 'nova.admin');
});
afterAll(async () => {
  await platform?.stop();
});

describe('event tracking (decision 0086)', () => {
  it('stores a batch in the caller’s space only, the space taken from the session', async () => {
    const stored = ok(await beacon(acmeUser, { events: [{ kind: 'view', page: 'portal.workbench' }, { kind: 'click', page: 'portal.workbench', target: 'workbench-new' }] }));
    expect(stored.stored).toBe(2);
    const rows = (await owner(`select space_id, kind, page, target, session_key from track_event where page = 'portal.workbench'`)).rows;
    expect(rows.map((r) => [r.space_id, r.kind, r.target])).toEqual([['acme', 'view', null], ['acme', 'click', 'workbench-new']]);
    expect(rows[0].session_key).toMatch(/^[0-9a-f]{32}$/);
    // A space in the body is refused, not obeyed.
    const smuggled = await beacon(acmeUser, { spaceId: 'nova', ...views('portal.workbench') });
    expect(smuggled.status).toBe(422);
    expect((await beacon(acmeUser, { events: [{ kind: 'view', page: 'x', spaceId: 'nova' }] })).status).toBe(422);
    expect((await owner(`select count(*)::int as n from track_event where space_id = 'nova'`)).rows[0].n).toBe(0);
  });

  it('refuses oversized or malformed batches with 422 and stores nothing of them', async () => {
    const count = async () => (await owner('select count(*)::int as n from track_event')).rows[0].n;
    const before = await count();
    const big = await beacon(acmeUser, views(...Array.from({ length: TRACK_BATCH_MAX + 1 }, () => 'portal.workbench')));
    expect(big.status).toBe(422);
    expect((await beacon(acmeUser, { events: [] })).status).toBe(422);
    expect((await beacon(acmeUser, { events: [{ kind: 'view', page: '<script>' }] })).status).toBe(422);
    expect((await beacon(acmeUser, { events: [{ kind: 'view', page: 'a', target: 'b' }] })).status).toBe(422);
    // A valid event next to an invalid one: the whole batch is refused.
    const mixed = await beacon(acmeUser, { events: [{ kind: 'view', page: 'ok.page' }, { kind: 'click', page: 'ok.page' }] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.msg).toBe('console.track.problem.target');
    expect(await count()).toBe(before);
  });

  it('accepts a beacon without the CSRF header only as JSON from this origin, and only signed in', async () => {
    expect((await beacon(acmeUser, views('a.b'), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await beacon(acmeUser, JSON.stringify(views('a.b')), { 'content-type': 'text/plain' })).status).toBe(403);
    const guest = new (acmeUser.constructor as typeof TestClient)(platform.url);
    expect((await beacon(guest, views('a.b'))).status).toBe(403); // no session: the beacon exemption does not apply
    // Other writes still need the header.
    expect((await acmeUser.post('/api/console/watch/thresholds', { maxP95Ms: 5 }, { 'x-csrf-token': '', origin: platform.url })).status).toBe(403);
  });

  it('shows root the top pages and clicks of one space, and never another space’s', async () => {
    ok(await beacon(acmeUser, views('forms.list', 'forms.list', 'portal.workbench')));
    ok(await beacon(novaAdmin, views('nova.only', 'nova.only')));
    const acme = ok(await root.get(`${TRACK_API}/top?spaceId=acme&days=7`));
    expect(acme.pages[0]).toMatchObject({ page: 'forms.list', views: 2, sessions: 1, users: 1 });
    expect(acme.pages.map((p: any) => p.page)).not.toContain('nova.only');
    expect(acme.clicks).toEqual([{ page: 'portal.workbench', target: 'workbench-new', clicks: 1 }]);
    const nova = ok(await root.get(`${TRACK_API}/top?spaceId=nova`));
    expect(nova.pages).toEqual([{ page: 'nova.only', views: 2, sessions: 1, users: 1 }]);
    // Root's reading of a space is in the operation log.
    const logged = (await owner(`select * from oplog where action = 'console.track.read' and space_id = 'acme'`)).rows;
    expect(logged.length).toBeGreaterThan(0);
    expect((await root.get(`${TRACK_API}/top?spaceId=nosuch`)).status).toBe(404);
  });

  it('space B cannot read A’s events: not through the API, not through the database', async () => {
    expect((await novaAdmin.get(`${TRACK_API}/top?spaceId=acme`)).status).toBe(403);
    expect((await novaAdmin.post(`${TRACK_API}/funnel`, { spaceId: 'acme', steps: ['a.b', 'c.d'] })).status).toBe(403);
    expect((await novaAdmin.get(`/space-acme${TRACK_API}/top?spaceId=acme`)).status).toBe(403);
    expect((await acmeUser.get(`${TRACK_API}/top?spaceId=acme`)).status).toBe(403);
    // Row-level security: inside nova, acme's rows do not exist, and none can be written as acme.
    const seen = await inSpace(platform.kernel.db, 'nova', (trx) => trx.selectFrom('track_event').select(['space_id']).execute());
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.space_id === 'nova')).toBe(true);
    await expect(
      inSpace(platform.kernel.db, 'nova', (trx) =>
        trx.insertInto('track_event').values({ space_id: 'acme', user_id: null, session_key: '0'.repeat(32), kind: 'view', page: 'x' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('counts a funnel: sessions reaching each page in order', async () => {
    // Session 1 goes a → b → c; session 2 a → c (skips b); session 3 b → a (wrong order); session 4 a → b.
    ok(await beacon(acmeUser, views('f.a', 'f.b', 'f.c')));
    ok(await beacon(acmeUser2, views('f.a', 'f.c')));
    const third = await signedIn(platform.url, 'acme.safe');
    ok(await beacon(third, views('f.b')));
    await new Promise((resolve) => setTimeout(resolve, 5));
    ok(await beacon(third, views('f.a')));
    const fourth = await signedIn(platform.url, 'acme.audit');
    ok(await beacon(fourth, views('f.a')));
    await new Promise((resolve) => setTimeout(resolve, 5));
    ok(await beacon(fourth, views('f.b')));
    const result = ok(await root.post(`${TRACK_API}/funnel`, { spaceId: 'acme', steps: ['f.a', 'f.b', 'f.c'] }));
    expect(result.steps).toEqual([
      { page: 'f.a', sessions: 4 },
      { page: 'f.b', sessions: 2 },
      { page: 'f.c', sessions: 1 },
    ]);
    expect((await root.post(`${TRACK_API}/funnel`, { spaceId: 'acme', steps: ['f.a'] })).status).toBe(422);
    const inNova = ok(await root.post(`${TRACK_API}/funnel`, { spaceId: 'nova', steps: ['f.a', 'f.b'] }));
    expect(inNova.steps.map((s: any) => s.sessions)).toEqual([0, 0]);
  });

  it('forgets events older than the kept days in every space, and keeps the newer ones', async () => {
    ok(await beacon(acmeUser, views('old.acme')));
    ok(await beacon(novaAdmin, views('old.nova', 'new.nova')));
    await owner(`update track_event set at = now() - make_interval(days => ${TRACK_KEEP_DAYS + 1}) where page in ('old.acme', 'old.nova')`);
    expect(await pruneTracking(platform.kernel)).toBe(2);
    const left = (await owner(`select page from track_event where page in ('old.acme', 'old.nova', 'new.nova')`)).rows.map((r) => r.page);
    expect(left).toEqual(['new.nova']);
  });
});
