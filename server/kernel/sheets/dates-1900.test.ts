import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildZip, collect, tempDir } from './fixtures.ts';
import { excelDate, timeText } from './xlsx-values.ts';
import { readSheet, readSheetRows } from './read.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const STYLES = `<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="hh:mm:ss"/><numFmt numFmtId="165" formatCode="[h]:mm"/></numFmts>
  <cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="20"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`;

/** A one-row xlsx whose cells are serials in the given styles, written by `application` (docProps/app.xml). */
function workbook(file: string, application: string | null, cells: Array<[serial: number, style: number]>) {
  const row = cells.map(([serial, style], i) => `<c r="${String.fromCharCode(65 + i)}1" s="${style}"><v>${serial}</v></c>`).join('');
  const entries = [
    { name: 'xl/workbook.xml', data: Buffer.from(`<workbook xmlns="${MAIN}"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>`) },
    { name: 'xl/styles.xml', data: Buffer.from(STYLES) },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<worksheet xmlns="${MAIN}"><sheetData><row r="1">${row}</row></sheetData></worksheet>`) },
  ];
  if (application) entries.push({ name: 'docProps/app.xml', data: Buffer.from(`<Properties><Application>${application}</Application></Properties>`) });
  fs.writeFileSync(file, buildZip(entries));
}

const day = (date: unknown) => (date instanceof Date ? date.toISOString().slice(0, 10) : date);
let scratch: ReturnType<typeof tempDir> | null = null;
afterEach(() => scratch?.remove());

describe('the 1900 date system as each writer counts it', () => {
  it("Excel's serials 1–59 are a day later than a true count (its fictitious 1900-02-29); negatives are true days", () => {
    const excel = { date1904: false, leapDay1900: true };
    expect([1, 59, 61, -18109].map((serial) => day(excelDate(serial, excel)))).toEqual(['1900-01-01', '1900-02-28', '1900-03-01', '1850-06-01']);
    const libre = { date1904: false, leapDay1900: false };
    expect([1, 59, 61, -18109, 0].map((serial) => day(excelDate(serial, libre)))).toEqual(['1899-12-31', '1900-02-27', '1900-03-01', '1850-06-01', '1899-12-30']);
  });

  it.each([
    ['Microsoft Excel', ['1900-01-01', '1900-02-28', '1900-03-01']],
    ['WPS 表格', ['1900-01-01', '1900-02-28', '1900-03-01']],
    [null, ['1900-01-01', '1900-02-28', '1900-03-01']],
    ['LibreOffice/7.4.7.2$Linux_X86_64 LibreOffice_project/40$Build-2', ['1899-12-31', '1900-02-27', '1900-03-01']],
  ] as const)('a file written by %s reads its dates as that writer shows them', async (application, expected) => {
    scratch = tempDir();
    const file = scratch.file('dates.xlsx');
    workbook(file, application, [[1, 1], [59, 1], [61, 1]]);
    const [row] = await collect(readSheet(file, 'xlsx'));
    expect(row!.map(day)).toEqual(expected);
  });
});

describe('a time-only cell', () => {
  it('is the time the sheet shows, as text, never a date of 1899', async () => {
    scratch = tempDir();
    const file = scratch.file('times.xlsx');
    const half = 8.5 / 24; // 08:30
    workbook(file, 'Microsoft Excel', [[half, 2], [half + 15 / 86_400, 3], [1 + 1.5 / 24, 4], [45_000 + half, 2]]);
    const [row] = await collect(readSheet(file, 'xlsx'));
    expect(row).toEqual(['08:30', '08:30:15', '25:30', '08:30']);
  });

  it('shows minutes cut, not rounded, when its format has no seconds, as Excel does', () => {
    expect(timeText(0.999, { seconds: false, elapsed: false })).toBe('23:58');
    expect(timeText(0.999, { seconds: true, elapsed: false })).toBe('23:58:34');
  });
});

describe('a number in a format of its own', () => {
  it('comes with the text the format shows, where that differs from the number', async () => {
    scratch = tempDir();
    const file = scratch.file('formats.xlsx');
    const styles = `<styleSheet xmlns="${MAIN}"><numFmts count="3"><numFmt numFmtId="164" formatCode="00000"/><numFmt numFmtId="165" formatCode="000000"/><numFmt numFmtId="166" formatCode="@"/></numFmts>
      <cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="2"/><xf numFmtId="165"/><xf numFmtId="10"/><xf numFmtId="166"/></cellXfs></styleSheet>`;
    const cells = [[7, 1], [0.3955, 2], [10010, 3], [0.125, 4], [5, 0], [6, 5], [12, 1]];
    const row = cells.map(([value, style], i) => `<c r="${String.fromCharCode(65 + i)}1" s="${style}"><v>${value}</v></c>`).join('');
    fs.writeFileSync(
      file,
      buildZip([
        { name: 'xl/workbook.xml', data: Buffer.from(`<workbook xmlns="${MAIN}"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>`) },
        { name: 'xl/styles.xml', data: Buffer.from(styles) },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<worksheet xmlns="${MAIN}"><sheetData><row r="1">${row}</row></sheetData></worksheet>`) },
      ]),
    );
    const [read] = await collect(readSheetRows(file, 'xlsx'));
    expect(read!.cells).toEqual([7, 0.3955, 10010, 0.125, 5, 6, 12]);
    expect(read!.shown).toEqual(['00007', '0.40', '010010', '12.50%', undefined, undefined, '00012']);
  });
});
