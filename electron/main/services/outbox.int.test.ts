import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../../server/platform.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { cachedFetch, OfflineCache, type CacheScope, type FetchLike } from './offline-cache.ts';
import { httpSender, Outbox, type Send, type SendResult } from './outbox.ts';
import { openDatabase, type Db } from './sqlite.ts';

let platform: Platform;
let acme: TestClient;
let nova: TestClient;
let acmeScope: CacheScope;
let novaScope: CacheScope;
let dir: string;
const dbs: Db[] = [];

const offline: Send = async () => {
  throw new TypeError('fetch failed');
};
const sessionOf = (client: TestClient) => ({ cookie: client.cookieHeader, csrf: client.csrf! });
const scopeOf = async (client: TestClient, spaceId: string): Promise<CacheScope> => ({
  userId: String((await client.get('/api/account/me')).body.data.id),
  spaceId,
});
type Department = { id: string; name: string; updatedAt: string };
const departments = async (client: TestClient) => (await client.get('/api/org/departments')).body.data.departments as Department[];
const named = async (client: TestClient, prefix: string) => (await departments(client)).filter((d) => d.name.startsWith(prefix));

function open(name: string): Db {
  const db = openDatabase(path.join(dir, name));
  dbs.push(db);
  return db;
}
function queueCreations(outbox: Outbox, prefix: string, count: number, scope = acmeScope) {
  return Array.from({ length: count }, (_, i) =>
    outbox.enqueue({ method: 'POST', url: '/api/org/departments', body: { name: `${prefix}${i}` }, scope, label: `${prefix}${i}` }),
  );
}

beforeAll(async () => {
  platform = await startTestPlatform();
  acme = await signedIn(platform.url, 'acme.admin');
  nova = await signedIn(platform.url, 'nova.admin');
  acmeScope = await scopeOf(acme, 'acme');
  novaScope = await scopeOf(nova, 'nova');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-outbox-int-'));
});
afterAll(async () => {
  for (const db of dbs) if (db.open) db.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  await platform?.stop();
});

describe('the outbox against the real server', () => {
  it('holds 20 creations made offline, then replays them once each, in order', async () => {
    const db = open('twenty.sqlite');
    const queued = queueCreations(new Outbox(db, { send: offline }), 'Offline ', 20);
    expect(await new Outbox(db, { send: offline }).replay()).toEqual({ sent: 0, stopped: 'offline' });
    expect(await named(acme, 'Offline ')).toEqual([]);

    const online = new Outbox(db, { send: httpSender(platform.url, sessionOf(acme)) });
    expect(await online.replay(acmeScope)).toEqual({ sent: 20, stopped: null });
    expect(online.stats()).toMatchObject({ done: 20, pending: 0, conflict: 0, failed: 0 });
    const created = (await named(acme, 'Offline ')).sort((a, b) => Number(a.id) - Number(b.id));
    expect(created.map((d) => d.name)).toEqual(queued.map((e) => e.label)); // once each, in queue order
    expect(online.entries().map((e) => (e.answer as { data: Department }).data.name)).toEqual(queued.map((e) => e.label));
  });

  it('surfaces an edit of a record changed meanwhile as a conflict and overwrites nothing', async () => {
    const original = (await acme.post('/api/org/departments', { name: 'Assembly' })).body.data as Department;
    const outbox = new Outbox(open('conflict.sqlite'), { send: httpSender(platform.url, sessionOf(acme)) });
    const edit = outbox.enqueue({ method: 'PATCH', url: `/api/org/departments/${original.id}`, body: { name: 'Assembly (desktop)', updatedAt: original.updatedAt }, scope: acmeScope });
    const bad = outbox.enqueue({ method: 'POST', url: '/api/org/departments', body: { name: '' }, scope: acmeScope });
    const taken = outbox.enqueue({ method: 'POST', url: '/api/org/departments', body: { name: 'assembly line 2' }, scope: acmeScope });
    // Someone else renames it while the desktop is offline.
    const renamed = await acme.patch(`/api/org/departments/${original.id}`, { name: 'Assembly line 2', updatedAt: original.updatedAt });
    expect(renamed.status).toBe(200);

    await outbox.replay();
    expect(outbox.get(edit.id)).toMatchObject({ state: 'conflict', status: 409, message: 'common.conflict' });
    expect(outbox.get(bad.id)).toMatchObject({ state: 'failed', status: 422 });
    expect(outbox.get(taken.id)).toMatchObject({ state: 'conflict', message: 'org.departmentExists' });
    expect(outbox.conflicts().map((e) => e.id)).toEqual([edit.id, bad.id, taken.id]);
    expect((await departments(acme)).find((d) => d.id === original.id)!.name).toBe('Assembly line 2');

    // The user looks at the current record and keeps their name after all: a retry with the fresh version.
    outbox.resolve(edit.id, 'retry', { name: 'Assembly (desktop)', updatedAt: renamed.body.data.updatedAt });
    outbox.resolve(bad.id, 'discard');
    outbox.resolve(taken.id, 'discard');
    await outbox.replay();
    expect(outbox.stats()).toMatchObject({ done: 1, discarded: 2, conflict: 0, failed: 0, pending: 0 });
    expect((await departments(acme)).find((d) => d.id === original.id)!.name).toBe('Assembly (desktop)');
  });

  it('resends a write whose answer was lost under the same key, and the server answers the stored result', async () => {
    const db = open('lost-answer.sqlite');
    const real = httpSender(platform.url, sessionOf(acme));
    const [entry] = queueCreations(new Outbox(db, { send: offline }), 'Lost answer ', 1);
    // The write reaches the server, then the connection drops before the answer arrives.
    const dropping = new Outbox(db, {
      send: async (request, key) => {
        await real(request, key);
        throw new TypeError('socket hang up');
      },
    });
    expect((await dropping.replay()).stopped).toBe('offline');
    expect(dropping.get(entry!.id)).toMatchObject({ state: 'pending', idempotencyKey: entry!.idempotencyKey });

    const answers: SendResult[] = [];
    const keys: string[] = [];
    const recording = new Outbox(db, { send: async (request, key) => (keys.push(key), answers[answers.push(await real(request, key)) - 1]!) });
    await recording.replay();
    expect(keys).toEqual([entry!.idempotencyKey]);
    expect(answers[0]).toMatchObject({ status: 200, replayed: true });
    expect(recording.get(entry!.id)!.state).toBe('done');
    expect(await named(acme, 'Lost answer ')).toHaveLength(1);
  });

  it('loses and duplicates nothing when the replaying process is killed mid-replay', async () => {
    const file = path.join(dir, 'crash.sqlite');
    const setup = openDatabase(file);
    const queued = queueCreations(new Outbox(setup, { send: offline }), 'Crash ', 50);
    setup.close();

    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['electron/main/services/outbox-crash-child.ts'], {
      env: { ...process.env, OUTBOX_FILE: file, SERVER_URL: platform.url, SESSION_COOKIE: acme.cookieHeader, SESSION_CSRF: acme.csrf!, ACK_PAUSE_MS: '150' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs the script in a child node process, and SIGKILL must reach that one too.
      detached: true,
    });
    const kill = () => process.kill(-child.pid!, 'SIGKILL');
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    const closed = new Promise((resolve) => child.stdout.on('close', resolve)); // every process of the group is gone
    let armed = false;
    // Killed right after an answer arrived and before the outbox recorded it: the worst moment.
    child.stdout.on('data', (chunk) => {
      if (armed && String(chunk).includes('ACK ') && child.exitCode === null) kill();
    });
    const deadline = Date.now() + 60_000;
    while (!armed) {
      if (child.exitCode !== null || Date.now() > deadline) {
        if (child.exitCode === null) kill();
        throw new Error(`the child ended before the kill or the server saw too few writes: ${stderr}`);
      }
      armed = (await named(acme, 'Crash ')).length >= 10;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await exited).toBe('SIGKILL');
    await closed;

    const db = open('crash.sqlite');
    const inFlight = db.prepare<[], { key: string }>(`SELECT idempotency_key AS key FROM outbox WHERE state = 'sending'`).all();
    expect(inFlight).toHaveLength(1); // the write the process was in the middle of
    const real = httpSender(platform.url, sessionOf(acme));
    const sent: Array<{ key: string; answer: SendResult }> = [];
    const restarted = new Outbox(db, { send: async (request, key) => sent[sent.push({ key, answer: await real(request, key) }) - 1]!.answer });
    const before = restarted.stats();
    expect(before.done).toBeGreaterThanOrEqual(9); // the server had 10 when armed: the 10th may be the interrupted one
    expect(before.done).toBeLessThan(50);
    const interrupted = restarted.entries('pending')[0]!;
    expect(interrupted).toMatchObject({ idempotencyKey: inFlight[0]!.key, attempts: 1 }); // back in the queue, same key
    expect(await named(acme, interrupted.label!)).toHaveLength(1); // the server had done it

    for (let round = 0; round < 20 && restarted.stats().pending > 0; round += 1) await restarted.replay();
    expect(sent[0]).toMatchObject({ key: interrupted.idempotencyKey, answer: { status: 200, replayed: true } });
    expect(restarted.stats()).toMatchObject({ done: 50, pending: 0, sending: 0, conflict: 0, failed: 0 });
    const onServer = (await named(acme, 'Crash ')).map((d) => d.name);
    for (const entry of queued) expect(onServer.filter((n) => n === entry.label), entry.label!).toHaveLength(1);
    expect(onServer).toHaveLength(50);
  });
});

describe('space isolation on a shared PC', () => {
  it("never replays an acme user's writes into acme with a nova session", async () => {
    const outbox = new Outbox(open('isolation.sqlite'), { send: httpSender(platform.url, sessionOf(nova)) });
    const before = await departments(acme);
    const pinned = outbox.enqueue({ method: 'POST', url: '/space-acme/api/org/departments', body: { name: 'Iso pinned' }, scope: acmeScope });
    const plain = outbox.enqueue({ method: 'POST', url: '/api/org/departments', body: { name: 'Iso plain' }, scope: acmeScope });

    // The desktop replays only the signed-in user's own writes.
    expect(await outbox.replay(novaScope)).toEqual({ sent: 0, stopped: null });
    expect(outbox.stats().pending).toBe(2);

    // Forced through the nova session anyway, the server decides by the session, never by the queue.
    await outbox.replay();
    expect(outbox.get(pinned.id)).toMatchObject({ state: 'failed', status: 403 });
    expect(outbox.get(plain.id)!.state).toBe('done');
    expect(await departments(acme)).toEqual(before);
    expect((await departments(nova)).map((d) => d.name)).toContain('Iso plain');
  });

  it("keeps acme.admin's cached answers from nova.admin", async () => {
    const cache = new OfflineCache(open('cache.sqlite'));
    const withSession = (client: TestClient, reachable = true): FetchLike => async (input, init) => {
      if (!reachable) throw new TypeError('fetch failed');
      const headers = new Headers(init?.headers);
      headers.set('cookie', client.cookieHeader);
      return fetch(input, { ...init, headers });
    };
    const url = `${platform.url}/api/org/departments`;
    const online = await cachedFetch({ cache, fetch: withSession(acme), scope: () => acmeScope })(url);
    expect(online.status).toBe(200);
    expect(cache.get(acmeScope, url)).not.toBeNull();
    expect(cache.get(novaScope, url)).toBeNull();

    const novaOffline = await cachedFetch({ cache, fetch: withSession(nova, false), scope: () => novaScope })(url);
    expect(novaOffline.status).toBe(503);
    const acmeOffline = await cachedFetch({ cache, fetch: withSession(acme, false), scope: () => acmeScope })(url);
    expect(acmeOffline.headers.get('x-qpaas-offline')).toBe('1');
    expect((await acmeOffline.json()).data.departments.map((d: Department) => d.name)).toContain('Offline 0');
  });
});
