import { migrate, systemClock, type Clock, type Db } from './sqlite.ts';

/** Whose cache: entries never cross users or spaces, so another worker signing in on the same PC sees none. */
export interface CacheScope {
  userId: string;
  spaceId: string;
}

export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  /** The answer's text as the server sent it (JSON). */
  body: string;
  etag?: string | null;
}

export interface CacheEntry extends CachedAnswer {
  etag: string | null;
  /** When the server last confirmed this answer (stored or revalidated with a 304). */
  storedAt: number;
}

export interface OfflineCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  clock?: Clock;
}

const SCHEMA = [
  `CREATE TABLE cache_entries (
     id INTEGER PRIMARY KEY,
     user_id TEXT NOT NULL,
     space_id TEXT NOT NULL,
     url TEXT NOT NULL,
     status INTEGER NOT NULL,
     headers TEXT NOT NULL,
     body TEXT NOT NULL,
     etag TEXT,
     bytes INTEGER NOT NULL,
     stored_at INTEGER NOT NULL,
     used INTEGER NOT NULL,
     UNIQUE (user_id, space_id, url)
   );
   CREATE INDEX cache_entries_used ON cache_entries (used);
   -- Totals kept by triggers: the bound is checked on every put without summing the table.
   CREATE TABLE cache_totals (id INTEGER PRIMARY KEY CHECK (id = 1), entries INTEGER NOT NULL, bytes INTEGER NOT NULL);
   INSERT INTO cache_totals VALUES (1, 0, 0);
   CREATE TRIGGER cache_entries_added AFTER INSERT ON cache_entries
     BEGIN UPDATE cache_totals SET entries = entries + 1, bytes = bytes + new.bytes; END;
   CREATE TRIGGER cache_entries_removed AFTER DELETE ON cache_entries
     BEGIN UPDATE cache_totals SET entries = entries - 1, bytes = bytes - old.bytes; END;
   CREATE TRIGGER cache_entries_resized AFTER UPDATE OF bytes ON cache_entries
     BEGIN UPDATE cache_totals SET bytes = bytes - old.bytes + new.bytes; END;`,
];

interface Row {
  id: number;
  status: number;
  headers: string;
  body: string;
  etag: string | null;
  stored_at: number;
  used: number;
}

type Key = [userId: string, spaceId: string, url: string];

function statements(db: Db) {
  migrate(db, 'offline-cache', SCHEMA);
  return {
    get: db.prepare<Key, Row>('SELECT id, status, headers, body, etag, stored_at, used FROM cache_entries WHERE user_id = ? AND space_id = ? AND url = ?'),
    touch: db.prepare<[number, number]>('UPDATE cache_entries SET used = ? WHERE id = ?'),
    confirm: db.prepare<[number, number, ...Key]>('UPDATE cache_entries SET stored_at = ?, used = ? WHERE user_id = ? AND space_id = ? AND url = ?'),
    put: db.prepare<[...Key, number, string, string, string | null, number, number, number]>(
      `INSERT INTO cache_entries (user_id, space_id, url, status, headers, body, etag, bytes, stored_at, used)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, space_id, url) DO UPDATE SET status = excluded.status, headers = excluded.headers,
         body = excluded.body, etag = excluded.etag, bytes = excluded.bytes, stored_at = excluded.stored_at, used = excluded.used`,
    ),
    totals: db.prepare<[], { entries: number; bytes: number }>('SELECT entries, bytes FROM cache_totals WHERE id = 1'),
    evictOldest: db.prepare('DELETE FROM cache_entries WHERE id = (SELECT id FROM cache_entries ORDER BY used LIMIT 1)'),
    remove: db.prepare<Key>('DELETE FROM cache_entries WHERE user_id = ? AND space_id = ? AND url = ?'),
    clearScope: db.prepare<[string, string]>('DELETE FROM cache_entries WHERE user_id = ? AND space_id = ?'),
    clearAll: db.prepare('DELETE FROM cache_entries'),
  };
}

/**
 * GET answers kept for offline use, per user + space + URL, with their ETag. Bounded by entry count and bytes;
 * the least recently used entry goes first. Recency is a counter, not the clock, so order holds even when many
 * reads land in the same millisecond or the PC's clock jumps.
 */
export class OfflineCache {
  readonly maxEntries: number;
  readonly maxBytes: number;
  private readonly clock: Clock;
  private tick: number;
  private readonly sql: ReturnType<typeof statements>;

  constructor(
    private readonly db: Db,
    options: OfflineCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
    this.clock = options.clock ?? systemClock;
    this.sql = statements(db);
    this.tick = db.prepare<[], { used: number | null }>('SELECT MAX(used) AS used FROM cache_entries').get()?.used ?? 0;
  }

  /** Stores an answer; false when it alone is larger than the whole cache (then any older copy is dropped too). */
  put(scope: CacheScope, url: string, answer: CachedAnswer): boolean {
    const key: Key = [scope.userId, scope.spaceId, url];
    const headers = JSON.stringify(answer.headers);
    const etag = answer.etag ?? null;
    const bytes = Buffer.byteLength(answer.body) + Buffer.byteLength(headers) + Buffer.byteLength(url) + (etag?.length ?? 0);
    if (bytes > this.maxBytes) {
      this.sql.remove.run(...key);
      return false;
    }
    this.db.transaction(() => {
      this.sql.put.run(...key, answer.status, headers, answer.body, etag, bytes, this.clock.now(), ++this.tick);
      // The entry just written has the highest `used`, so it is the last candidate and always fits by itself.
      for (;;) {
        const totals = this.sql.totals.get()!;
        if (totals.entries <= this.maxEntries && totals.bytes <= this.maxBytes) break;
        this.sql.evictOldest.run();
      }
    })();
    return true;
  }

  get(scope: CacheScope, url: string): CacheEntry | null {
    const row = this.sql.get.get(scope.userId, scope.spaceId, url);
    if (!row) return null;
    // Reading the most recent entry again changes no order, so it costs no write.
    if (row.used !== this.tick) this.sql.touch.run(++this.tick, row.id);
    return { status: row.status, headers: JSON.parse(row.headers) as Record<string, string>, body: row.body, etag: row.etag, storedAt: row.stored_at };
  }

  /** The server answered 304 for this entry: it is current as of now. */
  confirm(scope: CacheScope, url: string): void {
    this.sql.confirm.run(this.clock.now(), ++this.tick, scope.userId, scope.spaceId, url);
  }

  delete(scope: CacheScope, url: string): void {
    this.sql.remove.run(scope.userId, scope.spaceId, url);
  }

  /** One user's entries in one space (sign-out), or everything. */
  clear(scope?: CacheScope): void {
    if (scope) this.sql.clearScope.run(scope.userId, scope.spaceId);
    else this.sql.clearAll.run();
  }

  size(): { entries: number; bytes: number } {
    return { ...this.sql.totals.get()! };
  }
}

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface CachedFetchDeps {
  cache: OfflineCache;
  /** The real fetch (Node's, or a test double). */
  fetch: FetchLike;
  /** Who is signed in right now; null (signed out) means nothing is read from or written to the cache. */
  scope: () => CacheScope | null;
}

export const OFFLINE_HEADER = 'x-qpaas-offline';

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Answer headers worth keeping: never cookies (they belong to the session, not to the page), nor the transfer
 * encoding and length of a body fetch has already decoded.
 */
const DROPPED = new Set(['set-cookie', 'content-encoding', 'content-length', 'transfer-encoding']);
function keptHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!DROPPED.has(name)) kept[name] = value;
  });
  return kept;
}

function fromCache(entry: CacheEntry, extra: Record<string, string> = {}): Response {
  return new Response(entry.body, { status: entry.status, headers: { ...entry.headers, ...extra } });
}

/**
 * A fetch for the renderer's GETs. Online it fetches, stores 2xx JSON answers and revalidates with
 * If-None-Match (a 304 serves the stored body). When the fetch fails at the network level it answers from the
 * cache with `x-qpaas-offline: 1` (the renderer shows its offline banner), or a 503 JSON answer when the page was
 * never seen. Other methods pass straight through: writes go to the outbox, not here.
 */
export function cachedFetch(deps: CachedFetchDeps): FetchLike {
  return async (input, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const scope = deps.scope();
    if (method !== 'GET' || !scope) return deps.fetch(input, init);
    const url = String(input);
    const cached = deps.cache.get(scope, url);
    const headers = new Headers(init.headers);
    const revalidating = Boolean(cached?.etag) && !headers.has('if-none-match');
    if (revalidating) headers.set('if-none-match', cached!.etag!);

    let response: Response;
    try {
      response = await deps.fetch(input, { ...init, headers });
    } catch (error) {
      // The caller cancelled: not an outage, so no stale answer in its place.
      if (init.signal?.aborted) throw error;
      if (cached) return fromCache(cached, { [OFFLINE_HEADER]: '1' });
      const body = JSON.stringify({ code: 503, msg: 'desktop.offlineNoCache', data: null });
      return new Response(body, { status: 503, headers: { 'content-type': 'application/json; charset=utf-8', [OFFLINE_HEADER]: '1' } });
    }

    if (response.status === 304 && revalidating) {
      deps.cache.confirm(scope, url);
      return fromCache(cached!);
    }
    // Signed out or no longer allowed: what was cached for this page must not outlive the access to it.
    if (response.status === 401 || response.status === 403 || response.status === 404) {
      deps.cache.delete(scope, url);
      return response;
    }
    const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
    if (response.status < 200 || response.status > 299 || NULL_BODY.has(response.status) || !isJson) return response;
    const body = await response.text();
    const kept = keptHeaders(response.headers);
    deps.cache.put(scope, url, { status: response.status, headers: kept, body, etag: response.headers.get('etag') });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: kept });
  };
}
