import fs from 'node:fs';
import { inject } from 'vitest';
import type { Clock } from '../../server/kernel/clock.ts';
import type { Logger } from '../../server/kernel/logger.ts';
import { startPlatform, type Platform } from '../../server/platform.ts';
import { TEST_DEMO_PASSWORD } from './client.ts';
import { createDatabase, dropDatabase, testConfig } from './databases.ts';

export { TEST_DEMO_PASSWORD };

/** A fresh database on the run's server: empty, or a copy of the run's seeded `template`; returns its URL. */
export const createTestDatabase = (prefix = 't', template?: string): Promise<string> => createDatabase(inject('adminDatabaseUrl'), prefix, template);

/** Drops a database made by createTestDatabase, so runs against a shared server leave nothing behind. */
export const dropTestDatabase = (url: string): Promise<void> => dropDatabase(inject('adminDatabaseUrl'), url);

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
  // The seeded template holds what a fresh start seeds at the run's real time: a suite with its own clock seeds its
  // own data at its own time, and a suite without the demo starts empty.
  const fromTemplate = !options.clock && options.demoSeed !== false;
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase('t', fromTemplate ? inject('templateDatabase') : undefined));
  const config = testConfig(databaseUrl, options);
  const platform = await startPlatform(config, { clock: options.clock, log: options.log });
  const stop = platform.stop;
  return {
    ...platform,
    async stop() {
      await stop();
      if (!options.databaseUrl) {
        await dropTestDatabase(databaseUrl);
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      }
    },
  };
}
