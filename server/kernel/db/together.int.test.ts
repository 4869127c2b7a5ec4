import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { readTogether } from './together.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const pool = () => platform.kernel.databases.readPool;
const departments = async (spaceId: string) =>
  readTogether(pool(), spaceId, (trx) => trx.selectFrom('org_department').select(['id', 'space_id']).execute());

describe('pipelined read transactions (db/together.ts)', () => {
  it('runs on a pipelined connection, so statements issued together are in flight together', async () => {
    const seen: number[] = [];
    type Client = { pipeline: boolean; _sentQueryQueue: unknown[]; _activeQuery: unknown };
    const clients = () => (pool() as unknown as { _clients: Client[] })._clients;
    await readTogether(pool(), 'acme', async (trx) => {
      const running = Array.from({ length: 6 }, (_, i) => sql<{ n: number }>`select ${i}::int as n, pg_sleep(0.2)`.execute(trx));
      // While the first statement sleeps, the pipelined client has already written all the others.
      let client: Client | undefined;
      for (let tries = 0; tries < 150 && !client?._sentQueryQueue.length; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        client = clients().find((c) => c._activeQuery);
      }
      expect(client?.pipeline).toBe(true);
      seen.push((client?._sentQueryQueue.length ?? 0) + 1);
      await Promise.all(running);
    });
    expect(seen[0]).toBeGreaterThanOrEqual(6);
  });

  it('gives each of many concurrent statements its own answer', async () => {
    const answers = await readTogether(pool(), 'acme', (trx) =>
      Promise.all(Array.from({ length: 200 }, (_, i) => sql<{ n: number; s: string }>`select ${i}::int as n, repeat('x', ${i}::int) as s`.execute(trx))),
    );
    answers.forEach((answer, i) => expect(answer.rows).toEqual([{ n: i, s: 'x'.repeat(i) }]));
  });

  it('sees only the given space (row-level security), and nothing without one', async () => {
    const acme = await departments('acme');
    const nova = await departments('nova');
    expect(acme.length).toBeGreaterThan(0);
    expect(nova.length).toBeGreaterThan(0);
    expect(new Set(acme.map((d) => d.space_id))).toEqual(new Set(['acme']));
    expect(new Set(nova.map((d) => d.space_id))).toEqual(new Set(['nova']));
    expect(await departments('')).toEqual([]);
  });

  it('refuses to write, rolls back on a failure, and leaves its connections usable', async () => {
    await expect(
      readTogether(pool(), 'acme', (trx) => trx.updateTable('org_department').set({ name: 'Renamed by a reader' }).where('space_id', '=', 'acme').execute()),
    ).rejects.toThrow(/read-only transaction/);
    // A failing statement fails its siblings in flight (the transaction is aborted), and the whole call fails.
    await expect(
      readTogether(pool(), 'acme', (trx) => Promise.all([sql`select 1 / 0`.execute(trx), sql`select 1`.execute(trx)])),
    ).rejects.toThrow(/division by zero/);
    const names = await platform.kernel.databases.owner.query(`select count(*)::int as n from org_department where name = 'Renamed by a reader'`);
    expect(names.rows[0].n).toBe(0);
    // Every connection of the pool still answers after those failures.
    const again = await Promise.all(Array.from({ length: 8 }, () => departments('acme')));
    for (const rows of again) expect(rows.length).toBe(again[0]!.length);
  });
});
