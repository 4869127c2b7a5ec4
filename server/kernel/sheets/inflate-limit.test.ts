import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip, collect, tempDir } from './fixtures.ts';
import { checkZip, ImportFileError, readSheet } from './index.ts';
import { ZipArchive } from './zip-archive.ts';

const tmp = tempDir();
afterAll(() => tmp.remove());

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal xlsx around a given sheet and shared-strings part. */
function workbook(sheet: { data: Buffer; declaredSize?: number }, strings: { data: Buffer; declaredSize?: number }): Buffer {
  return buildZip([
    { name: 'xl/workbook.xml', data: xml(`<workbook ${MAIN} xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`) },
    { name: 'xl/sharedStrings.xml', data: strings.data, deflate: true, declaredSize: strings.declaredSize },
    { name: 'xl/worksheets/sheet1.xml', data: sheet.data, deflate: true, declaredSize: sheet.declaredSize },
  ]);
}

async function failure(promise: Promise<unknown>): Promise<ImportFileError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

const SHEET = xml(`<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`);

// Each case builds and deflates 64 MB: seconds on a busy 2-core machine, past the default 5 s.
describe('real inflated bytes are counted, declared sizes are not trusted', { timeout: 30_000 }, () => {
  it('shared strings whose headers declare 1 KB but inflate to 64 MB: refused as a zip bomb while streaming', async () => {
    const huge = Buffer.concat([xml(`<sst ${MAIN}><si><t>`), Buffer.alloc(64 * 1024 * 1024, 0x41), xml('</t></si></sst>').subarray(38)]);
    const file = tmp.file('lying-strings.xlsx');
    writeFileSync(file, workbook({ data: SHEET }, { data: huge, declaredSize: 1024 }));
    await expect(checkZip(file)).resolves.toBeUndefined(); // the directory alone looks harmless
    const before = process.memoryUsage().rss;
    expect((await failure(collect(readSheet(file, 'xlsx')))).key).toBe('forms.import.zipBomb');
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('a sheet whose headers declare 1 KB but inflate to 64 MB: refused as a zip bomb', async () => {
    const rows = Buffer.alloc(64 * 1024 * 1024, 0x20); // whitespace inside sheetData: valid XML, no rows
    const sheet = Buffer.concat([xml(`<worksheet ${MAIN}><sheetData>`), rows, Buffer.from('</sheetData></worksheet>')]);
    const file = tmp.file('lying-sheet.xlsx');
    writeFileSync(file, workbook({ data: sheet, declaredSize: 1024 }, { data: xml(`<sst ${MAIN}><si><t>a</t></si></sst>`) }));
    await expect(checkZip(file)).resolves.toBeUndefined();
    expect((await failure(collect(readSheet(file, 'xlsx')))).key).toBe('forms.import.zipBomb');
  });

  it('the archive’s budget counts the bytes really inflated, across entries, and stops at the limit', async () => {
    const file = tmp.file('budget.zip');
    writeFileSync(file, buildZip([
      { name: 'a.bin', data: randomBytes(600 * 1024) },
      { name: 'b.bin', data: randomBytes(600 * 1024) },
    ]));
    const zip = await ZipArchive.open(file, { zipMaxUncompressed: 1024 * 1024 });
    try {
      expect((await collect((await zip.open('a.bin'))!)).reduce((n, chunk) => n + chunk.length, 0)).toBe(600 * 1024);
      expect((await failure(collect((await zip.open('b.bin'))!))).key).toBe('forms.import.zipBomb');
    } finally {
      zip.close();
    }
  });
});
