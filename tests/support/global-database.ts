import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/kernel/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

let embedded: EmbeddedDatabase | null = null;
let dataDir: string | null = null;

/**
 * One PostgreSQL server for the whole integration run: DATABASE_URL when given (CI runs both ways), else an
 * embedded one in a temporary folder. Each suite then creates its own database on it (tests/support/platform.ts).
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
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
