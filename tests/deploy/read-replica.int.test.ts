import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { inSpace } from '../../server/kernel/db/pool.ts';
import { ReplicaPool, openReadPool } from '../../server/kernel/db/replica.ts';
import { readTogether } from '../../server/kernel/db/together.ts';
import { addOrders, API, boardDraft, chartDraft, chartItem, createBoard, createChart, ok, pairs } from '../../server/apps/dashboards/dashboards-test-kit.ts';
import type { Platform } from '../../server/platform.ts';
import { signedIn } from '../support/client.ts';
import { dataDirFor } from '../support/databases.ts';
import { ORDER_FIELDS, publishedForm } from '../support/forms.ts';
import { createTestDatabase, dropTestDatabase, startTestPlatform } from '../support/platform.ts';

/**
 * DATABASE_READ_URL (decision 0112). The first part needs no replica: a replica that cannot be reached sends the
 * reads to the primary. The second runs when TEST_REPLICA_URL names a streaming replica of the run's server (any
 * database on it, e.g. postgres://postgres@127.0.0.1:5433/postgres; docs/deploy.md says how to make one).
 */
const REPLICA = process.env.TEST_REPLICA_URL;
const APP_POOL = { max: 2, options: '-c role=qpaas_app', pipeline: true } as pg.PoolConfig;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function onReplicaServer(databaseUrl: string): string {
  const url = new URL(REPLICA!);
  url.pathname = new URL(databaseUrl).pathname;
  return url.toString();
}

describe('a read replica that cannot be reached', () => {
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase('rr', inject('templateDatabase'));
  });
  afterAll(async () => {
    await dropTestDatabase(databaseUrl);
  });

  it('sends the read transactions to the primary, under the same row-level security', async () => {
    const pool = openReadPool(databaseUrl, APP_POOL, { url: 'postgres://postgres@127.0.0.1:1/none', maxLagMs: 2000, probeMs: 100 }) as ReplicaPool;
    try {
      expect(await pool.probe()).toBe(Infinity);
      const read = (space: string | null) =>
        readTogether(pool, space, async (trx) => {
          const [standby, forms] = await Promise.all([
            sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(trx),
            trx.selectFrom('forms_form').select('space_id').execute(),
          ]);
          return { standby: standby.rows[0]!.standby, spaces: [...new Set(forms.map((f) => f.space_id))] };
        });
      expect(await read('acme')).toEqual({ standby: false, spaces: ['acme'] });
      expect(await read(null)).toEqual({ standby: false, spaces: [] });
    } finally {
      await pool.end();
    }
  });
});

describe.skipIf(!REPLICA)('a streaming replica (TEST_REPLICA_URL)', () => {
  let databaseUrl: string;
  let platform: Platform;
  let pool: ReplicaPool;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('rr', inject('templateDatabase'));
    // The new database reaches the replica through the WAL like any other change.
    for (let tries = 0; ; tries += 1) {
      const client = new pg.Client({ connectionString: onReplicaServer(databaseUrl) });
      try {
        await client.connect();
        await client.end();
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await sleep(100);
      }
    }
    process.env.DATABASE_READ_URL = onReplicaServer(databaseUrl);
    try {
      platform = await startTestPlatform({ databaseUrl });
    } finally {
      delete process.env.DATABASE_READ_URL;
    }
    pool = platform.kernel.databases.readPool as ReplicaPool;
    expect(pool).toBeInstanceOf(ReplicaPool);
    while (!pool.onReplica) await sleep(50);
  });
  afterAll(async () => {
    await platform?.stop();
    if (databaseUrl) {
      await dropTestDatabase(databaseUrl);
      fs.rmSync(dataDirFor(databaseUrl), { recursive: true, force: true });
    }
  });

  it('runs the read transactions on the standby, each space seeing its own rows only', async () => {
    const onPrimary = await inSpace(platform.kernel.db, 'acme', (trx) => trx.selectFrom('forms_form').select(['space_id', 'id']).orderBy('id').execute());
    const read = (space: string | null) =>
      readTogether(pool, space, async (trx) => {
        const [standby, forms] = await Promise.all([
          sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(trx),
          trx.selectFrom('forms_form').select(['space_id', 'id']).orderBy('id').execute(),
        ]);
        return { standby: standby.rows[0]!.standby, forms };
      });
    expect(await read('acme')).toEqual({ standby: true, forms: onPrimary });
    expect((await read('nova')).forms.every((f) => f.space_id === 'nova')).toBe(true);
    expect(await read(null)).toEqual({ standby: true, forms: [] });
    await expect(readTogether(pool, 'acme', (trx) => trx.updateTable('forms_form').set({ name: 'x' }).execute())).rejects.toThrow(/read-only/);
  });

  it("answers a board from the replica: each viewer his own totals, a new record within the lag's bound", async () => {
    const [admin, user] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user')]);
    const members = ok(await admin.get('/api/org/members')).members as Array<{ loginId: string; id: string }>;
    const orders = await publishedForm(admin, ORDER_FIELDS);
    await addOrders(admin, orders.formId, [['A', 'open', 10], ['B', 'open', 20], ['C', 'done', 5]]);
    const only = { logic: 'and', items: [{ field: 'f2', op: 'eq', value: 'open' }] };
    ok(await admin.post(`/api/forms/forms/${orders.formId}/rules`, { name: 'User: open', subjectKind: 'user', subject: members.find((m) => m.loginId === 'acme.user')!.id, levels: ['view'], scope: 'condition', condition: only }));
    const chart = await createChart(admin, chartDraft(orders));
    const board = await createBoard(admin, boardDraft({ items: [chartItem(chart.id)] }));
    const totals = async (client: typeof admin) => pairs(ok(await client.post(`${API}/boards/${board.id}/data`, {})).charts[chart.id].result);

    const until = async (client: typeof admin, want: object) => {
      const started = Date.now();
      while (JSON.stringify(await totals(client)) !== JSON.stringify(want)) {
        if (Date.now() - started > 5000) throw new Error(`the board did not show ${JSON.stringify(want)} within 5 s`);
        await sleep(5);
      }
      return Date.now() - started;
    };
    // The probe queries the primary with a callback; a read transaction sent there would take the promise form.
    const toPrimary = vi.spyOn(pool.primary, 'connect');
    await until(admin, { done: 1, open: 2 });
    await until(user, { open: 2 });
    expect(toPrimary.mock.calls.filter((call) => (call as unknown[]).length === 0)).toEqual([]);
    toPrimary.mockRestore();
    const waits: number[] = [];
    for (const name of ['D', 'E', 'F', 'G', 'H']) {
      await addOrders(admin, orders.formId, [[name, 'done', 1]]);
      waits.push(await until(admin, { done: 2 + waits.length, open: 2 }));
    }
    process.stdout.write(`read replica: a new record reached the board after ${waits.join(', ')} ms; staleness bound ${pool.staleness} ms\n`);
    expect(Math.max(...waits)).toBeLessThan(pool.settings.maxLagMs + 1000);
  });
});
