import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db, Trx } from './db/pool.ts';
import { AppError, fail } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
const KEEP_DAYS = 7;
const PATH_MAX = 300;
/** How long a duplicate waits for the first request's answer before asking its sender to come back later. */
const WAIT_FOR_ANSWER_MS = 15_000;
/**
 * A claim this old without an answer lost it: its server stopped between the commit and the store. Only answers
 * stored after their write's commit can be lost so (a handler that waited for I/O after its transaction or queued
 * afterCommit callbacks, an answer that is not text, a 5xx; decision 0108): the others commit with the write.
 */
const ANSWER_LOST_AFTER_MS = 60_000;

/** The request's Idempotency-Key, when it has a well-formed one (a malformed key is a 400, not ignored). */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  if (!KEY.test(key)) throw fail.badRequest('request.badIdempotencyKey');
  return key;
}

/** What a key is bound to when it is first used: the same key with anything else is refused (422). */
export interface KeyBinding {
  spaceId: string | null;
  method: string;
  path: string;
  bodyHash: string;
}

const EMPTY_BODY_HASH = createHash('sha256').digest('hex');
const bodyHashes = new WeakMap<FastifyRequest, Promise<string | null>>();

/**
 * A SHA-256 of a byte stream with every occurrence of `cut` left out: multipart bodies are hashed without
 * their boundary, which each sender picks at random, so resending the same parts hashes the same.
 */
export function streamHasher(cut: Buffer | null) {
  const hash = createHash('sha256');
  let carry = Buffer.alloc(0);
  return {
    update(chunk: Buffer) {
      if (!cut) return void hash.update(chunk);
      const bytes = Buffer.concat([carry, chunk]);
      let start = 0;
      for (let at = bytes.indexOf(cut, start); at !== -1; at = bytes.indexOf(cut, start)) {
        hash.update(bytes.subarray(start, at));
        start = at + cut.length;
      }
      // A boundary split across chunks starts within the last cut.length - 1 bytes: keep those for the next one.
      const keep = Math.max(start, bytes.length - (cut.length - 1));
      hash.update(bytes.subarray(start, keep));
      carry = bytes.subarray(keep);
    },
    digest: () => hash.update(carry).digest('hex'),
  };
}

function multipartBoundary(req: FastifyRequest): Buffer | null {
  const type = req.headers['content-type'] ?? '';
  const match = /^multipart\/[^;]+;.*\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(type);
  const boundary = match?.[1] ?? match?.[2];
  return boundary ? Buffer.from(`--${boundary}`) : null;
}

/**
 * Hashes the raw body bytes of a keyed write as they stream past, whoever reads them (the JSON parser, or
 * multipart, which reads the socket itself). The stream is paused again after the listener is added, so no
 * byte flows before its real reader resumes it. Called from the preParsing hook.
 */
export function watchBody(req: FastifyRequest, payload: Readable): void {
  const length = Number(req.headers['content-length'] ?? 0);
  if (!req.headers['transfer-encoding'] && !(length > 0)) return;
  const hash = streamHasher(multipartBoundary(req));
  bodyHashes.set(
    req,
    new Promise((resolve) => {
      payload.on('data', (chunk: Buffer) => hash.update(chunk));
      payload.once('end', () => resolve(hash.digest()));
      payload.once('close', () => resolve(null)); // cut short (too large, aborted): the request fails anyway
    }),
  );
  payload.pause();
}

const BODY_WAIT_MS = 30_000;

function withinBodyWait<T>(pending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const unread = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('a keyed write started its transaction before reading its body')), BODY_WAIT_MS);
  });
  return Promise.race([pending, unread]).finally(() => clearTimeout(timer));
}

/**
 * The binding of this request; waits for the end of its body. Handlers read their body before their transaction
 * (JSON is parsed before the handler; uploads are read before they are stored): one that did not would wait here
 * for bytes nobody reads, so that mistake fails loudly instead of hanging.
 */
export async function bindingOf(req: FastifyRequest): Promise<KeyBinding> {
  const pending = bodyHashes.get(req);
  const bodyHash = pending ? ((await withinBodyWait(pending)) ?? 'incomplete') : EMPTY_BODY_HASH;
  return { spaceId: req.ctx.space?.id ?? null, method: req.method, path: req.url.slice(0, PATH_MAX), bodyHash };
}

/** Thrown inside a write's transaction when its key was used before; the error handler answers for it. */
export class KeyAlreadyUsed extends Error {
  constructor(
    readonly userId: string,
    readonly key: string,
    readonly binding: KeyBinding,
  ) {
    super('idempotency key already used');
  }
}

export interface StoredAnswer {
  status: number;
  body: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The answer for a write whose key was used before: what the first request answered, once it is stored —
 * a duplicate sent while the first is still running waits for it rather than getting a placeholder.
 * A key used for another request (space, route or body) is refused. Still running after the wait: 409
 * `request.duplicateInFlight` (the sender asks again later). Most answers commit with their write (decision 0108),
 * so a committed claim has its answer at once; only an answer stored after the commit and lost in a crash between
 * the two answers `request.replayed` without data.
 */
export async function storedAnswerFor(db: Db, used: KeyAlreadyUsed): Promise<StoredAnswer | AppError> {
  const started = Date.now();
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['status', 'body', 'method', 'path', 'bound_space', 'body_hash', 'created_at'])
      .where('user_id', '=', used.userId)
      .where('key', '=', used.key)
      .executeTakeFirst();
    if (!row) return fail.conflict('request.duplicateInFlight'); // forgotten meanwhile: a retry claims it anew
    const { binding } = used;
    const sameRequest =
      row.method === binding.method &&
      row.path === binding.path &&
      (row.body_hash === null || (row.body_hash === binding.bodyHash && row.bound_space === binding.spaceId));
    if (!sameRequest) return fail.unprocessable('request.idempotencyKeyMismatch');
    if (row.status !== null && row.body !== null) return { status: row.status, body: row.body };
    if (Date.now() - row.created_at.getTime() > ANSWER_LOST_AFTER_MS) {
      return { status: 200, body: JSON.stringify({ code: 200, msg: 'request.replayed', data: null }) };
    }
    if (Date.now() - started > WAIT_FOR_ANSWER_MS) return fail.conflict('request.duplicateInFlight');
    await sleep(pause);
  }
}

/**
 * Claims the key inside the write's transaction: if that transaction rolls back, the key is free again, so
 * a failed write can be retried; if it commits, nothing can run under the key twice. A concurrent duplicate
 * waits on the primary key and then finds it taken.
 */
export async function claimKey(trx: Trx, userId: string, key: string, binding: KeyBinding): Promise<boolean> {
  // The space is set in the same statement (the CTE is referenced, so it runs first), as inSpace would.
  const claimed = await sql<{ key: string }>`
    with space as (select set_config('app.space_id', ${binding.spaceId ?? ''}, true))
    insert into idempotency_keys (user_id, key, method, path, bound_space, body_hash)
    select ${userId}, ${key}, ${binding.method}, ${binding.path}, ${binding.spaceId}, ${binding.bodyHash} from space
    on conflict (user_id, key) do nothing
    returning key`.execute(trx);
  return claimed.rows.length === 1;
}

/**
 * Stores the answer of a claimed write in the write's own transaction, before its commit: both are kept, or neither
 * (decision 0108). A retry after a crash then finds the answer, however soon after the commit the process died.
 */
export async function storeAnswerIn(trx: Trx, userId: string, key: string, answer: StoredAnswer): Promise<void> {
  await trx.updateTable('idempotency_keys').set({ status: answer.status, body: answer.body }).where('user_id', '=', userId).where('key', '=', key).execute();
}

/**
 * Stores the answer of a claimed write after its commit, when it could not go with it (decision 0108). Committed
 * asynchronously: the write itself is already durable, and an answer lost in a crash only turns a replay's answer
 * into `request.replayed`.
 */
export async function storeAnswer(db: Db, userId: string, key: string, status: number, body: string): Promise<void> {
  // One statement, its own transaction, committed asynchronously (the setting is local to that transaction).
  await sql`
    with async as (select set_config('synchronous_commit', 'off', true))
    update idempotency_keys set status = ${status}, body = ${body}
    from async where user_id = ${userId} and key = ${key}`.execute(db);
}

export async function forgetOldKeys(db: Db): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', sql<Date>`now() - make_interval(days => ${KEEP_DAYS})`).execute();
}
