import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { Platform } from '../../../platform.ts';
import { readZipTextOf } from '../../../kernel/sheets/fixtures.ts';
import { importFile, sheetBytes, sheetRows } from './import-kit.ts';

let platform: Platform;
let admin: TestClient, user: TestClient, nova: TestClient;
let formId: string;
const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'amount', label: 'Amount', decimals: 2 },
  { key: 'f3', type: 'date', label: 'Due' },
  { key: 'f4', type: 'phone', label: 'Phone' },
  { key: 'f5', type: 'select', label: 'Status', options: ['open', 'doing, still', 'done'] },
];

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  ({ formId } = await publishedForm(admin, FIELDS));
});
afterAll(async () => platform?.stop());

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

describe('the failure file', () => {
  it('has the original headers and the cells exactly as read, plus a reason column, and imports as it is', async () => {
    const rows = [
      ['Title', 'Amount', 'Due', 'Phone', 'Status', 'Unmapped note'],
      ['good', 1.5, day(2024, 2, 29), '+86 139 0000 0000', 'open', 'kept'],
      [null, 2, day(2024, 3, 1), '=not a formula', 'done', '+1 keep me'],
      ['bad amount', 'lots', day(2024, 3, 2), null, 'open', null],
    ];
    const { job } = await importFile(user, formId, 'orders.xlsx', await sheetBytes('xlsx', rows), undefined, '?lang=en');
    expect(job).toMatchObject({ status: 'complete', done: 1, failed: 2 });

    for (const format of ['xlsx', 'csv'] as const) {
      const file = await user.download(`/api/forms/jobs/${job.id}/failures?format=${format}`);
      expect(file.status).toBe(200);
      const back = await sheetRows(file.bytes, format);
      expect(back[0]).toEqual([...rows[0]!, 'Reason']);
      const cellsOf = (row: unknown[]) => (format === 'xlsx' ? row : row.map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : typeof c === 'number' ? String(c) : c)));
      expect(back[1]!.slice(0, 6)).toEqual(cellsOf(rows[2]!));
      expect(back[2]!.slice(0, 5)).toEqual(cellsOf(rows[3]!).slice(0, 5));
      expect(back[1]![6]).toMatch(/^Row 3: Title cannot be empty/);
      expect(back[2]![6]).toMatch(/^Row 4: .*Amount/);
      if (format === 'csv') expect(file.bytes.toString('utf8')).toContain('"=""=not a formula"""');
    }
    // The user fixes nothing and imports the failure file as it is: the columns map by their headers again.
    const again = await user.download(`/api/forms/jobs/${job.id}/failures?format=xlsx`);
    const second = await importFile(user, formId, 'failures.xlsx', again.bytes, undefined, '?lang=en');
    expect(second.preview.mapping).toEqual({ 0: 'f1', 1: 'f2', 2: 'f3', 3: 'f4', 4: 'f5' });
    expect(second.job).toMatchObject({ status: 'complete', done: 0, failed: 2 });
    expect((await admin.download(`/api/forms/jobs/${job.id}/failures?format=xlsx`)).status).toBe(404);
    expect((await nova.download(`/api/forms/jobs/${job.id}/failures?format=xlsx`)).status).toBe(404);
  });
});

describe('the import template', () => {
  it('has the importable fields’ labels, one example row that imports cleanly, and select options as a validation list', async () => {
    const file = await user.download(`/api/forms/forms/${formId}/imports/template?lang=en`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('.xlsx');
    const rows = await sheetRows(file.bytes, 'xlsx');
    expect(rows[0]).toEqual(['Title', 'Amount', 'Due', 'Phone', 'Status']);
    expect(rows).toHaveLength(2);
    const sheet = await readZipTextOf(file.bytes, 'xl/worksheets/sheet1.xml');
    expect(sheet).toMatch(/<dataValidation[^>]*type="list"[^>]*sqref="E2:E\d+"/);
    const workbook = await readZipTextOf(file.bytes, 'xl/workbook.xml');
    expect(workbook).toMatch(/state="hidden"/);
    const options = await sheetRows(file.bytes, 'xlsx').then(() => readZipTextOf(file.bytes, 'xl/worksheets/sheet2.xml'));
    expect(options).toContain('doing, still');
    const { job } = await importFile(user, formId, 'template.xlsx', file.bytes);
    expect(job).toMatchObject({ status: 'complete', done: 1, failed: 0 });
    expect((await nova.download(`/api/forms/forms/${formId}/imports/template`)).status).toBe(404);
    expect(ok).toBeTruthy();
  });
});
