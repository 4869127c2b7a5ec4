import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip, collect, tempDir } from './fixtures.ts';
import { checkZip, detectImportFile, ImportFileError, openWriter, readSheet } from './index.ts';

const tmp = tempDir();
afterAll(() => tmp.remove());

function fixture(name: string, content: Buffer | string): string {
  const file = tmp.file(name);
  writeFileSync(file, content);
  return file;
}

async function failure(promise: Promise<unknown>): Promise<ImportFileError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

async function smallXlsx(name: string): Promise<string> {
  const file = tmp.file(name);
  const writer = await openWriter(file, 'xlsx', ['a', 'b']);
  for (let i = 0; i < 200; i++) await writer.write([`row ${i}`, i]);
  await writer.close();
  return file;
}

const WORKBOOK_XML = Buffer.from('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>');

describe('detectImportFile', () => {
  it('legacy xls (OLE2) → xlsUnsupported; a password-protected xlsx (OLE2 too) → encrypted', async () => {
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const xls = fixture('old.xls', Buffer.concat([ole2, Buffer.alloc(1024)]));
    expect((await failure(detectImportFile(xls))).key).toBe('forms.import.xlsUnsupported');
    const locked = Buffer.concat([ole2, Buffer.alloc(600), Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(64)]);
    const encrypted = fixture('locked.xlsx', locked);
    expect((await failure(detectImportFile(encrypted))).key).toBe('forms.import.encrypted');
  });

  it('a PNG renamed .xlsx, a PDF, random bytes and a zip without a workbook → badType', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from('IHDR'),
      Buffer.alloc(64),
    ]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const zip = buildZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    for (const [name, content] of [['image.xlsx', png], ['doc.csv', pdf], ['noise.csv', randomBytes(4096)], ['plain.xlsx', zip]] as const) {
      expect((await failure(detectImportFile(fixture(name, content)))).key, name).toBe('forms.import.badType');
    }
  });

  it('decides by content, not by name: a zip holding xl/workbook.xml named .csv is xlsx', async () => {
    const zip = buildZip([{ name: 'xl/workbook.xml', data: WORKBOOK_XML }]);
    expect(await detectImportFile(fixture('really.csv', zip))).toEqual({ kind: 'xlsx' });
  });

  it('over maxBytes → tooLarge with the limit in MB; an empty file → empty', async () => {
    const big = fixture('big.csv', 'a,b\n'.repeat(300_000)); // 1.2 MB
    const error = await failure(detectImportFile(big, { maxBytes: 1024 * 1024 }));
    expect(error).toMatchObject({ key: 'forms.import.tooLarge', params: { max: 1 } });
    expect((await failure(detectImportFile(fixture('empty.csv', '')))).key).toBe('forms.import.empty');
  });
});

describe('checkZip', () => {
  it('passes a normal xlsx', async () => {
    await expect(checkZip(await smallXlsx('normal.xlsx'))).resolves.toBeUndefined();
  });

  it('refuses an entry that inflates more than 200:1 (deflated zeros), before any entry is inflated', async () => {
    const bomb = buildZip([
      { name: 'xl/workbook.xml', data: WORKBOOK_XML },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024), deflate: true },
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const file = fixture('bomb.xlsx', bomb);
    expect(await detectImportFile(file)).toEqual({ kind: 'xlsx' });
    expect((await failure(checkZip(file))).key).toBe('forms.import.zipBomb');
    expect((await failure(collect(readSheet(file, 'xlsx')))).key).toBe('forms.import.zipBomb');
  });

  it('refuses a total declared size over zipMaxUncompressed even when no entry looks suspicious', async () => {
    const zip = buildZip([
      { name: 'a.bin', data: randomBytes(700 * 1024) },
      { name: 'b.bin', data: randomBytes(700 * 1024) },
    ]);
    const file = fixture('large.zip', zip);
    await expect(checkZip(file)).resolves.toBeUndefined();
    expect((await failure(checkZip(file, { zipMaxUncompressed: 1024 * 1024 }))).key).toBe('forms.import.zipBomb');
  });

  it('refuses more than zipMaxEntries entries (2,000 by default)', async () => {
    const entries = Array.from({ length: 2001 }, (_, i) => ({ name: `xl/media/${i}.txt`, data: Buffer.from('x') }));
    const file = fixture('many.xlsx', buildZip([{ name: 'xl/workbook.xml', data: WORKBOOK_XML }, ...entries]));
    expect((await failure(checkZip(file))).key).toBe('forms.import.zipBomb');
    expect((await failure(detectImportFile(file))).key).toBe('forms.import.zipBomb');
  });
});

describe('malformed files', () => {
  it('a truncated xlsx → malformed, from detect, checkZip and readSheet alike', async () => {
    const whole = readFileSync(await smallXlsx('whole.xlsx'));
    const file = fixture('truncated.xlsx', whole.subarray(0, Math.floor(whole.length / 2)));
    expect((await failure(detectImportFile(file))).key).toBe('forms.import.malformed');
    expect((await failure(checkZip(file))).key).toBe('forms.import.malformed');
    expect((await failure(collect(readSheet(file, 'xlsx')))).key).toBe('forms.import.malformed');
  });

  it('an xlsx whose sheet data is corrupt (intact directory) → malformed, without hanging', async () => {
    const bytes = Buffer.from(readFileSync(await smallXlsx('corrupt.xlsx')));
    const at = bytes.indexOf('xl/worksheets/sheet1.xml'); // local header name; the data follows
    for (let i = at + 40; i < at + 400; i++) bytes[i] = 0xff;
    const file = fixture('corrupt-data.xlsx', bytes);
    await checkZip(file);
    expect((await failure(collect(readSheet(file, 'xlsx')))).key).toBe('forms.import.malformed');
  });

  it.each([
    ['a stray quote after a closing one', 'a,b\r\n1,2\r\n3,"x"y\r\n4,5\r\n', 3],
    ['a quote inside an unquoted field', 'a,b\n1,2\n3,4\n5,x"y\n', 4],
    ['a quote never closed (reported where the record starts)', 'a,b\n1,2\n3,"xy\n5,6\n7,8\n', 3],
  ])('csv with %s → csvMalformed with the line', async (_name, text, line) => {
    const file = fixture(`broken-${line}.csv`, text);
    const error = await failure(collect(readSheet(file, 'csv')));
    expect(error).toMatchObject({ key: 'forms.import.csvMalformed', params: { line } });
  });
});

describe('i18n', () => {
  it('every key this folder throws exists in both forms-io dictionaries with the same placeholders', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const i18n = path.resolve(here, '../../../shared/i18n');
    const dictionary = (language: string, file: string) => JSON.parse(readFileSync(path.join(i18n, language, file), 'utf8')) as Record<string, string>;
    const zh = dictionary('zh-CN', 'forms-io.json');
    const en = dictionary('en', 'forms-io.json');
    // A few import keys (noRows, the mapping ones) live in the forms dictionary the routes use.
    const known = (language: string, key: string) => (language === 'en' ? en : zh)[key] ?? dictionary(language, 'forms.json')[key];
    const sources = readdirSync(here).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const used = new Set(
      sources.flatMap((file) => [...readFileSync(path.join(here, file), 'utf8').matchAll(/'(forms\.(?:import|export)\.\w+)'/g)].map((m) => m[1])),
    );
    expect(used.size).toBeGreaterThanOrEqual(10);
    for (const key of used) {
      expect(known('zh-CN', key as string), key).toBeTruthy();
      expect(known('en', key as string), key).toBeTruthy();
    }
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect(en['forms.import.xlsUnsupported']).toMatch(/xlsx/);
    expect(zh['forms.import.xlsUnsupported']).toMatch(/另存为.*xlsx/);
  });
});
