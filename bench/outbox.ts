/**
 * Desktop outbox and offline cache: 1,000 department creations queued offline in an Outbox on a SQLite
 * file, then replayed against the real server running in its own process; the server's list is then counted for
 * lost and duplicated writes. Then the offline cache's read (OfflineCache.get) against a bare better-sqlite3
 * SELECT of the same row, 10,000 reads each, alternating rounds so machine noise hits both alike.
 */
import path from 'node:path';
import { OfflineCache, type CacheScope } from '../electron/main/services/offline-cache.ts';
import { httpSender, Outbox } from '../electron/main/services/outbox.ts';
import { openDatabase } from '../electron/main/services/sqlite.ts';
import { startBenchServer } from './server.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 1_000);
const READS = 10_000;
const ROUNDS = 5;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * p)]!;
const micros = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;

/** Nanoseconds of each of `count` calls, after a warm-up. */
function timeEach(count: number, read: (i: number) => unknown): number[] {
  for (let i = 0; i < 1_000; i += 1) read(i);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = process.hrtime.bigint();
    read(i);
    times.push(Number(process.hrtime.bigint() - start));
  }
  return times;
}

const { base, client, login, work, stop } = await startBenchServer('acme.admin');
try {
  const scope: CacheScope = { userId: String(login.body.data.userId), spaceId: String(login.body.data.spaceId) };

  // A server that has been running a while: JIT-compiled handlers, warm PostgreSQL caches and connections.
  for (let i = 0; i < 100; i += 1) await client.post('/api/org/departments', { name: `Warm-up ${i}` }, { 'idempotency-key': `bench-warm-${i}` });

  // 1. Queue offline: the send fails like a pulled network cable, so nothing may reach the server.
  const outboxDb = openDatabase(path.join(work, 'outbox.sqlite'));
  const offline = new Outbox(outboxDb, { send: async () => Promise.reject(new TypeError('fetch failed')) });
  const names = Array.from({ length: WRITES }, (_, i) => `Bench line ${String(i).padStart(4, '0')}`);
  const queueStart = performance.now();
  for (const name of names) offline.enqueue({ method: 'POST', url: '/api/org/departments', body: { name }, scope, label: name });
  const queueMs = performance.now() - queueStart;
  const offlineRun = await offline.replay();
  if (offlineRun.sent !== 0) throw new Error('an offline replay reached the server');

  // 2. Back online: replay everything, in order, one at a time.
  const online = new Outbox(outboxDb, { send: httpSender(base, { cookie: client.cookieHeader, csrf: client.csrf! }) });
  const replayStart = performance.now();
  const run = await online.replay(scope);
  const replaySeconds = (performance.now() - replayStart) / 1000;
  const stats = online.stats();

  // 3. Count on the server: every queued name once. A write arriving twice shows as a second row or, since names
  // are unique, as a "department exists" conflict in the outbox; both count as duplicates.
  const listed = (await client.get('/api/org/departments')).body.data.departments as Array<{ name: string }>;
  const onServer = new Map<string, number>();
  for (const { name } of listed) if (name.startsWith('Bench line ')) onServer.set(name, (onServer.get(name) ?? 0) + 1);
  const lost = names.filter((name) => !onServer.has(name)).length;
  const secondArrivals = online.conflicts().filter((e) => e.message === 'org.departmentExists').length;
  const duplicated = [...onServer.values()].reduce((sum, n) => sum + n - 1, 0) + secondArrivals;
  const replaysPerSecond = run.sent / replaySeconds;
  outboxDb.close();

  // The ceiling a strictly ordered replay can reach: the same writes, one at a time, from a bare client.
  const BARE = 200;
  const bareStart = performance.now();
  for (let i = 0; i < BARE; i += 1) {
    const answer = await client.post('/api/org/departments', { name: `Bare line ${i}` }, { 'idempotency-key': `bench-bare-${i}` });
    if (answer.status !== 200) throw new Error(`bare write failed: ${answer.status}`);
  }
  const barePerSecond = BARE / ((performance.now() - bareStart) / 1000);

  // 4. Offline cache read vs a direct SELECT of the same row, with a real answer the shell reads on every page.
  const cacheDb = openDatabase(path.join(work, 'cache.sqlite'));
  const cache = new OfflineCache(cacheDb);
  const url = `${base}/napi/micro-apps/qycloudBaseInfo`;
  const sample = await fetch(url, { headers: { cookie: client.cookieHeader } });
  const body = await sample.text();
  cache.put(scope, url, { status: sample.status, headers: { 'content-type': 'application/json' }, body, etag: sample.headers.get('etag') });
  for (let i = 0; i < 100; i += 1) cache.put(scope, `${url}?n=${i}`, { status: 200, headers: {}, body });
  const direct = cacheDb.prepare<[string, string, string], { status: number; headers: string; body: string; etag: string | null }>(
    'SELECT status, headers, body, etag FROM cache_entries WHERE user_id = ? AND space_id = ? AND url = ?',
  );
  const cacheTimes: number[] = [];
  const directTimes: number[] = [];
  const rotatingTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    directTimes.push(...timeEach(READS / ROUNDS, () => direct.get(scope.userId, scope.spaceId, url)));
    cacheTimes.push(...timeEach(READS / ROUNDS, () => cache.get(scope, url)));
    // Reading other entries in turn makes each read also record its recency (one UPDATE per read).
    rotatingTimes.push(...timeEach(READS / ROUNDS, (i) => cache.get(scope, `${url}?n=${i % 100}`)));
  }
  cacheDb.close();
  const cacheP50 = percentile(cacheTimes, 0.5);
  const directP50 = percentile(directTimes, 0.5);

  console.log(`queued offline           ${WRITES} writes in ${queueMs.toFixed(0)} ms (${((WRITES / queueMs) * 1000).toFixed(0)}/s, each committed with synchronous=FULL)`);
  console.log(`replay                   ${run.sent} sent in ${replaySeconds.toFixed(2)} s, stopped: ${run.stopped ?? 'no'}; outbox ${JSON.stringify(stats)}`);
  console.log(`bare client              ${barePerSecond.toFixed(0)} writes/s (${BARE} sequential POSTs with a key, no outbox: the server's ceiling)`);
  console.log(`on the server            ${onServer.size} of ${WRITES} names; lost ${lost}, duplicated ${duplicated}`);
  console.log(`cache read (${body.length} B)   p50 ${micros(cacheP50)}, p99 ${micros(percentile(cacheTimes, 0.99))}  (OfflineCache.get, same row)`);
  console.log(`direct SELECT            p50 ${micros(directP50)}, p99 ${micros(percentile(directTimes, 0.99))}  (better-sqlite3, same row)`);
  console.log(`cache read, 100 rows     p50 ${micros(percentile(rotatingTimes, 0.5))}  (each read also records recency)`);
  console.log(`cache read p50 is ${(cacheP50 / directP50).toFixed(2)}× a direct SELECT`);
  console.log(`outbox: lost ${lost}, duplicated ${duplicated}, ${replaysPerSecond.toFixed(0)} replays/s (target 0, 0, ≥ 200/s)`);
} finally {
  await stop();
}
