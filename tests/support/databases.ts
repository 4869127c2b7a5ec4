import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readConfig } from '../../server/config.ts';
import { TEST_DEMO_PASSWORD, TEST_SECRET_KEY } from './client.ts';

/**
 * Databases of a test run, without vitest's context (the run's global setup uses these too). `admin` is the URL of
 * the run's maintenance database.
 */
async function withAdmin<T>(admin: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Waits until nobody is connected to `name`: pools resolve end() before their sockets are closed. */
async function untilIdle(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (open.rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A fresh database: empty, or a copy of `template` (a database this run already migrated and seeded, see
 * global-database.ts). Copying takes a fraction of a second where migrating and seeding take seconds, for each of
 * the many suites. Returns its URL.
 */
export async function createDatabase(admin: string, prefix = 't', template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(admin, async (client) => {
    const copy = template ? ` template ${client.escapeIdentifier(template)}` : '';
    await client.query(`create database ${client.escapeIdentifier(name)}${copy}`);
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createDatabase, so runs against a shared server leave nothing behind. */
export async function dropDatabase(admin: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdmin(admin, async (client) => {
    // A forced drop while pools are still saying goodbye lands errors on clients nobody listens to any more.
    await untilIdle(client, name);
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  });
}

/** Waits until the servers that used `url` have let go of it (PostgreSQL copies only an unused database). */
export async function releaseDatabase(admin: string, url: string): Promise<void> {
  await withAdmin(admin, (client) => untilIdle(client, new URL(url).pathname.slice(1)));
}

/**
 * The data folder (files, exports, the secret key) of the servers on one test database. Databases copied from the
 * run's template hand out the same ids (jobs, files), so servers of different databases must never share a folder;
 * servers of the same database (multi-process tests) must.
 */
export function dataDirFor(databaseUrl: string): string {
  return path.join(os.tmpdir(), 'qpaas-test-data', new URL(databaseUrl).pathname.slice(1) || 'default');
}

/** The settings of a test server on `databaseUrl` (what startTestPlatform and the run's template share). */
export function testConfig(databaseUrl: string, options: { demoSeed?: boolean; demoDevices?: boolean; trustProxy?: boolean; outboundAllow?: string[] } = {}) {
  return {
    ...readConfig({}),
    dataDir: dataDirFor(databaseUrl),
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    demoSeed: options.demoSeed ?? true,
    // The demo device line writes values all the time: only the suites that look at it start it (on a free port).
    demoMqttPort: options.demoDevices ? 0 : null,
    demoPassword: TEST_DEMO_PASSWORD,
    secretKey: TEST_SECRET_KEY,
    trustProxy: options.trustProxy ?? false,
    outboundAllow: options.outboundAllow ?? [],
  };
}
