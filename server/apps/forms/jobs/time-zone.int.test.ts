import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { readZipTextOf } from '../../../kernel/sheets/fixtures.ts';
import { finished, importFile, sheetBytes, sheetRows } from './import-kit.ts';

// The server runs in a zone far from the space's: nothing may depend on it.
process.env.TZ = 'Pacific/Kiritimati';

let platform: Platform;
let admin: TestClient, user: TestClient, nova: TestClient;
let formId: string;
const wall = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(Date.UTC(y, mo - 1, d, h, mi, s));

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  ({ formId } = await publishedForm(admin, [
    { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
    { key: 'f2', type: 'date', label: 'Day' },
    { key: 'f3', type: 'datetime', label: 'When' },
  ]));
});
afterAll(async () => {
  delete process.env.TZ;
  await platform?.stop();
});

const records = async () => (await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=100`))).records as Array<{ values: Record<string, unknown>; createdAt: string }>;
const byTitle = async (title: string) => (await records()).find((r) => r.values.f1 === title)!.values;

describe('the space time zone setting', () => {
  it('defaults to Asia/Shanghai; an admin sets an IANA name; anything else is a 422; other spaces are untouched', async () => {
    expect(await ok(admin.get('/api/org/settings/time-zone'))).toEqual({ timeZone: 'Asia/Shanghai' });
    for (const bad of ['Mars/Olympus', '+08:00', 'UTC+8', '../etc/passwd', '']) {
      const answer = await admin.put('/api/org/settings/time-zone?lang=en', { timeZone: bad });
      expect(answer.status, bad).toBe(422);
      expect(answer.body.text, bad).toBeTruthy();
    }
    expect((await user.put('/api/org/settings/time-zone', { timeZone: 'UTC' })).status).toBe(403);
    expect(await ok(admin.put('/api/org/settings/time-zone', { timeZone: 'Europe/London' }))).toEqual({ timeZone: 'Europe/London' });
    expect(await ok(user.get('/api/org/settings/time-zone'))).toEqual({ timeZone: 'Europe/London' });
    expect(await ok(nova.get('/api/org/settings/time-zone'))).toEqual({ timeZone: 'Asia/Shanghai' });
    await ok(admin.put('/api/org/settings/time-zone', { timeZone: 'Asia/Shanghai' }));
  });
});

describe('spreadsheet date-times are wall-clock times in the space’s zone', () => {
  it('imports xlsx and csv date-times as Shanghai times, and dates as the same day', async () => {
    const xlsx = await sheetBytes('xlsx', [['Title', 'Day', 'When'], ['x-leap', wall(2024, 2, 29), wall(2024, 2, 29, 23, 59)], ['x-midnight', wall(2024, 3, 1), wall(2024, 3, 1, 0, 0)]]);
    expect((await importFile(admin, formId, 'zones.xlsx', xlsx)).job).toMatchObject({ status: 'complete', done: 2 });
    const csv = Buffer.from('Title,Day,When\r\nc-leap,2024-02-29,2024-02-29 23:59\r\nc-midnight,2024-03-01,2024-03-01 00:00:00\r\n');
    expect((await importFile(admin, formId, 'zones.csv', csv)).job).toMatchObject({ status: 'complete', done: 2 });
    for (const prefix of ['x', 'c']) {
      expect(await byTitle(`${prefix}-leap`)).toMatchObject({ f2: '2024-02-29', f3: '2024-02-29T15:59:00.000Z' });
      expect(await byTitle(`${prefix}-midnight`)).toMatchObject({ f2: '2024-03-01', f3: '2024-02-29T16:00:00.000Z' });
    }
  });

  it('follows the zone an admin sets', async () => {
    await ok(admin.put('/api/org/settings/time-zone', { timeZone: 'America/New_York' }));
    try {
      const csv = Buffer.from('Title,Day,When\r\nny-summer,2024-07-01,2024-07-01 08:30\r\nny-winter,2024-01-15,2024-01-15 08:30\r\n');
      expect((await importFile(admin, formId, 'ny.csv', csv)).job).toMatchObject({ status: 'complete', done: 2 });
      expect(await byTitle('ny-summer')).toMatchObject({ f2: '2024-07-01', f3: '2024-07-01T12:30:00.000Z' });
      expect(await byTitle('ny-winter')).toMatchObject({ f2: '2024-01-15', f3: '2024-01-15T13:30:00.000Z' });
    } finally {
      await ok(admin.put('/api/org/settings/time-zone', { timeZone: 'Asia/Shanghai' }));
    }
  });

  it('exports dates and date-times (created and modified too) as real spreadsheet dates in the zone, with a readable format', async () => {
    await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: 'exported', f2: '2024-02-29', f3: '2024-02-29T15:59:00.000Z' } }));
    const createdAt = (await records()).find((r) => r.values.f1 === 'exported')!.createdAt;
    const shanghai = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000);
    for (const format of ['xlsx', 'csv'] as const) {
      const job = await ok(admin.post(`/api/forms/forms/${formId}/exports?lang=en`, { format }));
      expect((await finished(admin, job.id)).status).toBe('complete');
      const bytes = (await admin.download(`/api/forms/jobs/${job.id}/file`)).bytes;
      const rows = await sheetRows(bytes, format);
      expect(rows[0]).toEqual(['Title', 'Day', 'When', 'Record owner', 'Created', 'Last modified']);
      const row = rows.find((r) => r[0] === 'exported')!;
      if (format === 'xlsx') {
        expect(row.slice(1, 3)).toEqual([wall(2024, 2, 29), wall(2024, 2, 29, 23, 59)]);
        // System times are shown to the second.
        expect((row[4] as Date).getTime()).toBe(Math.floor(shanghai(createdAt).getTime() / 1000) * 1000);
        const styles = await readZipTextOf(bytes, 'xl/styles.xml');
        expect(styles).toContain('formatCode="yyyy-mm-dd"');
        expect(styles).toContain('formatCode="yyyy-mm-dd hh:mm:ss"');
      } else {
        expect(row.slice(1, 3)).toEqual(['2024-02-29', '2024-02-29 23:59:00']);
        expect(row[4]).toBe(shanghai(createdAt).toISOString().slice(0, 19).replace('T', ' '));
      }
    }
  });
});
