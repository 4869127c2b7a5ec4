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

/**
 * A write already done under this key: answer what it answered (or, if its answer was lost in a crash
 * between commit and storing it, that it was done) and skip the handler. Returns whether it replied.
 */
export async function replayIfDone(db: Db, userId: string, key: string, reply: FastifyReply): Promise<boolean> {
  const done = await db
    .selectFrom('idempotency_keys')
    .select(['status', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!done) return false;
  reply.header(REPLAYED_HEADER, 'true');
  if (done.status === null || done.body === null) {
    reply.code(200).send({ code: 200, msg: 'request.replayed', data: null });
  } else {
    reply.code(done.status).type('application/json; charset=utf-8').send(done.body);
  }
  return true;
}

/**
 * Claims the key inside the write's transaction: if that transaction rolls back, the key is free again, so
 * a failed write can be retried; if it commits, nothing can run under the key twice. A concurrent duplicate
 * waits on the primary key and then finds it taken.
 */
export async function claimKey(trx: Trx, userId: string, key: string, method: string, path: string): Promise<void> {
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, method, path: path.slice(0, 300) })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) throw fail.conflict('request.duplicateInFlight');
}

/**
 * Stores the answer of a claimed write (after its commit). Committed asynchronously: the write itself is
 * already durable, and an answer lost in a crash only turns a replay's answer into `request.replayed`.
 */
export async function storeAnswer(db: Db, userId: string, key: string, status: number, body: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    await trx.updateTable('idempotency_keys').set({ status, body }).where('user_id', '=', userId).where('key', '=', key).execute();
  });
}

export async function forgetOldKeys(db: Db): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', sql<Date>`now() - make_interval(days => ${KEEP_DAYS})`).execute();
}
