import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../../tests/support/platform.ts';
import { AnswerHold, fencePool } from './answer-hold.ts';

let databaseUrl = '';
let pool: pg.Pool;
let db: Kysely<any>;

beforeAll(async () => {
  databaseUrl = await createTestDatabase('hold');
  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  fencePool(pool);
  db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  await sql`create table held (n int)`.execute(db);
  // Checked at the commit: a write can pass its work and still fail to commit.
  await sql`create table held_once (n int unique deferrable initially deferred)`.execute(db);
});
afterAll(async () => {
  await db?.destroy();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

/** A held transaction writing `n`, as transact holds a keyed write's: resolves once its work is handed over. */
async function heldWrite(n: number, table = 'held') {
  const hold = new AnswerHold();
  let handOver = () => {};
  const handedOver = new Promise<void>((resolve) => (handOver = resolve));
  let chosen: unknown;
  const outcome = db.transaction().execute(async (trx) => {
    await sql`insert into ${sql.table(table)} values (${n})`.execute(trx);
    chosen = await hold.wait(handOver);
  });
  hold.track(outcome);
  await handedOver;
  return { hold, chosen: async () => (await hold.ended, chosen) };
}

const count = async (n: number) => (await sql<{ c: number }>`select count(*)::int as c from held where n = ${n}`.execute(db)).rows[0]!.c;

describe('a keyed write held open until its answer is known', () => {
  it('commits with the answer the rest of its handler gives without waiting for anything', async () => {
    const { hold, chosen } = await heldWrite(1);
    await hold.answer({ status: 200, body: '{"code":200}' });
    expect(await chosen()).toEqual({ status: 200, body: '{"code":200}' });
    expect(hold.stored).toEqual({ status: 200, body: '{"code":200}' });
  });

  it('commits without the answer once the rest of the handler waits: the answer is stored after, as before', async () => {
    const { hold, chosen } = await heldWrite(2);
    await new Promise((resolve) => setImmediate(resolve));
    await hold.answer({ status: 200, body: '{"code":200}' });
    expect(await chosen()).toBeNull();
    expect(hold.stored).toBeNull();
    expect(await count(2)).toBe(1);
  });

  it('keeps neither the write nor its answer when the commit fails, and says so to the answer', async () => {
    await sql`insert into held_once values (4)`.execute(db);
    const { hold } = await heldWrite(4, 'held_once');
    await expect(hold.answer({ status: 200, body: '{"code":200}' })).rejects.toThrow(/held_once/);
    expect(hold.stored).toBeNull();
    expect((await sql<{ c: number }>`select count(*)::int as c from held_once`.execute(db)).rows[0]!.c).toBe(1);
  });

  it('lets the rest of the handler read its own write through another connection of a fenced pool', async () => {
    // Two connections open and idle, so the read below is sent at once (a new connection would take longer to open
    // than the hold lasts, and prove nothing).
    await Promise.all([count(0), count(0)]);
    await heldWrite(3);
    // No answer yet: the read takes a new connection, which waits for the commit.
    expect(await count(3)).toBe(1);
  });
});
