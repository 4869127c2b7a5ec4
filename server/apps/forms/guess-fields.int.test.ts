import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { openWriter } from '../../kernel/sheets/index.ts';

let platform: Platform;
let admin: TestClient, user: TestClient, nova: TestClient;
let appId: string;
let sheet: Buffer;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const guessPath = (id: string, query = '') => `/api/forms/apps/${id}/forms/guess-fields${query}`;

/** A sheet as users bring them: numbers, dates, date-times, a few repeated states, an empty unnamed column. */
async function orderSheet(): Promise<Buffer> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'guess-')), 'orders.xlsx');
  const writer = await openWriter(file, 'xlsx', ['Title', 'Quantity', 'Due', 'Started', 'State', 'Customer', ''], undefined, [undefined, undefined, 'date']);
  const states = ['open', 'done', 'open', 'doing', 'done', 'open'];
  for (const [i, state] of states.entries()) {
    await writer.write([`Order ${i}`, 10 + i * 1.5, new Date(Date.UTC(2026, 0, 1 + i)), new Date(Date.UTC(2026, 0, 1 + i, 8, 30)), state, `Customer ${i}`, null]);
  }
  await writer.close();
  return fs.readFileSync(file);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = (await Promise.all(['acme.admin', 'acme.user', 'nova.admin'].map((l) => signedIn(platform.url, l)))) as [TestClient, TestClient, TestClient];
  const system = await ok(admin.post('/api/appcenter/systems', { name: `Guess ${Date.now()}` }));
  appId = (await ok(admin.post('/api/appcenter/apps', { systemId: system.id, name: 'Sheets' }))).id;
  sheet = await orderSheet();
});
afterAll(async () => {
  await platform?.stop();
});

describe('a form from a spreadsheet: fields guessed from its columns', () => {
  it('numbers, dates, date-times, a select of few repeated values, text otherwise; nothing stored', async () => {
    const data = await ok(admin.upload(guessPath(appId), [{ name: 'orders.xlsx', bytes: sheet, type: XLSX }]));
    expect(data.name).toBe('orders');
    expect(data.fields).toEqual([
      { column: 0, label: 'Title', type: 'text' },
      { column: 1, label: 'Quantity', type: 'number', decimals: 1 },
      { column: 2, label: 'Due', type: 'date' },
      { column: 3, label: 'Started', type: 'datetime' },
      { column: 4, label: 'State', type: 'select', options: ['open', 'done', 'doing'] },
      { column: 5, label: 'Customer', type: 'text' },
    ]);
    expect((await ok(admin.get(`/api/forms/apps/${appId}/forms`))).forms).toEqual([]);
  });

  it('a csv works the same; a column without a header is named by its position in the caller language', async () => {
    const csv = Buffer.from('Item,,Amount\nbolt,x1,3\nnut,x2,4.5\n');
    const zh = await ok(admin.upload(guessPath(appId), [{ name: 'parts.csv', bytes: csv, type: 'text/csv' }]));
    expect(zh.fields.map((f: any) => [f.label, f.type, f.decimals])).toEqual([['Item', 'text', undefined], ['第2列', 'text', undefined], ['Amount', 'number', 1]]);
    const en = await ok(admin.upload(guessPath(appId, '?lang=en'), [{ name: 'parts.csv', bytes: csv, type: 'text/csv' }]));
    expect(en.fields[1].label).toBe('Column 2');
  });

  it('a file that is no sheet, or a sheet with no rows under its header, is a 422 in the caller language', async () => {
    const notSheet = await admin.upload(guessPath(appId), [{ name: 'notes.xlsx', bytes: Buffer.from('plain words'), type: XLSX }]);
    expect(notSheet.status).toBe(422);
    const empty = await admin.upload(guessPath(appId, '?lang=en'), [{ name: 'empty.csv', bytes: Buffer.from('Only,Header\n'), type: 'text/csv' }]);
    expect(empty.status).toBe(422);
    expect(empty.body.text).toBe('The file has no data rows (the first row is the header).');
    const emptyZh = await admin.upload(guessPath(appId), [{ name: 'empty.csv', bytes: Buffer.from('Only,Header\n'), type: 'text/csv' }]);
    expect([emptyZh.status, emptyZh.body.text]).toEqual([422, '文件中没有数据行（第一行应为表头）']);
  });

  it('only designers may ask; an admin of another space does not find the app', async () => {
    expect((await user.upload(guessPath(appId), [{ name: 'orders.xlsx', bytes: sheet, type: XLSX }])).status).toBe(403);
    expect((await nova.upload(guessPath(appId), [{ name: 'orders.xlsx', bytes: sheet, type: XLSX }])).status).toBe(404);
  });
});
