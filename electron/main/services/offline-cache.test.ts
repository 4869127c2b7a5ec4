import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedFetch, OFFLINE_HEADER, OfflineCache, type CacheScope } from './offline-cache.ts';
import { migrate, openDatabase, type Db } from './sqlite.ts';

const acmeAdmin: CacheScope = { userId: '11', spaceId: 'acme' };
const acmeUser: CacheScope = { userId: '12', spaceId: 'acme' };
const answer = (body: string, etag?: string) => ({ status: 200, headers: { 'content-type': 'application/json' }, body, etag });

let dir: string;
let file: string;
const open: Db[] = [];
function openCache(options: ConstructorParameters<typeof OfflineCache>[1] = {}): OfflineCache {
  const db = openDatabase(file);
  open.push(db);
  return new OfflineCache(db, options);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-cache-'));
  file = path.join(dir, 'cache.sqlite');
});
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('OfflineCache', () => {
  it('keeps entries per user and space: another user on the same PC sees nothing', () => {
    const cache = openCache();
    cache.put(acmeAdmin, '/api/org/departments', answer('{"admin":true}', 'v1'));
    expect(cache.get(acmeAdmin, '/api/org/departments')).toMatchObject({ body: '{"admin":true}', etag: 'v1', status: 200 });
    expect(cache.get(acmeUser, '/api/org/departments')).toBeNull();
    expect(cache.get({ userId: '11', spaceId: 'nova' }, '/api/org/departments')).toBeNull();

    cache.put(acmeUser, '/api/org/departments', answer('{"user":true}'));
    cache.clear(acmeAdmin); // sign-out of one user leaves the other's entries
    expect(cache.get(acmeAdmin, '/api/org/departments')).toBeNull();
    expect(cache.get(acmeUser, '/api/org/departments')?.body).toBe('{"user":true}');
  });

  it('evicts the least recently used entry first when over the entry count', () => {
    const cache = openCache({ maxEntries: 3 });
    for (const url of ['/a', '/b', '/c']) cache.put(acmeAdmin, url, answer(`"${url}"`));
    cache.get(acmeAdmin, '/a'); // /a is now more recent than /b and /c
    cache.put(acmeAdmin, '/d', answer('"d"'));
    expect(cache.get(acmeAdmin, '/b')).toBeNull();
    cache.put(acmeAdmin, '/e', answer('"e"'));
    expect(cache.get(acmeAdmin, '/c')).toBeNull();
    expect(['/a', '/d', '/e'].map((url) => cache.get(acmeAdmin, url) !== null)).toEqual([true, true, true]);
    expect(cache.size().entries).toBe(3);
  });

  it('stays under its byte bound and refuses an answer larger than the whole cache', () => {
    const cache = openCache({ maxBytes: 10_000 });
    const kilobytes = (n: number) => JSON.stringify('x'.repeat(n * 1000));
    for (let i = 0; i < 20; i += 1) {
      cache.put(acmeAdmin, `/r/${i}`, answer(kilobytes(1)));
      expect(cache.size().bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.get(acmeAdmin, '/r/0')).toBeNull(); // the oldest went first
    expect(cache.get(acmeAdmin, '/r/19')).not.toBeNull();
    expect(cache.size().entries).toBeLessThan(10);

    expect(cache.put(acmeAdmin, '/r/19', answer(kilobytes(20)))).toBe(false);
    expect(cache.get(acmeAdmin, '/r/19')).toBeNull(); // the stale copy of an oversized answer is not kept either
    // Replacing an entry counts its new size, not both.
    cache.put(acmeAdmin, '/r/18', answer(kilobytes(2)));
    const { bytes } = cache.size();
    cache.put(acmeAdmin, '/r/18', answer(kilobytes(2)));
    expect(cache.size().bytes).toBe(bytes);
  });

  it('survives closing and reopening the file, order included', () => {
    const first = openCache({ maxEntries: 2 });
    first.put(acmeAdmin, '/old', answer('"old"', 'v1'));
    first.put(acmeAdmin, '/new', answer('"new"', 'v2'));
    open[0]!.close();

    const second = openCache({ maxEntries: 2 });
    expect(second.get(acmeAdmin, '/old')).toMatchObject({ body: '"old"', etag: 'v1' });
    second.put(acmeAdmin, '/newest', answer('"newest"'));
    expect(second.get(acmeAdmin, '/new')).toBeNull(); // /old was read after the reopen, so /new was the oldest
    expect(second.get(acmeAdmin, '/old')).not.toBeNull();
  });

  it('refuses a file written by a newer version of the app', () => {
    const db = openDatabase(file);
    open.push(db);
    migrate(db, 'demo', ['CREATE TABLE demo_a (x)', 'CREATE TABLE demo_b (x)']);
    migrate(db, 'demo', ['CREATE TABLE demo_a (x)', 'CREATE TABLE demo_b (x)']); // already there: nothing runs twice
    expect(() => migrate(db, 'demo', ['CREATE TABLE demo_a (x)'])).toThrow(/newer/);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });
});

describe('cachedFetch', () => {
  let server: http.Server;
  let base: string;
  const seen: Array<string | undefined> = [];
  let version = 'v1';

  beforeEach(async () => {
    seen.length = 0;
    version = 'v1';
    server = http.createServer((req, res) => {
      seen.push(req.headers['if-none-match']);
      const etag = `W/"${version}"`;
      if (req.url === '/text') return res.writeHead(200, { 'content-type': 'text/plain' }).end('plain');
      if (req.url === '/forbidden') return res.writeHead(403, { 'content-type': 'application/json' }).end('{"code":403}');
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
      res.writeHead(200, { 'content-type': 'application/json', etag, 'set-cookie': 'qp_sid=secret' });
      res.end(JSON.stringify({ code: 200, msg: 'ok', data: { version, url: req.url } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())));

  it('stores JSON answers, revalidates with If-None-Match and serves the stored body on 304', async () => {
    const cache = openCache();
    const get = cachedFetch({ cache, fetch, scope: () => acmeAdmin });
    const first = await get(`${base}/api/x`);
    expect(first.status).toBe(200);
    expect((await first.json()).data.version).toBe('v1');
    expect(cache.get(acmeAdmin, `${base}/api/x`)).toMatchObject({ etag: 'W/"v1"' });
    expect(cache.get(acmeAdmin, `${base}/api/x`)!.headers['set-cookie']).toBeUndefined();

    const second = await get(`${base}/api/x`);
    expect(seen).toEqual([undefined, 'W/"v1"']);
    expect(second.status).toBe(200);
    expect((await second.json()).data.version).toBe('v1');

    version = 'v2'; // changed on the server: a full answer replaces the entry
    expect((await (await get(`${base}/api/x`)).json()).data.version).toBe('v2');
    expect(cache.get(acmeAdmin, `${base}/api/x`)!.etag).toBe('W/"v2"');
  });

  it('does not store what is not a 2xx JSON answer, and forgets a page the user may no longer read', async () => {
    const cache = openCache();
    const get = cachedFetch({ cache, fetch, scope: () => acmeAdmin });
    await get(`${base}/text`);
    expect(cache.get(acmeAdmin, `${base}/text`)).toBeNull();
    cache.put(acmeAdmin, `${base}/forbidden`, answer('{"code":200}'));
    expect((await get(`${base}/forbidden`)).status).toBe(403);
    expect(cache.get(acmeAdmin, `${base}/forbidden`)).toBeNull();
  });

  it('answers from the cache with the offline header when the server is unreachable', async () => {
    const cache = openCache();
    let scope: CacheScope | null = acmeAdmin;
    const get = cachedFetch({ cache, fetch, scope: () => scope });
    await (await get(`${base}/api/x`)).text();
    await new Promise<void>((resolve) => server.close(() => resolve())); // a real connection refusal from here on

    const offline = await get(`${base}/api/x`);
    expect(offline.status).toBe(200);
    expect(offline.headers.get(OFFLINE_HEADER)).toBe('1');
    expect((await offline.json()).data.url).toBe('/api/x');

    const never = await get(`${base}/api/never-seen`);
    expect(never.status).toBe(503);
    expect(never.headers.get(OFFLINE_HEADER)).toBe('1');
    expect(await never.json()).toMatchObject({ code: 503, msg: 'desktop.offlineNoCache' });

    scope = acmeUser; // another user signed in on the same PC: acme.admin's page is not theirs to see
    expect((await get(`${base}/api/x`)).status).toBe(503);
  });

  it('rethrows when the caller aborts instead of answering from the cache', async () => {
    const cache = openCache();
    cache.put(acmeAdmin, `${base}/api/x`, answer('{"stale":true}'));
    const get = cachedFetch({ cache, fetch, scope: () => acmeAdmin });
    const controller = new AbortController();
    controller.abort();
    await expect(get(`${base}/api/x`, { signal: controller.signal })).rejects.toThrow();
  });
});
