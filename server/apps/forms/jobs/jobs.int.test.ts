import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { openWriter, readSheet, type Cell } from '../../../kernel/sheets/index.ts';

let platform: Platform;
let admin: TestClient, user: TestClient, nova: TestClient;
let formId: string, appId: string, systemId: string;
let base: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-jobs-'));

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  ({ formId, appId, systemId } = await publishedForm(admin, ORDER_FIELDS));
  base = `/api/forms/forms/${formId}`;
});
afterAll(async () => {
  await platform?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Polls a job until it is no longer preparing. */
export async function finished(client: TestClient, jobId: string) {
  for (let i = 0; i < 600; i += 1) {
    const job = await ok(client.get(`/api/forms/jobs/${jobId}`));
    if (job.status !== 'preparing') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function sheetFile(kind: 'csv' | 'xlsx', rows: Cell[][]): Promise<Buffer> {
  const file = path.join(tmp, `sheet-${Math.random().toString(36).slice(2)}.${kind}`);
  const writer = await openWriter(file, kind, rows[0] as string[]);
  for (const row of rows.slice(1)) await writer.write(row);
  await writer.close();
  return fs.readFileSync(file);
}

async function readBack(bytes: Buffer, kind: 'csv' | 'xlsx'): Promise<Cell[][]> {
  const file = path.join(tmp, `back-${Math.random().toString(36).slice(2)}.${kind}`);
  fs.writeFileSync(file, bytes);
  const rows: Cell[][] = [];
  for await (const row of readSheet(file, kind)) rows.push(row);
  return rows;
}

describe('import', () => {
  it('imports an xlsx with per-row validation; the failure file gives each bad row with its reason', async () => {
    const bytes = await sheetFile('xlsx', [
      ['Title', 'Status', 'Amount', 'Contact'],
      ['Imported 1', 'open', 10, 'a@example.com'],
      ['', 'open', 11, 'b@example.com'],
      ['Imported 3', 'doing', 12.5, null],
      ['Imported 4', 'done', 13, 'not-an-email'],
      ['Imported 5', null, 14, null],
    ]);
    const preview = await ok(user.upload(`${base}/imports/preview`, [{ name: 'orders.xlsx', bytes }]));
    expect(preview.header).toEqual(['Title', 'Status', 'Amount', 'Contact']);
    expect(preview.mapping).toEqual({ 0: 'f1', 1: 'f2', 2: 'f3', 3: 'f5' });
    const job = await ok(user.post(`${base}/imports?lang=en`, { fileId: preview.file.fileId, mapping: preview.mapping }));
    expect(job.status).toBe('preparing');
    const done = await finished(user, job.id);
    expect(done).toMatchObject({ status: 'complete', done: 3, failed: 2, total: 5 });
    const page = await ok(user.get(`${base}/records?q=imported&pageSize=50`));
    expect(page.records.map((r: any) => r.values.f1).sort()).toEqual(['Imported 1', 'Imported 3', 'Imported 5']);
    expect(page.records.every((r: any) => /^PO\d{5}$/.test(r.number))).toBe(true);
    const failures = await user.download(`/api/forms/jobs/${job.id}/failures?format=xlsx`);
    expect(failures.status).toBe(200);
    const rows = await readBack(failures.bytes, 'xlsx');
    expect(rows[0]).toEqual(['Title', 'Status', 'Amount', 'Contact', 'Reason']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['Row 3: Title cannot be empty.', 'Row 5: Incorrect email format.']);
    expect(rows[2]!.slice(0, 4)).toEqual(['Imported 4', 'done', 13, 'not-an-email']);
    expect((await nova.get(`/api/forms/jobs/${job.id}`)).status).toBe(404);
    expect((await admin.get(`/api/forms/jobs/${job.id}`)).status).toBe(404);
  });

  it('refuses wrong, malformed and dangerous files with a clear message, keeping nothing', async () => {
    const before = Number((await platform.kernel.databases.owner.query(`select count(*) from forms_file where purpose = 'import'`)).rows[0].count);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex');
    const cases: Array<[string, Buffer, string]> = [
      ['photo.xlsx', png, 'forms.file.badType'],
      ['broken.csv', Buffer.from('Title,Status\n"unclosed,open\nx,y\n'), 'forms.import.csvMalformed'],
      ['old.xls', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]), 'forms.import.xlsUnsupported'],
      ['empty.csv', Buffer.from('Title\n'), 'forms.import.noRows'],
    ];
    for (const [name, bytes, key] of cases) {
      const answer = await user.upload(`${base}/imports/preview?lang=en`, [{ name, bytes }]);
      expect([answer.status, answer.body.msg], name).toEqual([422, key]);
      expect(answer.body.text, name).toBeTruthy();
    }
    const after = Number((await platform.kernel.databases.owner.query(`select count(*) from forms_file where purpose = 'import'`)).rows[0].count);
    expect(after).toBe(before);
    const bad = await user.post(`${base}/imports`, { fileId: '999999', mapping: { 0: 'f1' } });
    expect(bad.status).toBe(404);
  });
});

describe('export', () => {
  it('exports only the rows and fields the user may see, escapes formulas in csv, and keeps the history of §4', async () => {
    await ok(admin.post(`${base}/records`, { values: { f1: '=HYPERLINK("http://evil")', f6: '@SUM(A1)' } }));
    await ok(user.post(`${base}/records`, { values: { f1: '+mine', f3: 7 } }));
    const job = await ok(user.post(`${base}/exports`, { format: 'csv' }));
    const done = await finished(user, job.id);
    expect(done.status).toBe('complete');
    const file = await user.download(`/api/forms/jobs/${job.id}/file`);
    expect(file.status).toBe(200);
    const rows = await readBack(file.bytes, 'csv');
    const titles = rows.slice(1).map((r) => r[0]);
    expect(titles).toContain('+mine');
    expect(file.bytes.toString('utf8')).toContain('"=""+mine');
    expect(titles.some((t) => String(t).includes('HYPERLINK'))).toBe(false);
    expect(rows.length - 1).toBe(done.total);

    const adminJob = await ok(admin.post(`${base}/exports`, { format: 'xlsx' }));
    await finished(admin, adminJob.id);
    const sheet = await readBack((await admin.download(`/api/forms/jobs/${adminJob.id}/file`)).bytes, 'xlsx');
    const cells = sheet.slice(1).flat().map(String);
    expect(cells).toContain('=HYPERLINK("http://evil")');
    expect(cells).toContain('@SUM(A1)');
    expect((await user.download(`/api/forms/jobs/${adminJob.id}/file`)).status).toBe(404);

    const second = await ok(user.post(`${base}/exports`, { format: 'xlsx' }));
    await finished(user, second.id);
    const other = await publishedForm(admin, ORDER_FIELDS, { system: 'Quality', app: 'Checks', form: 'Check' });
    const otherJob = await ok(user.post(`/api/forms/forms/${other.formId}/exports`, { format: 'csv' }));
    await finished(user, otherJob.id);
    await platform.kernel.databases.owner.query(`update forms_job set created_at = now() - interval '4 days' where id = $1`, [otherJob.id]);
    const history = await ok(user.get('/api/forms/exports/history'));
    expect(history.history.map((h: any) => h.id)).toEqual([second.id]);
    expect(history.history[0]).toMatchObject({ appId, status: 'complete', appName: 'Orders' });
    expect(history.history[0].systemName).toMatch(/^Production/);
    expect(history.history[0].fileName).toMatch(/^Order-\d{12}\.xlsx$/);
    expect(systemId).toBeTruthy();
  });

  it('a bad export filter is a 422 at once, not a failed job', async () => {
    const answer = await user.post(`${base}/exports`, { format: 'csv', filter: { logic: 'and', items: [{ field: 'f42', op: 'eq', value: 1 }] } });
    expect(answer.status).toBe(422);
  });
});
