import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { pgErrorCode } from '../errors.ts';
import { APP_ROLE } from './pool.ts';

/** One folder of forward-only SQL migrations, applied in file-name order; `scope` prefixes their ids. */
export interface MigrationSource {
  scope: string;
  dir: string;
}

export interface Migration {
  id: string;
  sql: string;
  checksum: string;
}

export function readMigrations(sources: readonly MigrationSource[]): Migration[] {
  return sources.flatMap(({ scope, dir }) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.sql'))
          .sort()
          .map((name) => {
            const sql = fs.readFileSync(path.join(dir, name), 'utf8');
            return { id: `${scope}/${name}`, sql, checksum: createHash('sha256').update(sql).digest('hex') };
          })
      : [],
  );
}

const LOCK_KEY = 'qpaas.migrations';

/** The app role is cluster-wide; two databases on one cluster (tests, CI) may race to create it. */
async function ensureAppRole(client: pg.PoolClient): Promise<void> {
  const exists = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
  if (exists.rowCount === 0) {
    try {
      await client.query(`create role ${APP_ROLE} nologin nosuperuser nobypassrls noinherit`);
    } catch (error) {
      if (!['42710', '23505'].includes(pgErrorCode(error) ?? '')) throw error; // created meanwhile by another database's start
    }
  }
  // The owner must be able to switch to the role (`-c role=`); a superuser already can.
  const self = await client.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
  if (!self.rows[0]?.rolsuper) await client.query(`grant ${APP_ROLE} to current_user`);
}

/**
 * Applies pending migrations under a database-wide advisory lock, so servers starting together apply each
 * migration once. Each migration runs in its own transaction with its ledger row. A migration whose text
 * changed after it was applied stops the start: forward-only means a new file, never an edit. Processes starting
 * while another migrates wait on the lock, then find nothing left to apply.
 */
export async function migrate(
  pool: pg.Pool,
  sources: readonly MigrationSource[],
  /** Start-up work that must not race another process's (policy rewrites, the key check): run before the lock is let go. */
  whileLocked?: (client: pg.PoolClient) => Promise<void>,
): Promise<string[]> {
  const migrations = readMigrations(sources);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [LOCK_KEY]);
    await ensureAppRole(client);
    await client.query(`create table if not exists schema_migrations (
      id text primary key, checksum text not null, applied_at timestamptz not null default now())`);
    const done = new Map(
      (await client.query<{ id: string; checksum: string }>('select id, checksum from schema_migrations')).rows.map(
        (row) => [row.id, row.checksum],
      ),
    );
    for (const migration of migrations) {
      const previous = done.get(migration.id);
      if (previous !== undefined) {
        if (previous !== migration.checksum) {
          throw new Error(`Migration ${migration.id} was edited after it was applied; add a new migration instead.`);
        }
        continue;
      }
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query('insert into schema_migrations (id, checksum) values ($1, $2)', [migration.id, migration.checksum]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.id} failed: ${(error as Error).message}`);
      }
      applied.push(migration.id);
    }
    await whileLocked?.(client);
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return applied;
}
