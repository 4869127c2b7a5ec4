import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { Platform } from '../../../platform.ts';
import { finished, importFile } from './import-kit.ts';

let platform: Platform;
let admin: TestClient, nova: TestClient;
let partsId: string;
const parts: Record<string, { id: string; number: string }> = {};
let orderFields: FieldDef[];

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin')]);
  ({ formId: partsId } = await publishedForm(admin, [
    { key: 'f1', type: 'text', label: 'Name', required: true, title: true },
    { key: 'f2', type: 'serial', label: 'No.', numbering: { prefix: 'PT', datePart: 'none', digits: 4 } },
  ]));
  for (const [key, name] of [['bolt', 'Bolt'], ['nut1', 'Nut'], ['nut2', 'Nut'], ['numeric', '2024']]) {
    const record = await ok(admin.post(`/api/forms/forms/${partsId}/records`, { values: { f1: name } }));
    parts[key!] = { id: record.id, number: record.values.f2 };
  }
  orderFields = [
    { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
    { key: 'f2', type: 'relation', label: 'Part', relation: { formId: partsId } },
  ];
});
afterAll(async () => platform?.stop());

describe('relation cells on import', () => {
  it('take the related record by title, number, #id or id; a shared title is refused with the candidates, an unknown one named', async () => {
    const { formId } = await publishedForm(admin, orderFields);
    const lines = [
      'Title,Part',
      'by title,Bolt',
      'shared title,Nut',
      'unknown,Widget',
      `by number,${parts.nut2!.number}`,
      `by hash,#${parts.bolt!.id}`,
      `by id,${parts.nut1!.id}`,
      'numeric title,2024',
    ];
    const { job } = await importFile(admin, formId, 'parts.csv', Buffer.from(lines.join('\r\n')), undefined, '?lang=en');
    expect(job).toMatchObject({ status: 'complete', done: 5, failed: 2 });
    const stored = await platform.kernel.databases.owner.query(`select row_no, reason from forms_import_failure where job_id = $1 order by row_no`, [job.id]);
    expect(stored.rows.map((row: { row_no: number }) => row.row_no)).toEqual([2, 3]);
    for (const text of ['“Nut”', parts.nut1!.number, parts.nut2!.number]) expect(stored.rows[0].reason).toContain(text);
    expect(stored.rows[1].reason).toBe('“Part” has no record “Widget” that you may see.');
    const page = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=50`));
    const byTitle = Object.fromEntries(page.records.map((r: any) => [r.values.f1, r.values.f2]));
    expect(byTitle).toEqual({
      'by title': parts.bolt!.id,
      'by number': parts.nut2!.id,
      'by hash': parts.bolt!.id,
      'by id': parts.nut1!.id,
      'numeric title': parts.numeric!.id,
    });
    expect((await nova.get(`/api/forms/jobs/${job.id}`)).status).toBe(404);
  });

  it('an export of relations imports back into a copy unchanged', async () => {
    const { formId } = await publishedForm(admin, orderFields);
    for (const [title, part] of [['one', parts.bolt!.id], ['two', parts.numeric!.id], ['three', null]] as const) {
      await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: title, ...(part ? { f2: part } : {}) } }));
    }
    const job = await ok(admin.post(`/api/forms/forms/${formId}/exports`, { format: 'xlsx' }));
    expect((await finished(admin, job.id)).status).toBe('complete');
    const bytes = (await admin.download(`/api/forms/jobs/${job.id}/file`)).bytes;
    const { formId: copy } = await publishedForm(admin, orderFields);
    const imported = await importFile(admin, copy, 'orders.xlsx', bytes);
    expect(imported.job).toMatchObject({ status: 'complete', done: 3, failed: 0 });
    const values = (id: string) => ok(admin.get(`/api/forms/forms/${id}/records?pageSize=50`)).then((page) => Object.fromEntries(page.records.map((r: any) => [r.values.f1, r.values.f2 ?? null])));
    expect(await values(copy)).toEqual(await values(formId));
  });
});
