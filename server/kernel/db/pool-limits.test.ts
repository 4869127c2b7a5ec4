import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { openDatabases, type Databases } from './pool.ts';

let open: Databases | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe('connection limits per process', () => {
  it('are read from the environment, with the documented defaults', () => {
    expect(readConfig({}).database).toEqual({ poolMax: 10, readPoolMax: 4, connectTimeoutMs: 10_000, idleTimeoutMs: 30_000, statementTimeoutMs: 0 });
    const set = readConfig({ PG_POOL_MAX: '6', PG_READ_POOL_MAX: '2', PG_CONNECT_TIMEOUT: '3', PG_IDLE_TIMEOUT: '5', PG_STATEMENT_TIMEOUT: '15' }).database;
    expect(set).toEqual({ poolMax: 6, readPoolMax: 2, connectTimeoutMs: 3000, idleTimeoutMs: 5000, statementTimeoutMs: 15_000 });
    expect(() => readConfig({ PG_POOL_MAX: 'many' })).toThrow(/PG_POOL_MAX/);
    expect(() => readConfig({ PG_POOL_MAX: '1' })).toThrow(/PG_POOL_MAX/);
    expect(readConfig({ DRAIN_TIMEOUT: '5', KEEP_ALIVE_TIMEOUT: '65' })).toMatchObject({ drainSeconds: 5, keepAliveSeconds: 65 });
  });

  it('size the pools and time their connections (no connection is opened to read them)', () => {
    const { database } = readConfig({ PG_POOL_MAX: '6', PG_READ_POOL_MAX: '2', PG_CONNECT_TIMEOUT: '3', PG_STATEMENT_TIMEOUT: '15' });
    open = openDatabases('postgres://nobody@127.0.0.1:1/none', { limits: database });
    const options = (pool: unknown) => (pool as { options: { max: number; connectionTimeoutMillis: number; options?: string } }).options;
    expect(options(open.appPool)).toMatchObject({ max: 6, connectionTimeoutMillis: 3000 });
    expect(options(open.appPool).options).toContain('statement_timeout=15000');
    expect(options(open.readPool)).toMatchObject({ max: 2 });
    expect(options(open.owner).options ?? '').not.toContain('statement_timeout');
  });
});
