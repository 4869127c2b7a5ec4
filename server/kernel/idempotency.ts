import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Trx } from './db/pool.ts';
import { fail } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
const KEEP_DAYS = 7;

/** The request's Idempotency-Key, when it has a well-formed one (a malformed key is a 400, not ignored). */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  if (!KEY.test(key)) throw fail.badRequest('request.badIdempotencyKey');
  return key;
}

/** Thrown inside a write's transaction when its key was used before; the error handler answers for it. */
export class KeyAlreadyUsed extends Error {
  constructor(
    readonly userId: string,
    readonly key: string,
  ) {
    super('idempotency key already used');
  }
}

/**
 * Answers a write whose key was used before with what it answered then, or — when that answer was lost
 * between its commit and its storing, or the first call is still running — with `request.replayed`.
 */
export async function replayStored(db: Db, used: KeyAlreadyUsed, reply: FastifyReply): Promise<FastifyReply> {
  const done = await db
    .selectFrom('idempotency_keys')
    .select(['status', 'body'])
    .where('user_id', '=', used.userId)
    .where('key', '=', used.key)
    .executeTakeFirst();
  reply.header(REPLAYED_HEADER, 'true');
  if (!done || done.status === null || done.body === null) return reply.code(200).send({ code: 200, msg: 'request.replayed', data: null });
  return reply.code(done.status).type('application/json; charset=utf-8').send(done.body);
}

/**
 * Claims the key inside the write's transaction: if that transaction rolls back, the key is free again, so
 * a failed write can be retried; if it commits, nothing can run under the key twice. A concurrent duplicate
 * waits on the primary key and then finds it taken.
 */
export async function claimKey(trx: Trx, spaceId: string | null, userId: string, key: string, method: string, path: string): Promise<boolean> {
  // The space is set in the same statement (the CTE is referenced, so it runs first), as inSpace would.
  const claimed = await sql<{ key: string }>`
    with space as (select set_config('app.space_id', ${spaceId ?? ''}, true))
    insert into idempotency_keys (user_id, key, method, path)
    select ${userId}, ${key}, ${method}, ${path.slice(0, 300)} from space
    on conflict (user_id, key) do nothing
    returning key`.execute(trx);
  return claimed.rows.length === 1;
}

/**
 * Stores the answer of a claimed write (after its commit). Committed asynchronously: the write itself is
 * already durable, and an answer lost in a crash only turns a replay's answer into `request.replayed`.
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
