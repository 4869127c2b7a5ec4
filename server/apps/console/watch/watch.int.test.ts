import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_API } from '../../../../shared/api/console-watch.ts';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok } from '../../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { WATCH_BUCKETS_MS, bucketOf } from '../../../kernel/watch.ts';
import { checkBreaches } from './breaches.ts';
import { watchFlushers } from './routes.ts';

let platform: Platform;
let root: TestClient;
let admin: TestClient;

const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);
const flush = () => watchFlushers.get(platform.kernel)!.flush(true);
const THRESHOLDS = `${WATCH_API}/thresholds`;
/** Notices root received from interface watch (the messages app's table, read past row-level security). */
const rootNotices = async () =>
  (await owner(`select m.* from messages_message m join users u on u.id = m.user_id where u.login_id = 'root' and m.source_app = 'console' and m.title_key = 'console.watch.notice.title' order by m.id`)).rows;

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
});

describe('interface watch (decision 0085)', () => {
  it('stores the right counts and error rate of a known load: one row per route and minute, none per request', async () => {
    await flush(); // what sign-in measured so far
    // 100 calls of one route: 70 answered, 20 refused as bad input (4xx), 10 while in maintenance (503).
    for (let i = 0; i < 70; i += 1) ok(await root.get(THRESHOLDS));
    for (let i = 0; i < 20; i += 1) expect((await root.get(`${THRESHOLDS}?nope=1`)).status).toBe(422);
    platform.kernel.maintenance.apply({ on: true, message: null });
    try {
      for (let i = 0; i < 10; i += 1) expect((await root.get(THRESHOLDS)).status).toBe(503);
    } finally {
      platform.kernel.maintenance.apply({ on: false, message: null });
    }
    expect(await flush()).toBeGreaterThan(0);
    const rows = (await owner(`select * from watch_minute where method = 'GET' and route = $1`, [THRESHOLDS])).rows;
    // A minute boundary may fall inside the load: then two rows, each a whole minute.
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
    for (const row of rows) expect(new Date(row.minute).getTime() % 60_000).toBe(0);
    const sum = (k: string) => rows.reduce((s, r) => s + Number(r[k]), 0);
    expect([sum('calls'), sum('errors'), sum('client_errors')]).toEqual([100, 10, 20]);
    const histogram = rows.reduce((s, r) => s + (r.buckets as number[]).reduce((a, b) => a + b, 0), 0);
    expect(histogram).toBe(100);

    const listed = ok(await root.get(`${WATCH_API}/routes?period=15m`)).routes;
    const figures = listed.find((r: any) => r.method === 'GET' && r.route === THRESHOLDS);
    expect(figures).toMatchObject({ calls: 100, errors: 10, clientErrors: 20, errorRate: 0.1 });
    expect(figures.p50).toBeGreaterThan(0);
    expect(figures.p50).toBeLessThanOrEqual(figures.p95);
    expect(figures.p95).toBeLessThanOrEqual(figures.p99);
    // Raw URLs never become keys: the query string is not part of the route.
    expect(listed.some((r: any) => r.route.includes('?'))).toBe(false);
  });

  it('adds minutes of several processes into one row and reads percentiles from the summed buckets', async () => {
    const route = '/api/test/merge/:id';
    const latencies = Array.from({ length: 200 }, (_, i) => 2 + i * 1.5); // 2 … 300.5 ms
    // Two halves flushed apart, as two processes would: the row of the minute adds them up.
    for (const half of [latencies.filter((_, i) => i % 2 === 0), latencies.filter((_, i) => i % 2 === 1)]) {
      for (const ms of half) platform.kernel.watch.record('POST', route, ms > 290 ? 500 : 200, ms);
      await flush();
    }
    const rows = (await owner(`select * from watch_minute where route = $1`, [route])).rows;
    expect(rows.reduce((s, r) => s + r.calls, 0)).toBe(200);
    const figures = ok(await root.get(`${WATCH_API}/routes?period=15m`)).routes.find((r: any) => r.route === route);
    expect(figures.calls).toBe(200);
    expect(figures.errors).toBe(7); // 291.5 … 300.5
    const width = (ms: number) => WATCH_BUCKETS_MS[bucketOf(ms)]! - (WATCH_BUCKETS_MS[bucketOf(ms) - 1] ?? 0);
    for (const [q, name] of [[0.5, 'p50'], [0.95, 'p95'], [0.99, 'p99']] as const) {
      const truth = latencies[Math.ceil(q * latencies.length) - 1]!;
      expect(Math.abs(figures[name] - truth), `${name} ${figures[name]} vs ${truth}`).toBeLessThanOrEqual(width(truth));
    }
    const points = ok(await root.get(`${WATCH_API}/series?period=15m&method=POST&route=${encodeURIComponent(route)}`)).points;
    expect(points.length).toBeGreaterThanOrEqual(15);
    expect(points.reduce((s: number, p: any) => s + p.calls, 0)).toBe(200);
  });

  it('refuses bad limits with a clear 422 and lets no one but root read or set them', async () => {
    const half = await root.post(`${THRESHOLDS}?lang=en`, { method: 'GET', maxErrorPercent: 5 });
    expect(half.status).toBe(422);
    expect(half.body.text).toContain('method and the route');
    expect((await root.post(THRESHOLDS, { minCalls: 3 })).status).toBe(422);
    expect((await root.post(THRESHOLDS, { maxErrorPercent: 150 })).status).toBe(422);
    expect((await root.post(THRESHOLDS, { maxP95Ms: 10, spaceId: 'acme' })).status).toBe(422);
    expect((await admin.get(THRESHOLDS)).status).toBe(403);
    expect((await admin.post(THRESHOLDS, { maxP95Ms: 10 })).status).toBe(403);
    expect((await admin.get(`${WATCH_API}/routes`)).status).toBe(403);
    expect((await owner('select count(*)::int as n from watch_threshold')).rows[0].n).toBe(0);
  });

  it('raises exactly one notice to root per breach, not one per minute, and a new one after recovery', async () => {
    const route = '/api/test/breach';
    const limit = ok(await root.post(THRESHOLDS, { method: 'GET', route, maxErrorPercent: 5, minCalls: 10 }));
    expect(limit.maxErrorPercent).toBe(5);
    const before = (await rootNotices()).length;
    // Real traffic first: a flushed minute over the limit opens the breach and tells root once.
    for (let i = 0; i < 20; i += 1) platform.kernel.watch.record('GET', route, i < 5 ? 500 : 200, 3);
    await flush();
    expect((await rootNotices()).length).toBe(before + 1);
    // More of the same in the same minute (another process flushing): the breach lasts, no second notice.
    for (let i = 0; i < 20; i += 1) platform.kernel.watch.record('GET', route, i < 5 ? 500 : 200, 3);
    await flush();
    expect((await rootNotices()).length).toBe(before + 1);

    // Then minute by minute, as the flush sees them: over, over, within (recovered), over again.
    const base = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    const minute = (k: number, errors: number) =>
      owner(`insert into watch_minute values ($1, 'GET', $2, 100, $3, 0, 300, 3, $4)`, [new Date(base + k * 60_000), route, errors, [0, 0, 100, ...new Array(22).fill(0)]]);
    const opened: number[] = [];
    for (const [k, errors] of [[0, 50], [1, 60], [2, 1], [3, 40]] as const) {
      await minute(k, errors);
      opened.push(await checkBreaches(platform.kernel, [new Date(base + k * 60_000)]));
    }
    expect(opened).toEqual([0, 0, 0, 1]); // minute 0 extends the open breach; minute 2 ends it; minute 3 opens anew
    const notices = await rootNotices();
    expect(notices.length).toBe(before + 2);
    expect(notices.at(-1)!.space_id).toBe('ops'); // root's own space
    const breaches = ok(await root.get(`${WATCH_API}/breaches`)).breaches.filter((b: any) => b.route === route);
    expect(breaches.map((b: any) => [b.metric, b.endedAt === null])).toEqual([['errorRate', true], ['errorRate', false]]);
    expect(breaches[0].value).toBeCloseTo(0.4);
  });

  it('applies a route’s own limit before the global one, and a global p95 limit to the others', async () => {
    ok(await root.post(THRESHOLDS, { maxP95Ms: 100, minCalls: 5 }));
    const slow = '/api/test/slow';
    const before = (await rootNotices()).length;
    for (let i = 0; i < 10; i += 1) platform.kernel.watch.record('GET', slow, 200, 400);
    // The breach route has its own limit (errors only): slow answers there do not alarm.
    for (let i = 0; i < 10; i += 1) platform.kernel.watch.record('GET', '/api/test/breach', 200, 400);
    await flush();
    const added = (await rootNotices()).slice(before).map((n) => n.title_params.route);
    expect(added).toContain(`GET ${slow}`);
    expect(added).not.toContain('GET /api/test/breach');
  });

  it('keeps no row per request: the table grows with routes and minutes, not with calls', async () => {
    const count = async () => Number((await owner('select count(*) as n from watch_minute')).rows[0].n);
    await flush();
    const rowsBefore = await count();
    for (let i = 0; i < 50; i += 1) ok(await root.get(`${WATCH_API}/breaches`));
    await flush();
    expect((await count()) - rowsBefore).toBeLessThanOrEqual(2);
  });
});
