import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { buildZip } from '../../../kernel/sheets/fixtures.ts';
import { failuresOf, finished } from './import-kit.ts';

let platform: Platform;
let user: TestClient, nova: TestClient;
let formId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  const admin = await signedIn(platform.url, 'acme.admin');
  [user, nova] = await Promise.all([signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  ({ formId } = await publishedForm(admin, [
    { key: 'f1', type: 'text', label: '名称', required: true, title: true },
    { key: 'f2', type: 'number', label: '数量' },
  ]));
});
afterAll(async () => platform?.stop());

/** A report as offices make them: a merged title row, a blank row, then the header; a second sheet. */
async function report(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const first = workbook.addWorksheet('汇总');
  first.addRow(['2026 年 3 月 物料盘点表']);
  first.mergeCells('A1:C1');
  first.addRow([]);
  first.addRow(['名称', '数量', '备注']);
  first.addRow(['螺栓', 10, '']);
  first.addRow(['垫片', 'many', '']);
  first.addRow(['螺母', 30, '']);
  const second = workbook.addWorksheet('明细');
  second.addRow(['名称', '数量']);
  second.addRow(['第二页', 1]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the header row and the sheet are chosen in the mapping step', () => {
  it('detects the header under a title row, lists the sheets, previews another choice, and imports what was previewed', async () => {
    const bytes = await report();
    const preview = await ok(user.upload(`/api/forms/forms/${formId}/imports/preview?lang=en`, [{ name: '盘点.xlsx', bytes }]));
    expect(preview.sheets).toEqual([{ name: '汇总', hidden: false }, { name: '明细', hidden: false }]);
    expect(preview).toMatchObject({ sheet: 0, headerRow: 3, header: ['名称', '数量', '备注'], mapping: { 0: 'f1', 1: 'f2' } });
    expect(preview.rows.map((r: any) => r.line)).toEqual([1, 3, 4, 5, 6]);
    expect(preview.sample).toEqual([['螺栓', 10], ['垫片', 'many'], ['螺母', 30]]);

    const base = `/api/forms/forms/${formId}/imports/files/${preview.file.fileId}/preview`;
    const other = await ok(user.get(`${base}?sheet=1`));
    expect(other).toMatchObject({ sheet: 1, headerRow: 1, header: ['名称', '数量'], sample: [['第二页', 1]] });
    const titleAsHeader = await ok(user.get(`${base}?sheet=0&headerRow=1`));
    expect(titleAsHeader).toMatchObject({ headerRow: 1, header: ['2026 年 3 月 物料盘点表'], mapping: {} });
    expect((await user.get(`${base}?sheet=5&lang=en`)).status).toBe(422);
    expect((await user.get(`${base}?headerRow=99&lang=en`)).status).toBe(422);
    expect((await nova.get(base)).status).toBe(404);

    const job = await ok(user.post(`/api/forms/forms/${formId}/imports?lang=en`, { fileId: preview.file.fileId, mapping: preview.mapping, sheet: 0, headerRow: 3 }));
    expect(await finished(user, job.id)).toMatchObject({ status: 'complete', done: 2, failed: 1 });
    const failures = await failuresOf(user, job.id);
    expect(failures[0]).toEqual(['名称', '数量', '备注', 'Reason']);
    expect(failures[1]![3]).toMatch(/^Row 5: /);
    const page = await ok(user.get(`/api/forms/forms/${formId}/records?pageSize=50`));
    expect(page.records.map((r: any) => r.values.f1).sort()).toEqual(['螺栓', '螺母']);
  });

  it('an .ods file gets the import’s own advice to save as xlsx', async () => {
    const ods = buildZip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
      { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
    ]);
    const answer = await user.upload(`/api/forms/forms/${formId}/imports/preview?lang=en`, [{ name: 'sheet.ods', bytes: ods }]);
    expect([answer.status, answer.body.msg]).toEqual([422, 'forms.import.odsUnsupported']);
    expect(answer.body.text).toMatch(/xlsx/);
  });
});
