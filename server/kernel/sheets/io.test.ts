import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, readZipText, tempDir } from './fixtures.ts';
import { detectImportFile, escapeFormula, ImportFileError, openWriter, readSheet, unescapeFormula, type Cell, type SheetKind } from './index.ts';

const tmp = tempDir();
afterAll(() => tmp.remove());

const SUBMITTED = new Date(Date.UTC(2024, 4, 1, 8, 30, 15));
const HEADER = ['名称', '数量', '提交时间', '备注', '启用'];
const ROWS: Cell[][] = [
  ['螺栓 M8', 3.5, SUBMITTED, '普通文本', true],
  ['垫片', 0, null, 'say "hi", then\nleave', false],
  ['', -12, new Date(Date.UTC(2024, 11, 31)), null, null], // '' and trailing nulls
  ['只有名称'],
];

async function writeFile(kind: SheetKind, name: string, header: string[], rows: Cell[][]): Promise<string> {
  const file = tmp.file(name);
  const writer = await openWriter(file, kind, header, '导出数据');
  for (const row of rows) await writer.write(row);
  const result = await writer.close();
  expect(result.rows).toBe(rows.length);
  expect(result.bytes).toBeGreaterThan(0);
  return file;
}

describe('csv round trip', () => {
  it('writes UTF-8 with BOM, CRLF and RFC 4180 quoting, and reads the same text back', async () => {
    const file = await writeFile('csv', 'round.csv', HEADER, ROWS);
    const raw = readFileSync(file);
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    expect(text.startsWith('名称,数量,提交时间,备注,启用\r\n')).toBe(true);
    expect(text).toContain('"say ""hi"", then\nleave"');

    expect(await detectImportFile(file)).toEqual({ kind: 'csv', encoding: 'utf8' });
    const rows = await collect(readSheet(file, 'csv', { encoding: 'utf8' }));
    expect(rows).toEqual([
      HEADER,
      ['螺栓 M8', '3.5', '2024-05-01 08:30:15', '普通文本', 'TRUE'],
      ['垫片', '0', null, 'say "hi", then\nleave', 'FALSE'],
      [null, '-12', '2024-12-31 00:00:00'],
      ['只有名称'],
    ]);
  });

  it('skips blank lines and rows of empty cells, keeps spaces as they are', async () => {
    const file = tmp.file('blank.csv');
    writeFileSync(file, '\uFEFFa,b\r\n\r\n,,\r\n x , y\r\n,\r\n');
    expect(await collect(readSheet(file, 'csv'))).toEqual([['a', 'b'], [' x ', ' y']]);
  });

  it('reads a GB18030 csv as saved by Chinese Excel', async () => {
    const file = tmp.file('gbk.csv');
    // 姓名,年龄 / 张三,30 in GB18030 (GBK) bytes: not valid UTF-8.
    const gb = (hex: string) => Buffer.from(hex.replace(/ /g, ''), 'hex');
    writeFileSync(file, Buffer.concat([gb('d0d5 c3fb'), Buffer.from(','), gb('c4ea c1e4'), Buffer.from('\r\n'),
      gb('d5c5 c8fd'), Buffer.from(',30\r\n')]));
    const detected = await detectImportFile(file);
    expect(detected).toEqual({ kind: 'csv', encoding: 'gb18030' });
    expect(await collect(readSheet(file, 'csv', detected))).toEqual([['姓名', '年龄'], ['张三', '30']]);
  });
});

describe('xlsx round trip', () => {
  it('keeps types: text, numbers, dates with time, booleans, empty cells', async () => {
    const file = await writeFile('xlsx', 'round.xlsx', HEADER, ROWS);
    expect(await detectImportFile(file)).toEqual({ kind: 'xlsx' });
    const rows = await collect(readSheet(file, 'xlsx'));
    expect(rows).toEqual([
      HEADER,
      ['螺栓 M8', 3.5, SUBMITTED, '普通文本', true],
      ['垫片', 0, null, 'say "hi", then\nleave', false],
      [null, -12, new Date(Date.UTC(2024, 11, 31))],
      ['只有名称'],
    ]);
    const workbook = await readZipText(file, 'xl/workbook.xml');
    expect(workbook).toContain('name="导出数据"');
    // Dates carry a date-and-time format, so Excel shows the time of day too.
    expect(await readZipText(file, 'xl/styles.xml')).toContain('formatCode="yyyy-mm-dd hh:mm:ss"');
  });

  it('reads what Excel stores: rich text, formulas (cached result), hyperlinks, errors; first tab only', async () => {
    // A small workbook from exceljs's in-memory writer: shared strings, styles, two sheets.
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('清单');
    workbook.addWorksheet('其他').addRow(['not this one']);
    first.addRow(['文本', '公式', '公式文本', '公式日期', '链接', '错误']);
    const row = first.addRow([
      { richText: [{ text: '红色', font: { bold: true } }, { text: '文字' }] },
      { formula: 'B1*2', result: 7 },
      { formula: 'A1&"x"', result: 'abc' },
      { formula: 'TODAY()', result: 45413 }, // 2024-05-01 as an Excel serial
      { text: '官网', hyperlink: 'https://example.com' },
      { error: '#N/A' },
    ]);
    row.getCell(4).numFmt = 'yyyy-mm-dd';
    const file = tmp.file('excel-like.xlsx');
    await workbook.xlsx.writeFile(file);
    expect(await collect(readSheet(file, 'xlsx'))).toEqual([
      ['文本', '公式', '公式文本', '公式日期', '链接', '错误'],
      ['红色文字', 7, 'abc', new Date(Date.UTC(2024, 4, 1)), '官网'],
    ]);
  });

  it('reads the first worksheet only and stops cleanly when the consumer stops', async () => {
    const file = await writeFile('xlsx', 'stop.xlsx', ['n'], Array.from({ length: 50 }, (_, i) => [i]));
    const seen: Cell[][] = [];
    for await (const row of readSheet(file, 'xlsx')) {
      seen.push(row);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([['n'], [0], [1]]);
  });
});

describe('formula injection', () => {
  const DANGEROUS = ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\r=1', '+86 139 0000 0000', "'=already quoted"];

  it('escapeFormula (csv) writes text a spreadsheet would run or change as a text formula, and unescapeFormula gives it back exactly', () => {
    expect(DANGEROUS.filter((text) => !text.includes('\r')).map(escapeFormula)).toEqual([
      '="=1+1"', '="+1"', '="-2"', '="@SUM(A1)"', '="\tx"', '="+86 139 0000 0000"', `="'=already quoted"`,
    ]);
    const fragile = ['00123', '010010', '110105194912310021', '123456789012'];
    expect(fragile.map(escapeFormula)).toEqual(fragile.map((text) => `="${text}"`));
    // A line break or text too long for an Excel literal (255) keeps OWASP's apostrophe.
    const long = `=${'x'.repeat(255)}`;
    expect([escapeFormula('\r=1'), escapeFormula(long)]).toEqual(["'\r=1", `'${long}`]);
    expect(escapeFormula('=say "hi"')).toBe('="=say ""hi"""');
    for (const text of [...DANGEROUS, ...fragile, long, '=say "hi"', '="already a formula"']) expect(unescapeFormula(escapeFormula(text) as string)).toBe(text);
    // Excel's own text formula reads as the text it shows; older exports' apostrophes still come off.
    expect(unescapeFormula('="00123"')).toBe('00123');
    expect(unescapeFormula("'+86 139")).toBe('+86 139');
    for (const text of ['a=1', "'plain", "it's", '', '12345', '12345678901']) {
      expect(escapeFormula(text)).toBe(text);
      expect(unescapeFormula(text)).toBe(text);
    }
    expect(escapeFormula(-5)).toBe(-5);
    expect(escapeFormula(null)).toBeNull();
    expect(escapeFormula(true)).toBe(true);
    expect(escapeFormula(SUBMITTED)).toBe(SUBMITTED);
  });

  it('csv: the file holds text formulas (they run nothing), the importer reads the exact original text back', async () => {
    const file = await writeFile('csv', 'inject.csv', ['=HEADER', 'n'], [[...DANGEROUS, -5]]);
    const raw = readFileSync(file, 'utf8');
    expect(raw).toContain('"=""=HEADER""",n');
    expect(raw).toContain('"=""=1+1""","=""+1""","=""-2""","=""@SUM(A1)"""');
    expect(raw).toContain(`"=""+86 139 0000 0000""","=""'=already quoted""",-5`);
    const [header, row] = await collect(readSheet(file, 'csv'));
    expect(header).toEqual(['=HEADER', 'n']);
    expect(row).toEqual([...DANGEROUS, '-5']);
  });

  it('xlsx: text is a string cell with no apostrophe and no formula, and reads back exactly (CR and control characters too)', async () => {
    const odd = ['a\rb', 'bell\u0007', 'del\u007f', 'literal _x000D_ text'];
    const file = await writeFile('xlsx', 'inject.xlsx', ['=HEADER', 'n'], [[...DANGEROUS, -5, ...odd]]);
    const [header, row] = await collect(readSheet(file, 'xlsx'));
    expect(header).toEqual(['=HEADER', 'n']);
    expect(row).toEqual([...DANGEROUS, -5, ...odd]);
    const sheet = await readZipText(file, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('>=1+1<');
    expect(sheet).toContain('>+86 139 0000 0000<');
    expect(sheet).not.toMatch(/<f[\s>]/);
    expect(sheet).not.toContain("'=1+1");
  });
});

describe('row and column limits', () => {
  it.each(['csv', 'xlsx'] as const)('%s: more data rows than maxRows → tooManyRows', async (kind) => {
    const file = await writeFile(kind, `rows.${kind}`, ['n'], Array.from({ length: 10 }, (_, i) => [i]));
    expect(await collect(readSheet(file, kind, { limits: { maxRows: 10 } }))).toHaveLength(11);
    const error = await collect(readSheet(file, kind, { limits: { maxRows: 5 } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ key: 'forms.import.tooManyRows', params: { max: 5 } });
  });

  it('more columns than maxColumns → tooManyColumns; a cell over maxCellChars → cellTooLong', async () => {
    const file = await writeFile('csv', 'wide.csv', ['a', 'b', 'c', 'd'], [['1', '2', '3', 'x'.repeat(20)]]);
    await expect(collect(readSheet(file, 'csv', { limits: { maxColumns: 3 } }))).rejects.toMatchObject({
      key: 'forms.import.tooManyColumns',
      params: { max: 3, row: 1 },
    });
    await expect(collect(readSheet(file, 'csv', { limits: { maxCellChars: 10 } }))).rejects.toMatchObject({
      key: 'forms.import.cellTooLong',
      params: { max: 10, row: 2 },
    });
  });
});
