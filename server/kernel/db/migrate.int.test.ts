import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_SOURCES } from '../../apps/index.ts';
import { createTestDatabase, dropTestDatabase } from '../../../tests/support/platform.ts';
import { migrate, readMigrations } from './migrate.ts';

let pool: pg.Pool;
let extraDir: string;
let url: string;

beforeAll(async () => {
  url = await createTestDatabase('mig');
  pool = new pg.Pool({ connectionString: url, max: 4 });
  extraDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-mig-'));
});
afterAll(async () => {
  await pool?.end();
  if (url) await dropTestDatabase(url);
  fs.rmSync(extraDir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('two servers starting together apply each migration exactly once', async () => {
    const [a, b] = await Promise.all([migrate(pool, MIGRATION_SOURCES), migrate(pool, MIGRATION_SOURCES)]);
    const all = readMigrations(MIGRATION_SOURCES).map((m) => m.id);
    expect([...a, ...b].sort()).toEqual([...all].sort());
    const ledger = await pool.query('select id from schema_migrations order by id');
    expect(ledger.rows.map((r) => r.id).sort()).toEqual([...all].sort());
    expect(await migrate(pool, MIGRATION_SOURCES)).toEqual([]);
  });

  it('applies in file-name order and records checksums; an edited applied migration is an error', async () => {
    fs.writeFileSync(path.join(extraDir, '0002_second.sql'), 'insert into extra_log values (2);');
    fs.writeFileSync(path.join(extraDir, '0001_first.sql'), 'create table extra_log (n int); insert into extra_log values (1);');
    const sources = [...MIGRATION_SOURCES, { scope: 'extra', dir: extraDir }];
    expect(await migrate(pool, sources)).toEqual(['extra/0001_first.sql', 'extra/0002_second.sql']);
    expect((await pool.query('select n from extra_log order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
    fs.writeFileSync(path.join(extraDir, '0001_first.sql'), 'create table extra_log (n int); -- edited');
    await expect(migrate(pool, sources)).rejects.toThrow(/extra\/0001_first\.sql was edited after it was applied/);
  });

  it('a failing migration leaves nothing half-applied', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-mig-bad-'));
    fs.writeFileSync(path.join(dir, '0001_bad.sql'), 'create table half_done (n int); select 1/0;');
    await expect(migrate(pool, [...MIGRATION_SOURCES, { scope: 'bad', dir }])).rejects.toThrow(/bad\/0001_bad\.sql failed/);
    const table = await pool.query("select to_regclass('half_done') as t");
    expect(table.rows[0].t).toBeNull();
    const ledger = await pool.query("select 1 from schema_migrations where id = 'bad/0001_bad.sql'");
    expect(ledger.rowCount).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('start-up work given to migrate (policy rewrites, the key check) runs while the migration lock is held', async () => {
    let heldByItself = false;
    await migrate(pool, MIGRATION_SOURCES, async (client) => {
      const held = await client.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and granted`);
      heldByItself = held.rows[0].n > 0;
    });
    expect(heldByItself).toBe(true);
  });
});
