import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { inSpace } from '../../../kernel/db/pool.ts';
import { buildZip } from '../../../kernel/sheets/fixtures.ts';
import { finished, importFile } from './import-kit.ts';

let platform: Platform;
let admin: TestClient, nova: TestClient;
let formId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin')]);
  ({ formId } = await publishedForm(admin, [
    { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
    { key: 'f2', type: 'datetime', label: 'When' },
    { key: 'f3', type: 'number', label: 'Qty' },
  ]));
});
afterAll(async () => platform?.stop());

describe('a cell that cannot be read fails its row only', () => {
  it('an impossible date-time is that row’s failure with its reason; the other rows import', async () => {
    const csv = Buffer.from('Title,When,Qty\r\nfirst,2024-02-09 08:30,1\r\nbroken,2024-13-45 8:30,2\r\nthird,,3\r\n');
    const { job } = await importFile(admin, formId, 'cells.csv', csv, undefined, '?lang=en');
    expect(job).toMatchObject({ status: 'complete', done: 2, failed: 1, total: 3 });
    const failures = await ok(admin.get(`/api/forms/jobs/${job.id}`));
    expect(failures.errorKey ?? null).toBeNull();
    const stored = await platform.kernel.databases.owner.query(`select row_no, reason from forms_import_failure where job_id = $1`, [job.id]);
    expect(stored.rows).toEqual([{ row_no: 2, reason: expect.stringContaining('When') }]);
    const page = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=50`));
    expect(page.records.map((r: any) => r.values.f1).sort()).toEqual(['first', 'third']);
    expect((await nova.get(`/api/forms/jobs/${job.id}`)).status).toBe(404);
  });
});

describe('cells the sheet cannot hand over as shown', () => {
  it('a formula error fails its row with the column and the error, one in a column not imported does not; a rounded long number fails its row', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
    const error = (ref: string, code: string) => `<c r="${ref}" t="e"><f>1/0</f><v>${code}</v></c>`;
    const rows = [
      `<row r="1">${text('A1', 'Title')}${text('B1', 'Qty')}${text('C1', 'Scratch')}</row>`,
      `<row r="2">${text('A2', 'fine')}<c r="B2"><v>1</v></c></row>`,
      `<row r="3">${text('A3', 'divided by zero')}${error('B3', '#DIV/0!')}</row>`,
      `<row r="4">${text('A4', 'error elsewhere')}<c r="B4"><v>4</v></c>${error('C4', '#N/A')}</row>`,
      `<row r="5"><c r="A5"><v>1.10101199003071E+17</v></c><c r="B5"><v>5</v></c></row>`,
    ];
    const xlsx = buildZip([
      { name: 'xl/workbook.xml', data: Buffer.from(`<workbook xmlns="${main}"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>`) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<worksheet xmlns="${main}"><sheetData>${rows.join('')}</sheetData></worksheet>`) },
    ]);
    const { job } = await importFile(admin, formId, 'errors.xlsx', xlsx, undefined, '?lang=en');
    expect(job).toMatchObject({ status: 'complete', done: 2, failed: 2 });
    const stored = await platform.kernel.databases.owner.query(`select row_no, reason from forms_import_failure where job_id = $1 order by row_no`, [job.id]);
    expect(stored.rows).toEqual([
      { row_no: 2, reason: expect.stringMatching(/“Qty”.*#DIV\/0!/) },
      // A long ID typed as a number arrives rounded by the sheet: refused rather than stored as a false value.
      { row_no: 4, reason: expect.stringMatching(/“Title”.*more than 15 digits/) },
    ]);
  });
});

describe('numbers in formats of their own', () => {
  it('arrive as the sheet shows them: 00007 into a text field, 0.40 where 0.00 rounds 0.3955', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const styles = `<styleSheet xmlns="${main}"><numFmts count="1"><numFmt numFmtId="164" formatCode="00000"/></numFmts>
      <cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="2"/></cellXfs></styleSheet>`;
    const rows = [
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Title</t></is></c><c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>',
      '<row r="2"><c r="A2" s="1"><v>7</v></c><c r="B2" s="2"><f>0.791/2</f><v>0.3955</v></c></row>',
    ];
    const xlsx = buildZip([
      { name: 'xl/workbook.xml', data: Buffer.from(`<workbook xmlns="${main}"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>`) },
      { name: 'xl/styles.xml', data: Buffer.from(styles) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<worksheet xmlns="${main}"><sheetData>${rows.join('')}</sheetData></worksheet>`) },
    ]);
    const { preview, job } = await importFile(admin, formId, 'formats.xlsx', xlsx);
    // The preview says so and shows them as the sheet does.
    expect(preview).toMatchObject({ formatted: true, sample: [['00007', '0.40']] });
    expect(job).toMatchObject({ status: 'complete', done: 1, failed: 0 });
    const page = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=100`));
    expect(page.records.find((r: any) => r.values.f1 === '00007')?.values.f3).toBe(0.4);
  });
});

describe('rows and columns the sheet hides', () => {
  it('are flagged in the preview, and hidden rows are imported or skipped as the user chooses', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
    const rows = [
      `<row r="1">${text('A1', 'Title')}${text('B1', 'Qty')}${text('C1', 'Scratch')}</row>`,
      `<row r="2">${text('A2', 'shown one')}<c r="B2"><v>1</v></c></row>`,
      `<row r="3" hidden="1">${text('A3', 'hidden one')}<c r="B3"><v>2</v></c></row>`,
      `<row r="4">${text('A4', 'shown two')}<c r="B4"><v>3</v></c></row>`,
    ];
    const sheet = `<worksheet xmlns="${main}"><cols><col min="3" max="3" hidden="1"/></cols><sheetData>${rows.join('')}</sheetData></worksheet>`;
    const xlsx = buildZip([
      { name: 'xl/workbook.xml', data: Buffer.from(`<workbook xmlns="${main}"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>`) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
    ]);
    const imported = async (hiddenRows?: 'include' | 'skip') => {
      const { formId: target } = await publishedForm(admin, [
        { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
        { key: 'f3', type: 'number', label: 'Qty' },
      ]);
      const preview = await ok(admin.upload(`/api/forms/forms/${target}/imports/preview`, [{ name: 'hidden.xlsx', bytes: xlsx }]));
      expect(preview).toMatchObject({ hiddenRows: 1, hiddenColumns: [2] });
      const job = await ok(admin.post(`/api/forms/forms/${target}/imports`, { fileId: preview.file.fileId, mapping: preview.mapping, ...(hiddenRows ? { hiddenRows } : {}) }));
      expect(await finished(admin, job.id)).toMatchObject({ status: 'complete', failed: 0 });
      const page = await ok(admin.get(`/api/forms/forms/${target}/records?pageSize=50`));
      return page.records.map((r: any) => r.values.f1).sort();
    };
    expect(await imported()).toEqual(['hidden one', 'shown one', 'shown two']);
    expect(await imported('skip')).toEqual(['shown one', 'shown two']);
    expect((await admin.post(`/api/forms/forms/${formId}/imports`, { fileId: '1', mapping: { 0: 'f1' }, hiddenRows: 'maybe' })).status).toBe(422);
  });
});

describe('an import is all or nothing', () => {
  it('a malformed line after thousands of good rows: refused at the preview with its line; nothing is stored', async () => {
    const lines = ['Title,When,Qty'];
    for (let i = 1; i <= 4500; i += 1) lines.push(`bulk ${i},,${i}`);
    lines.push('bad,"unclosed,1', 'after,,2');
    const before = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=1`));
    const refused = await admin.upload(`/api/forms/forms/${formId}/imports/preview`, [{ name: 'broken.csv', bytes: Buffer.from(lines.join('\n')) }]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ msg: 'forms.import.csvMalformed', params: { line: 4502 } });
    const after = await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=1`));
    expect(after.total).toBe(before.total);
  });
});

describe('a file the preview reads through', () => {
  it('a cell too long far down the file is refused at the preview, with its row and the limit, before any job', async () => {
    const lines = ['Title,When,Qty'];
    for (let i = 1; i <= 30; i += 1) lines.push(`row ${i},,${i}`);
    lines.push(`${'x'.repeat(32_768)},,31`);
    const refused = await admin.upload(`/api/forms/forms/${formId}/imports/preview?lang=en`, [{ name: 'long-cell.csv', bytes: Buffer.from(lines.join('\n')) }]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ msg: 'forms.import.cellTooLong', params: { row: 32, max: 32_767 }, text: 'Row 32 has a cell longer than 32767 characters.' });
  });

  it('a job that fails on its file anyway (queued before its file was read through) keeps the numbers of its message', async () => {
    const db = platform.kernel.databases.owner;
    const bytes = Buffer.from(['Title,When,Qty', 'fine,,1', `${'x'.repeat(32_768)},,2`].join('\n'));
    const user = (await db.query(`select id from users where login_id = 'acme.admin'`)).rows[0].id;
    const file = (await db.query(`insert into forms_file (space_id, name, mime, size, sha256, content, purpose, uploaded_by)
      values ('acme', 'old.csv', 'text/csv', $1, 'x', $2, 'import', $3) returning id`, [bytes.length, bytes, user])).rows[0].id;
    const params = JSON.stringify({ mapping: { 0: 'f1', 2: 'f3' }, lang: 'en' });
    const jobId = String((await db.query(`insert into forms_job (space_id, form_id, user_id, kind, file_id, params) values ('acme', $1, $2, 'import', $3, $4) returning id`, [formId, user, file, params])).rows[0].id);
    await inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.jobs.enqueue(trx, { kind: 'forms.import', payload: { jobId } }));
    expect(await finished(admin, jobId)).toMatchObject({ status: 'failed', errorKey: 'forms.import.cellTooLong', errorParams: { row: 3, max: 32_767 } });
  });
});

describe('every way an import fails removes its rows', () => {
  it('an import given up after killing its worker three times leaves none of its rows', async () => {
    const csv = Buffer.from('Title,When,Qty\r\nkept a while,,1\r\nthis too,,2\r\n');
    const { job } = await importFile(admin, formId, 'given-up.csv', csv);
    expect(job).toMatchObject({ status: 'complete', done: 2 });
    const db = platform.kernel.databases.owner;
    const count = async () => (await db.query(`select count(*)::int as n from forms_data_${formId} where import_job = $1`, [job.id])).rows[0].n;
    expect(await count()).toBe(2);
    // As if its servers had died mid-way three times: preparing again, claimed three times already.
    const { rows } = await db.query(`update forms_job set status = 'preparing', finished_at = null where id = $1 returning space_id`, [job.id]);
    await db.query(`insert into kernel_job (space_id, kind, payload, attempts) values ($1, 'forms.import', jsonb_build_object('jobId', $2::text), 3)`, [rows[0].space_id, job.id]);
    const ended = await finished(admin, job.id);
    expect(ended).toMatchObject({ status: 'failed', errorKey: 'forms.job.gaveUp', done: 0 });
    expect(await count()).toBe(0);
  });
});

describe('imports go through the record API’s one write path', () => {
  it('a member of another space is refused, rich text is sanitised, like a record saved through the API', async () => {
    const { formId: people } = await publishedForm(admin, [
      { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
      { key: 'f2', type: 'member', label: 'Owner' },
      { key: 'f3', type: 'richtext', label: 'Body' },
    ]);
    const db = platform.kernel.databases.owner;
    const id = async (login: string) => (await db.query('select id from users where login_id = $1', [login])).rows[0].id as string;
    const [outsider, insider] = [await id('nova.user'), await id('acme.user')];
    const csv = [
      'Title,Owner,Body',
      `outsider,${outsider},`,
      `insider,${insider},"<b>bold</b><script>alert(1)</script><img src=x onerror=alert(2)>"`,
      'by name,acme.user,',
    ].join('\r\n');
    const { job } = await importFile(admin, people, 'people.csv', Buffer.from(csv), undefined, '?lang=en');
    expect(job).toMatchObject({ status: 'complete', done: 2, failed: 1 });
    const stored = await db.query('select row_no, reason from forms_import_failure where job_id = $1', [job.id]);
    expect(stored.rows).toEqual([{ row_no: 1, reason: expect.stringContaining('Owner') }]);
    const rows = await db.query(`select f1, f2, f3 from forms_data_${people} order by import_row`);
    expect(rows.rows).toEqual([
      { f1: 'insider', f2: insider, f3: '<b>bold</b><img src>' },
      { f1: 'by name', f2: insider, f3: null },
    ]);
    // The API says the same of the same values.
    const api = await admin.post(`/api/forms/forms/${people}/records`, { values: { f1: 'api', f2: outsider } });
    expect(api.status).toBe(422);
  });
});
