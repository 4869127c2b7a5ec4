import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/kernel/db/embedded.ts';
import { startPlatform } from '../../server/platform.ts';
import { createDatabase, dropDatabase, releaseDatabase, testConfig } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** A database migrated and demo-seeded once for the run; suites start on copies of it. */
    templateDatabase: string;
  }
}

let embedded: EmbeddedDatabase | null = null;
let dataDir: string | null = null;
const templates: Array<{ admin: string; url: string }> = [];

/**
 * Migrates and seeds one database the way every suite's server would, then lets go of it: PostgreSQL copies a
 * database only while nobody is connected to it.
 */
async function seededTemplate(admin: string): Promise<string> {
  const url = await createDatabase(admin, 'template');
  const platform = await startPlatform(testConfig(url), { listen: false });
  await platform.stop();
  templates.push({ admin, url });
  await releaseDatabase(admin, url);
  return new URL(url).pathname.slice(1);
}

/**
 * One PostgreSQL server for the whole integration run: DATABASE_URL when given (CI runs both ways), else an
 * embedded one in a temporary folder. Each suite then creates its own database on it (tests/support/platform.ts),
 * a copy of the run's seeded template unless it asks for an empty one.
 */
export async function setup(project: TestProject): Promise<void> {
  let url = process.env.DATABASE_URL;
  if (url) {
    process.stdout.write(`integration suites: PostgreSQL from DATABASE_URL (${new URL(url).host})\n`);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-test-pg-'));
    embedded = await startEmbeddedPostgres(dataDir, () => undefined);
    url = embedded.url;
    process.stdout.write('integration suites: embedded PostgreSQL\n');
  }
  project.provide('adminDatabaseUrl', url);
  project.provide('templateDatabase', await seededTemplate(url));
}

export async function teardown(): Promise<void> {
  for (const template of templates.splice(0)) await dropDatabase(template.admin, template.url);
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
