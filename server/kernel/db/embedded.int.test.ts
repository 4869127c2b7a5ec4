import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startScript, stopProcess } from '../../../tests/support/process.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-embedded-'));
let restarted: EmbeddedDatabase | null = null;

afterAll(async () => {
  await restarted?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('recovers from a killed server (orphaned postmaster, stale lock) and keeps the data', async () => {
    const started = startScript('tests/support/embedded-child.ts', { DATA_DIR: dataDir }, /READY (\S+)/, 90_000);
    await started.ready;
    // A crash: the Node process that owns the cluster dies at once (tsx runs it as a child, so kill that one);
    // its PostgreSQL child is orphaned, still holding postmaster.pid.
    const owner = Number(fs.readFileSync(path.join(dataDir, 'pg.owner'), 'utf8'));
    process.kill(owner, 'SIGKILL');
    await stopProcess(started.child, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    restarted = await startEmbeddedPostgres(dataDir, () => undefined);
    const client = new pg.Client({ connectionString: restarted.url });
    await client.connect();
    const rows = await client.query('select note from crash_marker');
    await client.end();
    expect(rows.rows).toEqual([{ note: 'before the crash' }]);
  }, 120_000);
});
