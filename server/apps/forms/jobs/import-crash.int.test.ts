import { afterAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { createTestDatabase, dropTestDatabase, startTestPlatform } from '../../../../tests/support/platform.ts';
import { crashProcess, startScript } from '../../../../tests/support/process.ts';
import type { Platform } from '../../../platform.ts';

const ROWS = 30_000;
const BAD_EVERY = 97;
let databaseUrl: string;
let platform: Platform | null = null;

afterAll(async () => {
  await platform?.stop();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

/** Title, amount; every 97th row has an amount that is not a number. */
function csv(): Buffer {
  const lines = ['Title,Amount'];
  for (let i = 1; i <= ROWS; i += 1) lines.push(`Row ${i},${i % BAD_EVERY === 0 ? 'lots' : i}`);
  return Buffer.from(lines.join('\n'));
}

describe('an import survives its server crashing in the middle', () => {
  it('a server killed mid-import: the next one resumes, no row lost, none twice', async () => {
    databaseUrl = await createTestDatabase('crash');
    platform = await startTestPlatform({ databaseUrl });
    const admin = await signedIn(platform.url, 'acme.admin');
    const { formId } = await publishedForm(admin, [
      { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
      { key: 'f2', type: 'number', label: 'Amount' },
    ]);
    await platform.stop();
    platform = null;

    // A real server process starts the import and is killed with SIGKILL while it works.
    // It holds the job under a one-second lease that it keeps renewing: once it is dead, the lease soon lapses.
    const server = startScript('tests/support/serve.ts', { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DEMO_SEED: '0', PORT: '0', FORMS_JOB_STALE_SECONDS: '1' }, /LISTENING (\S+)/);
    const [, url] = await server.ready;
    const client = await signedIn(url!, 'acme.admin');
    const preview = await ok(client.upload(`/api/forms/forms/${formId}/imports/preview`, [{ name: 'big.csv', bytes: csv() }]));
    const job = await ok(client.post(`/api/forms/forms/${formId}/imports`, { fileId: preview.file.fileId, mapping: preview.mapping }));
    let seen = { done: 0, status: 'preparing' };
    for (let i = 0; i < 600 && seen.done === 0; i += 1) {
      seen = await ok(client.get(`/api/forms/jobs/${job.id}`));
      if (seen.done === 0) await new Promise((r) => setTimeout(r, 20));
    }
    await crashProcess(server.child);
    // Really gone (tsx's child included): nothing answers at its address any more.
    await expect(fetch(url!)).rejects.toThrow();
    expect(seen.status).toBe('preparing');
    expect(seen.done).toBeGreaterThan(0);
    expect(seen.done).toBeLessThan(ROWS);

    // The next server takes the job over once the dead one's lease has lapsed (and holds it the same way).
    process.env.FORMS_JOB_STALE_SECONDS = '1';
    try {
      platform = await startTestPlatform({ databaseUrl, demoSeed: false });
      const again = await signedIn(platform.url, 'acme.admin');
      let final: any = null;
      for (let i = 0; i < 1200; i += 1) {
        final = await ok(again.get(`/api/forms/jobs/${job.id}`));
        if (final.status !== 'preparing') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const bad = Math.floor(ROWS / BAD_EVERY);
      expect(final).toMatchObject({ status: 'complete', done: ROWS - bad, failed: bad, total: ROWS });
      const db = platform.kernel.databases.owner;
      const stored = await db.query(`select count(*)::int as n, count(distinct import_row)::int as rows, count(distinct number)::int as numbers from forms_data_${formId} where import_job = $1`, [job.id]);
      expect(stored.rows[0]).toEqual({ n: ROWS - bad, rows: ROWS - bad, numbers: 0 });
      const titles = await db.query(`select count(distinct f1)::int as n from forms_data_${formId}`);
      expect(titles.rows[0].n).toBe(ROWS - bad);
      const failures = await db.query('select count(*)::int as n, min(row_no) as first from forms_import_failure where job_id = $1', [job.id]);
      expect(failures.rows[0]).toEqual({ n: bad, first: BAD_EVERY });
      const nova = await signedIn(platform.url, 'nova.admin');
      expect((await nova.get(`/api/forms/jobs/${job.id}`)).status).toBe(404);
    } finally {
      delete process.env.FORMS_JOB_STALE_SECONDS;
    }
  }, 180_000);
});
