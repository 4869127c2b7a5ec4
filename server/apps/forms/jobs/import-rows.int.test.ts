import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { importFile } from './import-kit.ts';

let platform: Platform;
let admin: TestClient, nova: TestClient;
let formId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin')]);
  ({ formId } = await publishedForm(admin, [
    { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
    { key: 'f2', type: 'datetime', label: 'When' },
    { key: 'f3', type: 'number', label: 'Qty' },
  ]));
});
afterAll(async () => platform?.stop());

describe('a cell that cannot be read fails its row only', () => {
  it('an impossible date-time is that row’s failure with its reason; the other rows import', async () => {
    const csv = Buffer.from('Title,When,Qty\r\nfirst,2024-02-09 08:30,1\r\nbroken,2024-13-45 8:30,2\r\nthird,,3\r\n');
    const { job } = await importFile(admin, formId, 'cells.csv', csv, undefined, '?lang=en');
    expect(job).toMatchObject({ status: 'complete', done: 2, failed: 1, total: 3 });
    const failures = await ok(admin.get(`/api/forms/jobs/${job.id}`));
    expect(failures.errorKey ?? null).toBeNull();
    const stored = await platform.kernel.databases.owner.query(`select row_no, reason from forms_import_failure where job_id = $1`, [job.id]);
    expect(stored.rows).toEqual([{ row_no: 2, reason: expect.stringContaining('When') }]);
    const page = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=50`));
    expect(page.records.map((r: any) => r.values.f1).sort()).toEqual(['first', 'third']);
    expect((await nova.get(`/api/forms/jobs/${job.id}`)).status).toBe(404);
  });
});
