import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { importFile } from './import-kit.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/spreadsheets');
let platform: Platform;
let admin: TestClient, nova: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin')]);
});
afterAll(async () => platform?.stop());

describe('csv "values as shown", as Chinese Excel and WPS save them (GB18030)', () => {
  it('imports every row whose meaning is certain, refuses the others with the row’s reason', async () => {
    const { formId } = await publishedForm(admin, [
      { key: 'f1', type: 'text', label: '名称', required: true, title: true },
      { key: 'f2', type: 'number', label: '数量' },
      { key: 'f3', type: 'amount', label: '金额', decimals: 2 },
      { key: 'f4', type: 'number', label: '比例', decimals: 6 },
      { key: 'f5', type: 'date', label: '日期' },
      { key: 'f6', type: 'datetime', label: '时间' },
    ]);
    const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'values-as-shown.expected.json'), 'utf8')) as {
      accepted: Array<Record<string, unknown>>;
      refused: string[];
    };
    const bytes = fs.readFileSync(path.join(FIXTURES, 'values-as-shown.gb18030.csv'));
    const { preview, job } = await importFile(admin, formId, '导入.csv', bytes);
    expect(preview.mapping).toEqual({ 0: 'f1', 1: 'f2', 2: 'f3', 3: 'f4', 4: 'f5', 5: 'f6' });
    expect(job).toMatchObject({ status: 'complete', done: expected.accepted.length, failed: expected.refused.length });
    const page = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=500`));
    const stored = new Map(page.records.map((r: any) => [r.values.f1, r.values]));
    for (const row of expected.accepted) expect(stored.get(row.f1), String(row.f1)).toEqual(row);
    const failures = await platform.kernel.databases.owner.query('select row_no, reason, cells from forms_import_failure where job_id = $1 order by row_no', [job.id]);
    expect(failures.rows.map((r) => r.cells.cells[0])).toEqual(expected.refused);
    expect(failures.rows.map((r) => r.reason)).toEqual([
      expect.stringContaining('数量'), expect.stringContaining('日期'), expect.stringContaining('时间'), expect.stringContaining('金额'),
    ]);
    expect((await nova.get(`/api/forms/forms/${formId}/records`)).status).toBe(404);
  });
});
