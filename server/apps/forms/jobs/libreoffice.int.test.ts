import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { Platform } from '../../../platform.ts';
import { importFile } from './import-kit.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/spreadsheets');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
let platform: Platform;
let admin: TestClient, nova: TestClient;

const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: '名称', required: true, title: true },
  { key: 'f2', type: 'number', label: '数量' },
  { key: 'f3', type: 'amount', label: '单价', decimals: 2 },
  { key: 'f4', type: 'amount', label: '金额', decimals: 2 },
  { key: 'f5', type: 'date', label: '日期' },
  { key: 'f6', type: 'datetime', label: '时间' },
  { key: 'f7', type: 'select', label: '状态', options: ['open', 'doing', 'done'] },
  { key: 'f8', type: 'textarea', label: '备注' },
];

/** What lo-*.fods hold, as the form stores it (date-times are Shanghai wall-clock times). */
const EXPECTED = [
  { f1: '螺栓 M8', f2: 3, f3: 1.25, f4: 3.75, f5: '2024-02-29', f6: '2024-02-29T15:59:00.000Z', f7: 'open', f8: '普通文本' },
  { f1: '垫片 𠀀𪚥', f2: 0, f3: 12345.67, f4: 0, f5: '2024-03-01', f6: '2024-02-29T16:00:00.000Z', f7: 'done', f8: '第一行\n第二行' },
  { f1: '螺母 😀👍🏽', f2: -12, f3: 0.5, f4: -6, f5: '2023-12-31', f6: '2024-01-01T00:30:00.000Z', f7: 'doing', f8: '=不是公式 +86 139 0000 0000' },
  { f1: `🔩 长文本${'中文'.repeat(40)}`, f2: 1000000, f3: 99.99, f4: 99990000, f5: '2026-03-05', f6: '2026-03-05T00:30:00.000Z', f7: 'open', f8: 'emoji 🇨🇳 and 𫠠' },
];

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin')]);
});
afterAll(async () => platform?.stop());

async function stored(formId: string) {
  const page = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=50&sort=f2:asc`));
  return (page.records as Array<{ values: Record<string, unknown> }>).map((r) => r.values);
}
const byQuantity = (rows: Array<Record<string, unknown>>) => [...rows].sort((a, b) => Number(a.f2) - Number(b.f2));

describe('files made by LibreOffice', () => {
  it.each([
    ['lo-plain.xlsx', 1],
    ['lo-report.xlsx', 2],
    ['lo-plain.gb18030.csv', 1],
  ])('%s imports every value exactly (header row %i)', async (name, headerRow) => {
    const { formId } = await publishedForm(admin, FIELDS);
    const { preview, job } = await importFile(admin, formId, name, fixture(name));
    expect(preview.headerRow).toBe(headerRow);
    expect(preview.mapping).toEqual({ 0: 'f1', 1: 'f2', 2: 'f3', 3: 'f4', 4: 'f5', 5: 'f6', 6: 'f7', 7: 'f8' });
    if (name === 'lo-report.xlsx') expect(preview.sheets.map((s: { name: string }) => s.name)).toEqual(['清单', '其他']);
    expect(job).toMatchObject({ status: 'complete', done: EXPECTED.length, failed: 0 });
    expect(await stored(formId)).toEqual(byQuantity(EXPECTED));
    expect((await nova.get(`/api/forms/forms/${formId}/records`)).status).toBe(404);
  });

  it.each([
    ['lo-plain.ods', 'forms.import.odsUnsupported'],
    ['lo-plain.xls', 'forms.import.xlsUnsupported'],
  ])('%s is refused with the advice to save as xlsx', async (name, key) => {
    const { formId } = await publishedForm(admin, FIELDS);
    const answer = await admin.upload(`/api/forms/forms/${formId}/imports/preview?lang=en`, [{ name, bytes: fixture(name) }]);
    expect([answer.status, answer.body.msg]).toEqual([422, key]);
    expect(answer.body.text).toMatch(/xlsx/);
  });
});

/** lo-review.fods's fields, and what its rows import as (the row dividing by zero fails). */
const REVIEW_FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: '名称', required: true, title: true },
  { key: 'f2', type: 'date', label: '日期' },
  { key: 'f3', type: 'text', label: '时刻' },
  { key: 'f4', type: 'text', label: '编号' },
  { key: 'f5', type: 'postcode', label: '邮编' },
  { key: 'f6', type: 'amount', label: '比例', decimals: 2 },
  { key: 'f7', type: 'select', label: '布尔', options: ['TRUE', 'FALSE'] },
  { key: 'f8', type: 'number', label: '数量' },
];
const REVIEW_EXPECTED = [
  { f1: '一', f2: '1850-06-01', f3: '08:30', f4: '00007', f5: '010010', f6: 0.4, f7: 'TRUE', f8: 1 },
  { f1: '二', f2: '1899-12-31', f3: '23:59', f4: '00012', f5: '100000', f6: 1.01, f7: 'FALSE', f8: 2 },
  { f1: '四', f2: '1900-02-28', f3: '12:00', f4: '00001', f5: '020000', f6: 2, f7: 'FALSE', f8: 4 },
  { f1: '五', f2: '1900-03-01', f3: '06:05', f4: '99999', f5: '010010', f6: 0.5, f7: 'TRUE', f8: 5 },
  { f1: '隐藏', f2: '2024-02-29', f3: '09:00', f4: '00008', f5: '010010', f6: 1, f7: 'TRUE', f8: 9 },
];

describe('the second review’s cases in files made by LibreOffice', () => {
  it.each(['lo-review.xlsx', 'lo-review.semicolon.csv'])('%s imports every value as the sheet shows it; the division by zero fails its row', async (name) => {
    const { formId } = await publishedForm(admin, REVIEW_FIELDS);
    const { preview, job } = await importFile(admin, formId, name, fixture(name), undefined, '?lang=en');
    expect(preview.mapping).toEqual({ 0: 'f1', 1: 'f2', 2: 'f3', 3: 'f4', 4: 'f5', 5: 'f6', 6: 'f7', 7: 'f8' });
    if (name.endsWith('.xlsx')) expect(preview).toMatchObject({ hiddenRows: 1, hiddenColumns: [8], formatted: true });
    expect(job).toMatchObject({ status: 'complete', done: REVIEW_EXPECTED.length, failed: 1 });
    const failure = await platform.kernel.databases.owner.query(`select row_no, reason from forms_import_failure where job_id = $1`, [job.id]);
    expect(failure.rows).toEqual([{ row_no: 3, reason: expect.stringContaining('#DIV/0!') }]);
    expect(await stored(formId)).toEqual(REVIEW_EXPECTED);
    expect((await nova.get(`/api/forms/forms/${formId}/records`)).status).toBe(404);
  });
});
