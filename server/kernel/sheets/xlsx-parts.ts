import { parseXmlWhole, prefixedAttribute } from './xml-stream.ts';
import type { ZipArchive } from './zip-archive.ts';

/** A worksheet as the workbook lists it, in tab order. */
export interface SheetInfo {
  name: string;
  hidden: boolean;
  /** Its part in the zip, e.g. `xl/worksheets/sheet1.xml`; null when the workbook points nowhere usable. */
  part: string | null;
}

export interface WorkbookInfo {
  sheets: SheetInfo[];
  date1904: boolean;
  /**
   * Whether serials before 1900-03-01 count Excel's fictitious 1900-02-29 (Excel and the programs copying it do;
   * LibreOffice and OpenOffice count true days from 1899-12-30), from the writer named in docProps/app.xml.
   */
  leapDay1900: boolean;
  sharedStrings: string | null;
  styles: string | null;
}

/** Built-in number formats that show dates or times (ECMA-376 18.8.30, plus the CJK ones Chinese Excel uses). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** Of those, the ones showing a time of day only, and those with its seconds; 46 is `[h]:mm:ss`, elapsed time. */
const TIME_FORMAT_IDS = new Set([18, 19, 20, 21, 32, 33, 34, 35, 45, 46, 47, 55, 56]);
const SECONDS_FORMAT_IDS = new Set([19, 21, 33, 35, 45, 46, 47, 56]);

/** How a cell style shows a number: as a date (a day, perhaps with its time), or as a time without a day. */
export type DateStyle = { kind: 'date' } | { kind: 'time'; seconds: boolean; elapsed: boolean };

/**
 * A format code's date style, read outside quoted text, escaped characters and [..] blocks (but `[h]`, elapsed
 * time): a date with y/m/d/h/s, a time when it shows hours or seconds but no year or day (`m` alone is a month).
 */
export function dateStyleOf(code: string): DateStyle | null {
  const section = code.replace(/"[^"]*"/g, '').replace(/\\./g, '').split(';')[0] ?? '';
  const elapsed = /\[(h+|m+|s+)]/i.test(section);
  const bare = section.replace(/\[[^\]]*]/g, '');
  if (!elapsed && !/[ymdhsYMDHS]/.test(bare)) return null;
  if (/[ydYD]/.test(bare) || (!elapsed && !/[hsHS]/.test(bare))) return { kind: 'date' };
  return { kind: 'time', seconds: /s/i.test(bare) || /\[s+]/i.test(section), elapsed };
}

/** How a cell style shows a number: as a date, a time, or in a number format of its own (`00000`, `0.00`, `0%`). */
export type CellStyle = DateStyle | { kind: 'number'; code: string };

/** Built-in number formats other than General, text and dates (ECMA-376 18.8.30). */
const NUMBER_FORMAT_CODES: Readonly<Record<number, string>> = {
  1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 9: '0%', 10: '0.00%', 11: '0.00E+00', 12: '# ?/?', 13: '# ??/??',
  37: '#,##0 ;(#,##0)', 38: '#,##0 ;[Red](#,##0)', 39: '#,##0.00;(#,##0.00)', 40: '#,##0.00;[Red](#,##0.00)', 48: '##0.0E+0',
};

function styleOf(id: number, custom: ReadonlyMap<number, string>): CellStyle | null {
  const code = custom.get(id);
  if (code === undefined) return builtInStyle(id) ?? (NUMBER_FORMAT_CODES[id] ? { kind: 'number', code: NUMBER_FORMAT_CODES[id] } : null);
  return dateStyleOf(code) ?? (/^\s*(general|@)?\s*$/i.test(code) ? null : { kind: 'number', code });
}

function builtInStyle(id: number): DateStyle | null {
  if (!DATE_FORMAT_IDS.has(id)) return null;
  return TIME_FORMAT_IDS.has(id) ? { kind: 'time', seconds: SECONDS_FORMAT_IDS.has(id), elapsed: id === 46 } : { kind: 'date' };
}

/** `xl/` + `worksheets/sheet1.xml`, or an absolute `/xl/...` target; `..` resolved. */
function resolveTarget(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `${base}/${target}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

export async function readWorkbook(zip: ZipArchive): Promise<WorkbookInfo> {
  const listed: Array<{ name: string; hidden: boolean; rid: string | undefined }> = [];
  let date1904 = false;
  const workbook = await zip.open('xl/workbook.xml');
  if (workbook) {
    await parseXmlWhole(workbook, {
      open(name, attributes) {
        if (name === 'sheet') listed.push({ name: attributes.name ?? '', hidden: (attributes.state ?? 'visible') !== 'visible', rid: prefixedAttribute(attributes, 'id') });
        else if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      },
      close() {},
    });
  }
  const targets = new Map<string, { type: string; target: string }>();
  const rels = await zip.open('xl/_rels/workbook.xml.rels');
  if (rels) {
    await parseXmlWhole(rels, {
      open(name, attributes) {
        if (name === 'Relationship' && attributes.Id && attributes.Target && attributes.TargetMode !== 'External') {
          targets.set(attributes.Id, { type: attributes.Type ?? '', target: resolveTarget('xl', attributes.Target) });
        }
      },
      close() {},
    });
  }
  const byType = (suffix: string, fallback: string) => {
    for (const { type, target } of targets.values()) if (type.endsWith(suffix)) return target;
    return zip.has(fallback) ? fallback : null;
  };
  const sheets = listed.map((sheet, index) => {
    const target = sheet.rid ? targets.get(sheet.rid)?.target : undefined;
    const guess = `xl/worksheets/sheet${index + 1}.xml`;
    const part = target && zip.has(target) ? target : zip.has(guess) && !target ? guess : null;
    return { name: sheet.name, hidden: sheet.hidden, part };
  });
  return { sheets, date1904, leapDay1900: await countsLeapDay(zip), sharedStrings: byType('/sharedStrings', 'xl/sharedStrings.xml'), styles: byType('/styles', 'xl/styles.xml') };
}

/** For each cell style index (the `s` of a cell): how its number format shows a number (null: as it is). */
export async function readCellStyles(zip: ZipArchive, part: string | null): Promise<Array<CellStyle | null>> {
  const source = part ? await zip.open(part) : null;
  if (!source) return [];
  const custom = new Map<number, string>();
  const xfs: number[] = [];
  let inCellXfs = false;
  await parseXmlWhole(source, {
    open(name, attributes) {
      if (name === 'numFmt') custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) xfs.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return xfs.map((id) => styleOf(id, custom));
}

/**
 * Office escapes characters XML cannot hold as `_xHHHH_` (ST_Xstring, ECMA-376 22.9.2.19): `_x000D_` is a
 * carriage return, and a literal `_x` is itself written `_x005F_x`. Undone here for every text a cell holds.
 */
export function unescapeOfficeText(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** The shared string table: each `<si>` is the text of its `<t>` runs; phonetic guides (`<rPh>`) are not text. */
export async function readSharedStrings(zip: ZipArchive, part: string | null): Promise<string[]> {
  const source = part ? await zip.open(part) : null;
  if (!source) return [];
  const strings: string[] = [];
  let current = '';
  let inT = false;
  let phonetic = 0;
  await parseXmlWhole(source, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inT = true;
    },
    text(text) {
      if (inT) current += text;
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.push(unescapeOfficeText(current));
    },
  });
  return strings;
}

/** Excel's 1900 system counts a 1900-02-29 that never was; LibreOffice and OpenOffice, writing it, do not. */
async function countsLeapDay(zip: ZipArchive): Promise<boolean> {
  const source = await zip.open('docProps/app.xml');
  if (!source) return true;
  let application = '';
  let inApplication = false;
  await parseXmlWhole(source, {
    open(name) {
      inApplication = name === 'Application';
    },
    text(text) {
      if (inApplication) application += text;
    },
    close() {
      inApplication = false;
    },
  });
  return !/libreoffice|openoffice/i.test(application);
}
