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
