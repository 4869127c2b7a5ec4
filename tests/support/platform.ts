import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { readConfig } from '../../server/config.ts';
import type { Clock } from '../../server/kernel/clock.ts';
import type { Logger } from '../../server/kernel/logger.ts';
import { startPlatform, type Platform } from '../../server/platform.ts';
import { TEST_DEMO_PASSWORD } from './client.ts';

export { TEST_DEMO_PASSWORD };

/** A fresh, empty database on the run's PostgreSQL server; returns its URL. */
export async function createTestDatabase(prefix = 't'): Promise<string> {
  const admin = inject('adminDatabaseUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestDatabase, so runs against a shared server leave nothing behind. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    // Pools resolve end() before their sockets are closed; a forced drop meanwhile kills them mid-goodbye and the
    // error lands on a client nobody listens to any more. Give them a moment to go first.
    for (let i = 0; i < 40; i += 1) {
      const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (open.rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/** Starts the real server (migrations, demo seed, HTTP on a free loopback port) on a fresh database. */
export async function startTestPlatform(
  options: {
    clock?: Clock;
    databaseUrl?: string;
    demoSeed?: boolean;
    demoDevices?: boolean;
    trustProxy?: boolean;
    log?: Logger;
    /** OUTBOUND_ALLOW of this server: what tests on loopback (an SMTP server, a webhook receiver) let it reach. */
    outboundAllow?: string[];
  } = {},
): Promise<Platform> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const config = {
    ...readConfig({}),
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    demoSeed: options.demoSeed ?? true,
    // The demo device line writes values all the time: only the suites that look at it start it (on a free port).
    demoMqttPort: options.demoDevices ? 0 : null,
    demoPassword: TEST_DEMO_PASSWORD,
    trustProxy: options.trustProxy ?? false,
    outboundAllow: options.outboundAllow ?? [],
  };
  const platform = await startPlatform(config, { clock: options.clock, log: options.log });
  const stop = platform.stop;
  return {
    ...platform,
    async stop() {
      await stop();
      if (!options.databaseUrl) await dropTestDatabase(databaseUrl);
    },
  };
}
