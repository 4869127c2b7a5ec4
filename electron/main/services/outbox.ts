import { randomUUID } from 'node:crypto';
import type { CacheScope } from './offline-cache.ts';
import { durably, migrate, systemClock, type Clock, type Db } from './sqlite.ts';

export type OutboxState = 'pending' | 'sending' | 'done' | 'conflict' | 'failed' | 'discarded';

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path on the server, e.g. `/api/org/departments` (with a `/space-{id}` prefix to pin the space). */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface EnqueueInput extends OutboxRequest {
  scope: CacheScope;
  /** What the UI lists, e.g. "New department Welding". */
  label?: string;
}

export interface OutboxEntry extends OutboxRequest {
  id: number;
  seq: number;
  scope: CacheScope;
  label: string | null;
  idempotencyKey: string;
  state: OutboxState;
  attempts: number;
  /** The server's last answer: HTTP status, its JSON, and its `msg` (the message shown for conflicts). */
  status: number | null;
  answer: unknown;
  message: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The server's answer to one write. A network failure is a rejection, not an answer. */
export interface SendResult {
  status: number;
  body: unknown;
  replayed?: boolean;
}

export type Send = (request: OutboxRequest, idempotencyKey: string) => Promise<SendResult>;

export interface OutboxDeps { send: Send; clock?: Clock }

export interface ReplayResult {
  sent: number;
  /** Why the replay stopped before the queue was empty: the server was unreachable, failing, or wants a sign-in. */
  stopped: 'offline' | 'server' | 'unauthorized' | null;
}

const SCHEMA = [
  `CREATE TABLE outbox (
     id INTEGER PRIMARY KEY,
     seq INTEGER NOT NULL UNIQUE,
     user_id TEXT NOT NULL, space_id TEXT NOT NULL,
     method TEXT NOT NULL, url TEXT NOT NULL, body TEXT, headers TEXT NOT NULL, label TEXT,
     idempotency_key TEXT NOT NULL UNIQUE,
     state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'done', 'conflict', 'failed', 'discarded')),
     attempts INTEGER NOT NULL DEFAULT 0, status INTEGER, answer TEXT, message TEXT,
     created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
   );
   CREATE INDEX outbox_state_seq ON outbox (state, seq);`,
];

/** A row as selected by COLUMNS: the entry with its JSON still as text. */
type Row = Omit<OutboxEntry, 'scope' | 'body' | 'headers' | 'answer'> & Record<'userId' | 'spaceId' | 'headers', string> & Record<'body' | 'answer', string | null>;

const COLUMNS = `id, seq, user_id AS userId, space_id AS spaceId, method, url, body, headers, label, idempotency_key AS idempotencyKey,
  state, attempts, status, answer, message, created_at AS createdAt, updated_at AS updatedAt`;

const toEntry = ({ userId, spaceId, body, headers, answer, ...rest }: Row): OutboxEntry => ({
  ...rest,
  scope: { userId, spaceId },
  body: body === null ? undefined : JSON.parse(body),
  headers: JSON.parse(headers) as Record<string, string>,
  answer: answer === null ? null : JSON.parse(answer),
});

const NEXT_SEQ = '(SELECT COALESCE(MAX(seq), 0) + 1 FROM outbox)';

function statements(db: Db) {
  migrate(db, 'outbox', SCHEMA);
  type Scoped = [scoped: number, userId: string, spaceId: string];
  return {
    insert: db.prepare<[string, string, string, string, string | null, string, string | null, string, number, number]>(
      `INSERT INTO outbox (seq, user_id, space_id, method, url, body, headers, label, idempotency_key, state, created_at, updated_at)
       VALUES (${NEXT_SEQ}, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
    ),
    byId: db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM outbox WHERE id = ?`),
    nextPending: db.prepare<Scoped, Row>(
      `SELECT ${COLUMNS} FROM outbox WHERE state = 'pending' AND (? = 0 OR (user_id = ? AND space_id = ?)) ORDER BY seq LIMIT 1`,
    ),
    markSending: db.prepare<[number, number]>(`UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE id = ? AND state = 'pending'`),
    settle: db.prepare<[OutboxState, number | null, string | null, string | null, number, number]>(
      'UPDATE outbox SET state = ?, status = ?, answer = ?, message = ?, updated_at = ? WHERE id = ?',
    ),
    requeue: db.prepare<[string, string | null, number, number]>(
      `UPDATE outbox SET state = 'pending', seq = ${NEXT_SEQ}, idempotency_key = ?, body = COALESCE(?, body), updated_at = ?
       WHERE id = ? AND state IN ('conflict', 'failed')`,
    ),
    discard: db.prepare<[number, number]>(`UPDATE outbox SET state = 'discarded', updated_at = ? WHERE id = ? AND state IN ('conflict', 'failed')`),
    recover: db.prepare(`UPDATE outbox SET state = 'pending' WHERE state = 'sending'`),
    list: db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM outbox WHERE (? = '' OR state = ?) ORDER BY seq`),
    attention: db.prepare<[], Row>(`SELECT ${COLUMNS} FROM outbox WHERE state IN ('conflict', 'failed') ORDER BY seq`),
    stats: db.prepare<[], { state: OutboxState; n: number }>('SELECT state, COUNT(*) AS n FROM outbox GROUP BY state'),
    prune: db.prepare<[number]>(`DELETE FROM outbox WHERE state IN ('done', 'discarded') AND updated_at < ?`),
  };
}

const messageOf = (body: unknown): string | null =>
  body && typeof body === 'object' && typeof (body as { msg?: unknown }).msg === 'string' ? (body as { msg: string }).msg : null;

/** What an answer means for the write and for the rest of the queue. */
function judge(status: number, message: string | null): [OutboxState, ReplayResult['stopped']] {
  if (status >= 200 && status < 300) return ['done', null];
  // The same key still being worked on (its first request outlived our crash): ask again later.
  if (status === 409 && message === 'request.duplicateInFlight') return ['pending', 'server'];
  if (status === 409) return ['conflict', null];
  // Not this write's fault: the session ended, or the server asks to slow down. The write waits, unchanged.
  if (status === 401) return ['pending', 'unauthorized'];
  if (status === 408 || status === 429) return ['pending', 'server'];
  if (status >= 400 && status < 500) return ['failed', null];
  // 5xx (or anything unexpected): the server did not do it (its transaction rolled back); try later, same key.
  return ['pending', 'server'];
}

/**
 * Writes made while the server is unreachable, kept in SQLite and replayed in order, each under its own
 * Idempotency-Key so the server does the work once however often the request arrives.
 *
 * Crash safety: a row is marked `sending` (committed) before its request and settled after the answer. A row still
 * `sending` when the outbox opens was interrupted somewhere in between; it goes back to `pending` with the SAME
 * key, so the server either does it now or answers what it answered before. Nothing is lost, nothing doubles.
 * Queuing and the user's decisions commit with FULL; the replay's own marks with NORMAL (why: sqlite.ts).
 */
export class Outbox {
  private readonly sql: ReturnType<typeof statements>;
  private readonly clock: Clock;
  private readonly listeners = new Set<(entry: OutboxEntry | null) => void>();
  private running: Promise<ReplayResult> | null = null;

  constructor(
    private readonly db: Db,
    private readonly deps: OutboxDeps,
  ) {
    this.sql = statements(db);
    this.clock = deps.clock ?? systemClock;
    // Only this process replays this file (the desktop app holds a single-instance lock), so a `sending` row
    // here is one whose process died mid-request.
    this.sql.recover.run();
  }

  enqueue(input: EnqueueInput): OutboxEntry {
    const now = this.clock.now();
    const { scope, method, url, body, headers, label } = input;
    const json = body === undefined ? null : JSON.stringify(body);
    const row = [scope.userId, scope.spaceId, method, url, json, JSON.stringify(headers ?? {}), label ?? null, randomUUID()] as const;
    // FULL: once this returns the UI says "queued", so not even a power cut may take it back.
    const { lastInsertRowid } = durably(this.db, () => this.sql.insert.run(...row, now, now));
    return this.changed(Number(lastInsertRowid))!;
  }

  get(id: number): OutboxEntry | null {
    const row = this.sql.byId.get(id);
    return row ? toEntry(row) : null;
  }

  entries(state?: OutboxState): OutboxEntry[] {
    return this.sql.list.all(state ?? '', state ?? '').map(toEntry);
  }

  /** Every write waiting for the user's decision: conflicts (409) and refusals (other 4xx), oldest first. */
  conflicts(): OutboxEntry[] {
    return this.sql.attention.all().map(toEntry);
  }

  stats(): Record<OutboxState, number> {
    const counts: Record<OutboxState, number> = { pending: 0, sending: 0, done: 0, conflict: 0, failed: 0, discarded: 0 };
    for (const { state, n } of this.sql.stats.all()) counts[state] = n;
    return counts;
  }

  onChange(listener: (entry: OutboxEntry | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The user's answer to a conflict or refusal. `retry` queues the write again at the end, under a NEW key (the
   * old key's answer is the refusal, which the server would only repeat), optionally with a corrected body.
   */
  resolve(id: number, choice: 'discard' | 'retry', body?: unknown): OutboxEntry {
    const now = this.clock.now();
    const changed = durably(this.db, () =>
      choice === 'discard'
        ? this.sql.discard.run(now, id)
        : this.sql.requeue.run(randomUUID(), body === undefined ? null : JSON.stringify(body), now, id),
    );
    if (changed.changes === 0) throw new Error(`outbox entry ${id} is not waiting for a decision`);
    return this.changed(id)!;
  }

  /** Forgets settled writes (done, discarded) last touched before `before`; conflicts and failures stay. */
  prune(before: number): number {
    return this.sql.prune.run(before).changes;
  }

  /**
   * Sends pending writes one by one in queue order (only `scope`'s when given: a session can only speak for its
   * own user). A call while a replay runs joins it; writes queued meanwhile are picked up by the running loop.
   */
  replay(scope?: CacheScope): Promise<ReplayResult> {
    this.running ??= this.run(scope).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(scope?: CacheScope): Promise<ReplayResult> {
    const claimNext = () => {
      const next = this.sql.nextPending.get(scope ? 1 : 0, scope?.userId ?? '', scope?.spaceId ?? '');
      if (next) this.sql.markSending.run(this.clock.now(), next.id);
      return next;
    };
    // One commit records an answer and claims the next write: one commit per write instead of two.
    const settleAndClaim = this.db.transaction((id: number, state: OutboxState, result: SendResult, message: string | null, stop: boolean) => {
      this.sql.settle.run(state, result.status, JSON.stringify(result.body ?? null), message, this.clock.now(), id);
      return stop ? undefined : claimNext();
    });
    let sent = 0;
    let row = claimNext();
    while (row) {
      const current = row;
      this.notify(current.id);
      const { method, url, body, headers, idempotencyKey } = toEntry(current);
      let result: SendResult;
      try {
        result = await this.deps.send({ method, url, body, headers }, idempotencyKey);
      } catch {
        this.sql.settle.run('pending', null, null, null, this.clock.now(), current.id);
        this.notify(current.id);
        return { sent, stopped: 'offline' };
      }
      sent += 1;
      const message = messageOf(result.body);
      const [state, stop] = judge(result.status, message);
      row = settleAndClaim(current.id, state, result, message, stop !== null);
      this.notify(current.id);
      if (stop) return { sent, stopped: stop };
    }
    return { sent, stopped: null };
  }

  /** Tells the listeners, if any: reading the row back is not free on the replay path. */
  private notify(id: number): void {
    if (this.listeners.size > 0) this.changed(id);
  }

  private changed(id: number): OutboxEntry | null {
    const entry = this.get(id);
    for (const listener of this.listeners) listener(entry);
    return entry;
  }
}

export interface HttpSession { cookie: string; csrf: string }

/** The real `send`: a JSON request with the session's cookie and CSRF token, and the write's Idempotency-Key. */
export function httpSender(baseUrl: string, session: HttpSession, options: { fetch?: typeof fetch; timeoutMs?: number } = {}): Send {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async (request, idempotencyKey) => {
    const headers: Record<string, string> = {
      ...request.headers,
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      'idempotency-key': idempotencyKey,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    // A hung request would hold the whole queue; a timeout is a network error, and the retry reuses the key.
    const response = await doFetch(baseUrl.replace(/\/+$/, '') + request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): kept as text so the message is still there to show.
    }
    return { status: response.status, body, replayed: response.headers.get('idempotent-replayed') === 'true' };
  };
}
