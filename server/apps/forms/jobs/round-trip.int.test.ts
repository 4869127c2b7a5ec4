import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { idCardCheckChar, usccCheckChar } from '../../../../shared/forms/formats.ts';
import type { Platform } from '../../../platform.ts';
import { finished, importFile } from './import-kit.ts';

/**
 * Round-trip property: generated records of every importable field type (relations aside: they export the
 * related record's title and import an id) → export xlsx and csv → import into a copy of the form → every value
 * identical. The generator is seeded, so a failure names a record that fails again the same way.
 */
const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'textarea', label: 'Notes' },
  { key: 'f3', type: 'number', label: 'Quantity' },
  { key: 'f4', type: 'amount', label: 'Amount', decimals: 2 },
  { key: 'f5', type: 'date', label: 'Day' },
  { key: 'f6', type: 'datetime', label: 'At' },
  { key: 'f7', type: 'select', label: 'Status', options: ['open', 'doing', 'done', '待定'] },
  { key: 'f8', type: 'multiselect', label: 'Colours', options: ['红', '绿', '蓝 blue', '红,绿'] },
  { key: 'f9', type: 'radio', label: 'Urgent', options: ['是', '否'] },
  { key: 'f10', type: 'checkbox', label: 'Checks', options: ['A', 'B', 'C'] },
  { key: 'f11', type: 'member', label: 'Inspector' },
  { key: 'f12', type: 'department', label: 'Department' },
  { key: 'f13', type: 'richtext', label: 'Body' },
  { key: 'f14', type: 'phone', label: 'Phone' },
  { key: 'f15', type: 'email', label: 'Mail' },
  { key: 'f16', type: 'idcard', label: 'ID card' },
  { key: 'f17', type: 'postcode', label: 'Postcode' },
  { key: 'f18', type: 'uscc', label: 'Credit code' },
  { key: 'f19', type: 'serial', label: 'No.', numbering: { prefix: 'RT', datePart: 'none', digits: 5 } },
];
const RECORDS = 60;

let platform: Platform;
let admin: TestClient, nova: TestClient;
let members: string[];
let departments: string[];

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin')]);
  const db = platform.kernel.databases.owner;
  members = (await db.query(`select m.user_id from memberships m where m.space_id = 'acme' order by m.user_id`)).rows.map((r) => String(r.user_id));
  departments = [];
  for (const name of ['质检部 RT', '生产部 RT']) departments.push((await ok(admin.post('/api/org/departments', { name }))).id);
});
afterAll(async () => platform?.stop());

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TITLES = ['=1+1', '+86 139 0000 0000', '-5 degrees', '@SUM(A1)', "'=already quoted", '螺栓 M8', '😀👍🏽 emoji', '𠀀𪚥 rare 𫠠', '垫片，中文标点。', '"quoted", comma', '_x000D_ literal'];
const NOTES = ['第一行\n第二行', 'a\tb', 'x\r\ny', '=cmd|calc', '🇨🇳 flag', 'plain'];
const DAYS = ['2024-02-29', '2024-03-01', '1999-12-31', '2000-01-01', '2038-01-19'];
const INSTANTS = ['2024-02-29T16:00:00.000Z', '2024-02-29T15:59:59.000Z', '2023-12-31T16:00:00.000Z', '2024-06-30T23:59:59.123Z', '1995-05-05T04:05:06.000Z'];
const PHONES = ['+86 139 0000 0000', '13800138000', '010-12345678', '+8613912345678'];

function generate(next: () => number, i: number): Record<string, unknown> {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const maybe = <T,>(value: T) => (next() < 0.2 ? null : value);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const id17 = `1101051990${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${digits(3)}`;
  const uscc17 = `91110000MA${digits(7)}`;
  const subset = (options: string[]) => {
    const chosen = options.filter(() => next() < 0.5);
    return chosen.length ? chosen : null;
  };
  return {
    f1: `${pick(TITLES)} #${i}`,
    f2: maybe(pick(NOTES)),
    f3: maybe(pick([0, -1, 123456789012, -987654.3125, Math.round(next() * 1e9) / 1000])),
    f4: maybe(pick([0, -0.01, 1234567.89, 99.9, Math.round(next() * 1e8) / 100])),
    f5: maybe(pick(DAYS)),
    f6: maybe(pick(INSTANTS)),
    f7: maybe(pick(['open', 'doing', 'done', '待定'])),
    f8: maybe(subset(['红', '绿', '蓝 blue', '红,绿'])),
    f9: maybe(pick(['是', '否'])),
    f10: maybe(subset(['A', 'B', 'C'])),
    f11: maybe(pick(members)),
    f12: maybe(pick(departments)),
    f13: maybe(pick(['富文本 plain', 'Body text'])),
    f14: maybe(pick(PHONES)),
    f15: maybe(`user${i}@example.com`),
    f16: maybe(id17 + idCardCheckChar(id17)),
    f17: maybe(`0${digits(5)}`),
    f18: maybe(uscc17 + usccCheckChar(uscc17)),
  };
}

describe('spreadsheet round trip', () => {
  it('every value of every field type comes back identical through xlsx and through csv', async () => {
    const { formId } = await publishedForm(admin, FIELDS);
    const next = random(20261124);
    for (let i = 0; i < RECORDS; i += 1) {
      const values = Object.fromEntries(Object.entries(generate(next, i)).filter(([, v]) => v !== null));
      await ok(admin.post(`/api/forms/forms/${formId}/records`, { values }));
    }
    const originals = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=100`));
    expect(originals.records).toHaveLength(RECORDS);
    const byNumber = (records: Array<{ number: string; values: Record<string, unknown> }>) => new Map(records.map((r) => [r.number, r.values]));
    const expected = byNumber(originals.records);

    for (const format of ['xlsx', 'csv'] as const) {
      const job = await ok(admin.post(`/api/forms/forms/${formId}/exports`, { format }));
      expect((await finished(admin, job.id)).status).toBe('complete');
      const bytes = (await admin.download(`/api/forms/jobs/${job.id}/file`)).bytes;
      const { formId: copy } = await publishedForm(admin, FIELDS);
      const imported = await importFile(admin, copy, `export.${format}`, bytes);
      expect(Object.values(imported.preview.mapping).sort(), format).toEqual(FIELDS.map((f) => f.key).sort());
      expect(imported.job, format).toMatchObject({ status: 'complete', done: RECORDS, failed: 0 });
      const copies = byNumber((await ok(admin.get(`/api/forms/forms/${copy}/records?pageSize=100`))).records);
      for (const [number, values] of expected) expect(copies.get(number), `${format} ${number}`).toEqual(values);
      expect((await nova.get(`/api/forms/forms/${copy}/records`)).status).toBe(404);
    }
  });
});

/** Records of `fields` posted with `values`, exported as xlsx and csv and each imported into a copy: equal? */
async function exactThroughBothFormats(fields: FieldDef[], values: Array<Record<string, unknown>>) {
  const { formId } = await publishedForm(admin, fields);
  for (const record of values) await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: record }));
  const byTitle = (records: Array<{ values: Record<string, unknown> }>) => new Map(records.map((r) => [r.values.f1, r.values]));
  const stored = byTitle((await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=100`))).records);
  expect(stored.size).toBe(values.length);
  for (const format of ['xlsx', 'csv'] as const) {
    const job = await ok(admin.post(`/api/forms/forms/${formId}/exports`, { format }));
    expect((await finished(admin, job.id)).status).toBe('complete');
    const bytes = (await admin.download(`/api/forms/jobs/${job.id}/file`)).bytes;
    const { formId: copy } = await publishedForm(admin, fields);
    const imported = await importFile(admin, copy, `edges.${format}`, bytes);
    expect(imported.job, format).toMatchObject({ status: 'complete', done: values.length, failed: 0 });
    expect(byTitle((await ok(admin.get(`/api/forms/forms/${copy}/records?pageSize=100`))).records), format).toEqual(stored);
  }
}

describe('values at the edges through the platform’s own files', () => {
  it('days and instants before Excel’s fictitious 1900-02-29 come back unchanged through xlsx and csv', async () => {
    const days = ['0001-01-01', '1850-06-01', '1899-12-30', '1899-12-31', '1900-01-01', '1900-02-28', '1900-03-01', '2024-02-29'];
    const instants = ['1899-12-31T00:00:00.000Z', '1850-06-01T08:00:00.000Z', '1900-02-28T16:00:00.000Z', '1900-03-01T00:00:00.000Z'];
    await exactThroughBothFormats([FIELDS[0]!, FIELDS[4]!, FIELDS[5]!], days.map((day, i) => ({ f1: `day ${i}`, f5: day, f6: instants[i % instants.length] })));
  });

  it('text keeps its leading and trailing spaces, a leading newline and carriage returns, as typed', async () => {
    const notes = ['  indented', 'trailing  ', '\nafter a blank line', 'a\r\nb\rc', '\t tab first', ' both '];
    await exactThroughBothFormats([FIELDS[0]!, FIELDS[1]!], notes.map((note, i) => ({ f1: `note ${i}`, f2: note })));
  });
});
