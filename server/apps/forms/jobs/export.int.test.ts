import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { finished, importFile, sheetRows } from './import-kit.ts';

let platform: Platform;
let admin: TestClient, nova: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin')]);
});
afterAll(async () => platform?.stop());

const RISKY = ['=HYPERLINK("http://evil")', '+86 139 0000 0000', '@SUM(A1)', '-5 degrees', "'=already quoted", '00123', '110105194912310021'];

async function exported(formId: string, format: 'csv' | 'xlsx') {
  const job = await ok(admin.post(`/api/forms/forms/${formId}/exports?lang=en`, { format }));
  const done = await finished(admin, job.id);
  expect(done.status).toBe('complete');
  expect((await nova.download(`/api/forms/jobs/${job.id}/file`)).status).toBe(404);
  return (await admin.download(`/api/forms/jobs/${job.id}/file`)).bytes;
}

describe('export: values people can use and import again', () => {
  it('xlsx holds text as string cells without an apostrophe; csv writes such text as text formulas, which the importer undoes exactly', async () => {
    const { formId } = await publishedForm(admin, ORDER_FIELDS);
    for (const title of RISKY) await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: title } }));

    const xlsx = await sheetRows(await exported(formId, 'xlsx'), 'xlsx');
    expect(xlsx.slice(1).map((row) => row[0]).sort()).toEqual([...RISKY].sort());
    const csvBytes = await exported(formId, 'csv');
    const raw = csvBytes.toString('utf8');
    expect(raw).toContain('"=""=HYPERLINK(""""http://evil"""")"""');
    expect(raw).toContain('"=""+86 139 0000 0000"""');
    expect(raw).toContain(`"=""'=already quoted"""`);
    // Digit strings an office program would turn into numbers stay text: no leading zero or digit lost.
    expect(raw).toContain('"=""00123"""');
    expect(raw).toContain('"=""110105194912310021"""');
    const csv = await sheetRows(csvBytes, 'csv');
    expect(csv.slice(1).map((row) => row[0]).sort()).toEqual([...RISKY].sort());

    // Re-importing either file into a copy of the form gives the same titles, none refused.
    for (const [name, bytes] of [['again.xlsx', await exported(formId, 'xlsx')], ['again.csv', csvBytes]] as const) {
      const { formId: copy } = await publishedForm(admin, ORDER_FIELDS);
      const { job } = await importFile(admin, copy, name, bytes);
      expect(job, name).toMatchObject({ status: 'complete', done: RISKY.length, failed: 0 });
      const page = await ok(admin.get(`/api/forms/forms/${copy}/records?pageSize=50`));
      expect(page.records.map((r: any) => r.values.f1).sort(), name).toEqual([...RISKY].sort());
    }
  });

  it('the record number is one column (the form’s serial field), not two', async () => {
    const { formId } = await publishedForm(admin, ORDER_FIELDS);
    await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: 'numbered' } }));
    const [header, row] = await sheetRows(await exported(formId, 'xlsx'), 'xlsx');
    expect(header).toEqual(['Title', 'Status', 'Amount', 'Due', 'Contact', 'Notes', 'No.', 'Record owner', 'Created', 'Last modified']);
    expect(row!.filter((cell) => typeof cell === 'string' && /^PO\d{5}$/.test(cell))).toHaveLength(1);
  });

  it('rich text is the text a person reads: entities as characters, paragraphs as lines, no markup', async () => {
    const { formId } = await publishedForm(admin, [
      { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
      { key: 'f2', type: 'richtext', label: 'Body' },
    ]);
    await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: 'rich', f2: '<p>A &amp; B&nbsp;C &lt;D&gt;</p><p>second <b>line</b></p>' } }));
    for (const format of ['xlsx', 'csv'] as const) {
      const [, row] = await sheetRows(await exported(formId, format), format);
      expect(row![1], format).toBe('A & B C <D>\n\nsecond line');
    }
  });
});
