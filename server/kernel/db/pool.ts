import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseLimits } from '../../config.ts';
import { openReadPool } from './replica.ts';
import type { Database } from './schema.ts';

/**
 * The role every request query runs as: no superuser, no BYPASSRLS, owns no table, so row-level security
 * applies to it. The pool logs in with the configured credentials and switches to it at connection start
 * (`-c role=…`), which needs no second password to manage.
 */
export const APP_ROLE = 'qpaas_app';

// bigint ids and counts come back as strings by default; timestamps as Date.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

export interface Databases {
  /** Owner connection: migrations, LISTEN, bootstrap. Never used for request data. */
  owner: pg.Pool;
  /** Request connection pool running as APP_ROLE. */
  app: Db;
  appPool: pg.Pool;
  /** Pipelined connections for read-only pages of independent parts (together.ts), as APP_ROLE too. */
  readPool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/** The defaults of readConfig (server/config.ts) for callers without a configuration (tests, benchmarks). */
const DEFAULT_LIMITS: DatabaseLimits = { poolMax: 10, readPoolMax: 4, connectTimeoutMs: 10_000, idleTimeoutMs: 30_000, statementTimeoutMs: 0 };

/**
 * A process holds at most 3 + poolMax + readPoolMax connections (plus LISTEN's one): the operator sizes them per
 * process (docs/deploy.md). A statement timeout, when set, applies to request connections only: migrations and
 * long maintenance on the owner connection must not be cut.
 */
export function openDatabases(url: string, options: { appPoolSize?: number; limits?: DatabaseLimits } = {}): Databases {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const timing = { connectionTimeoutMillis: limits.connectTimeoutMs, idleTimeoutMillis: limits.idleTimeoutMs };
  const appOptions = `-c role=${APP_ROLE}${limits.statementTimeoutMs ? ` -c statement_timeout=${Math.round(limits.statementTimeoutMs)}` : ''}`;
  const owner = new pg.Pool({ connectionString: url, max: 3, ...timing });
  const appPool = new pg.Pool({ connectionString: url, max: options.appPoolSize ?? limits.poolMax, options: appOptions, ...timing });
  // With DATABASE_READ_URL these run on a streaming replica while it keeps up (replica.ts, decision 0112).
  const readPool = openReadPool(url, { max: limits.readPoolMax, options: appOptions, pipeline: true, ...timing } as pg.PoolConfig);
  // An idle connection the server drops (restart, failover, a forced drop) must not take the process down: the
  // pool forgets it and opens a new one when asked; the next query reports anything lasting.
  for (const pool of [owner, appPool, readPool]) pool.on('error', () => undefined);
  const app = new Kysely<Database>({ dialect: new PostgresDialect({ pool: appPool }) });
  return {
    owner,
    app,
    appPool,
    readPool,
    url,
    async close() {
      await app.destroy();
      await readPool.end();
      await owner.end();
    },
  };
}

/**
 * Runs `work` in one transaction whose row-level-security space is `spaceId` (null → no space: space tables
 * show no rows). `set_config(…, true)` is transaction-local, so nothing leaks to the next user of the connection.
 */
export async function inSpace<T>(db: Db, spaceId: string | null, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('app.space_id', ${spaceId ?? ''}, true)`.execute(trx);
    return work(trx);
  });
}
