import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';
import type { Trx } from './pool.ts';

/** One query builder per pipelined connection: every statement it runs goes to that connection, at once. */
const builders = new WeakMap<pg.PoolClient, Kysely<Database>>();

function builderOver(client: pg.PoolClient): Kysely<Database> {
  let builder = builders.get(client);
  if (!builder) {
    // Kysely hands this "pool" out for every statement without serialising them (unlike a transaction's own
    // connection, which awaits each statement before sending the next); releasing is the caller's business.
    const handle = { query: client.query.bind(client), release: () => undefined };
    const pool = { connect: async () => handle, end: async () => undefined } as unknown as pg.Pool;
    builder = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    builders.set(client, builder);
  }
  return builder;
}

/**
 * Reads that run side by side in ONE read transaction on ONE pipelined connection (pg's pipeline mode): statements
 * issued together (Promise.all) go out without waiting for each other's answers, so the transaction costs about
 * its slowest chain of statements rather than the sum of all of them. For read-only pages made of independent
 * parts (a portal's components, a board's charts), as `inSpace` is for everything else.
 *
 * Like `inSpace`, row-level security sees `spaceId` (transaction-local `set_config`). A statement that fails aborts
 * the transaction for its siblings too; callers that want each part's own failure retry the parts that failed
 * (the portal's open does). Nothing here writes; never use it for a write.
 */
export async function readTogether<T>(pool: pg.Pool, spaceId: string | null, work: (trx: Trx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await Promise.all([client.query('begin read only'), client.query(`select set_config('app.space_id', $1, true)`, [spaceId ?? ''])]);
    // A Kysely over one connection is not a Transaction object, but sources only build and run statements with it.
    const result = await work(builderOver(client) as unknown as Trx);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((failure: Error) => (broken = failure));
    throw error;
  } finally {
    client.release(broken);
  }
}
