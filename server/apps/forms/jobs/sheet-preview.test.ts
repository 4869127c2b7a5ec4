import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildZip, tempDir } from '../../../kernel/sheets/fixtures.ts';
import { readSheetHead } from './sheet-preview.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** An xlsx as office programs write it: a declared range (`<dimension>`) before the rows it covers. */
function workbook(file: string, declaredLastRow: number, dataRows: number) {
  const rows = [`<row r="1">${cell('A1', 'Title')}</row>`];
  for (let i = 1; i <= dataRows; i++) rows.push(`<row r="${i + 1}">${cell(`A${i + 1}`, `row ${i}`)}</row>`);
  const sheet = `<worksheet xmlns="${MAIN}"><dimension ref="A1:A${declaredLastRow}"/><sheetData>${rows.join('')}</sheetData></worksheet>`;
  fs.writeFileSync(
    file,
    buildZip([
      { name: 'xl/workbook.xml', data: Buffer.from(`<workbook xmlns="${MAIN}"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>`) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet), deflate: true },
    ]),
  );
}

let scratch: ReturnType<typeof tempDir> | null = null;
afterEach(() => scratch?.remove());

describe('the preview of a sheet longer than an import may be', () => {
  it('is refused with the limit when the declared range and the rows both pass it', async () => {
    scratch = tempDir();
    const file = scratch.file('long.xlsx');
    workbook(file, 31, 30);
    const refused = await readSheetHead(file, {}, { limits: { maxRows: 25 } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ key: 'forms.import.tooManyRows', params: { max: 25 } });
  });

  it('is shown when only the declared range is long (formatting over empty rows)', async () => {
    scratch = tempDir();
    const file = scratch.file('formatted.xlsx');
    workbook(file, 1_048_576, 22);
    const head = await readSheetHead(file, {}, { limits: { maxRows: 25 } });
    expect(head.rows).toHaveLength(20);
    expect(head.rows[0]!.cells).toEqual(['Title']);
  });
});
