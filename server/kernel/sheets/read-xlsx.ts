import type { FormulaError, RawRow } from './read-csv.ts';
import { ImportFileError, type Cell, type ImportLimits } from './types.ts';
import { excelDate, shownNumberText, timeText, type DateSystem } from './xlsx-values.ts';
import { readCellStyles, readSharedStrings, readWorkbook, unescapeOfficeText, type CellStyle, type SheetInfo } from './xlsx-parts.ts';
import { parseXml } from './xml-stream.ts';
import { ZipArchive } from './zip-archive.ts';

/** Excel's widest sheet (XFD); a cell reference beyond it is a corrupt file, not a reason to allocate. */
const MAX_COLUMN = 16_384;

export type { SheetInfo };

/** The worksheets of an xlsx, in tab order (for the import's sheet choice). */
export async function listXlsxSheets(path: string, limits: Partial<ImportLimits> = {}): Promise<SheetInfo[]> {
  const zip = await ZipArchive.open(path, limits);
  try {
    return (await guarded(readWorkbook(zip))).sheets;
  } finally {
    zip.close();
  }
}

/** The sheet an import reads when none is chosen: the first visible tab, as Excel opens the file. */
export function defaultSheet(sheets: SheetInfo[]): number {
  const visible = sheets.findIndex((sheet) => !sheet.hidden && sheet.part);
  return visible >= 0 ? visible : 0;
}

/**
 * Streams the rows of one worksheet (`sheet`: its index in tab order; default the first visible one). Our own
 * reader on yauzl + saxes, not exceljs's: see docs/decisions/0020. The workbook, styles and shared strings are
 * read first (random access through the central directory), then the sheet streams, one zip chunk at a time.
 *
 * Cells: text as is (shared, inline or a formula's text result), numbers, booleans, and numbers formatted as
 * dates as a Date whose UTC fields are the wall-clock time the sheet shows (an xlsx has no time zone); errors
 * and blanks are null. Formulas give their cached result.
 */
export async function* readXlsxRows(
  path: string,
  limits: Partial<ImportLimits> = {},
  sheet?: number,
  listeners: SheetListeners = {},
): AsyncGenerator<RawRow> {
  const zip = await ZipArchive.open(path, limits);
  try {
    const workbook = await guarded(readWorkbook(zip));
    const index = sheet ?? defaultSheet(workbook.sheets);
    const chosen = workbook.sheets[index];
    if (!chosen && workbook.sheets.length === 0) throw new ImportFileError('forms.import.malformed');
    if (!chosen) throw new ImportFileError('forms.import.noSuchSheet', { sheet: index + 1 });
    if (!chosen.part) throw new ImportFileError('forms.import.noRows');
    const styles = await guarded(readCellStyles(zip, workbook.styles));
    const strings = await guarded(readSharedStrings(zip, workbook.sharedStrings));
    const source = await zip.open(chosen.part);
    if (!source) throw new ImportFileError('forms.import.malformed');
    const rows = new SheetRows(strings, styles, { date1904: workbook.date1904, leapDay1900: workbook.leapDay1900 }, listeners);
    try {
      for await (const _ of parseXml(source, rows)) {
        for (const row of rows.take()) yield row;
      }
    } catch (error) {
      throw error instanceof ImportFileError ? error : new ImportFileError('forms.import.malformed');
    }
    for (const row of rows.take()) yield row;
  } finally {
    zip.close();
  }
}

async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof ImportFileError ? error : new ImportFileError('forms.import.malformed');
  }
}

/** `B12` → 1 (0-based column); null without letters. */
function columnOf(reference: string | undefined): number | null {
  if (!reference) return null;
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    const upper = code >= 97 ? code - 32 : code;
    if (upper < 65 || upper > 90) break;
    column = column * 26 + (upper - 64);
  }
  return i === 0 ? null : column - 1;
}

/** SAX handlers of a worksheet: collect finished rows until the reader takes them. */
class SheetRows {
  private done: RawRow[] = [];
  private cells: Cell[] = [];
  private errors: FormulaError[] = [];
  private shown: string[] | undefined;
  private hiddenRow = false;
  private readonly hiddenColumns: number[] = [];
  private line = 0;
  private column = -1;
  private type = 'n';
  private style = 0;
  private value = '';
  private capturing = false;
  private inInline = false;
  private phonetic = 0;

  constructor(
    private readonly strings: string[],
    private readonly styles: Array<CellStyle | null>,
    private readonly dates: DateSystem,
    private readonly listeners: SheetListeners,
  ) {}

  take(): RawRow[] {
    const rows = this.done;
    this.done = [];
    return rows;
  }

  open(name: string, attributes: Record<string, string>): void {
    switch (name) {
      case 'col': {
        // `<col min max hidden>`: 1-based, a range; bounded so a corrupt range cannot make a huge list.
        if (attributes.hidden !== '1' && attributes.hidden !== 'true') break;
        const min = Math.max(1, Number(attributes.min) || 1);
        const max = Math.min(MAX_COLUMN, Number(attributes.max) || min);
        for (let column = min; column <= max && this.hiddenColumns.length < MAX_COLUMN; column++) this.hiddenColumns.push(column - 1);
        break;
      }
      case 'row': {
        const number = Number(attributes.r);
        this.line = Number.isInteger(number) && number > 0 ? number : this.line + 1;
        this.cells = [];
        this.errors = [];
        this.shown = undefined;
        this.hiddenRow = attributes.hidden === '1' || attributes.hidden === 'true';
        this.column = -1;
        break;
      }
      case 'c': {
        const column = columnOf(attributes.r);
        this.column = column ?? this.column + 1;
        if (this.column >= MAX_COLUMN) throw new ImportFileError('forms.import.malformed');
        this.type = attributes.t ?? 'n';
        this.style = attributes.s ? Number(attributes.s) : 0;
        this.value = '';
        break;
      }
      case 'v':
        this.capturing = true;
        break;
      case 'is':
        this.inInline = true;
        break;
      case 'rPh':
        this.phonetic++;
        break;
      case 't':
        if (this.inInline && this.phonetic === 0) this.capturing = true;
        break;
    }
  }

  text(text: string): void {
    if (this.capturing) this.value += text;
  }

  close(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.capturing = false;
        break;
      case 'is':
        this.inInline = false;
        break;
      case 'cols':
        if (this.hiddenColumns.length) this.listeners.onHiddenColumns?.(this.hiddenColumns);
        break;
      case 'rPh':
        this.phonetic--;
        break;
      case 'c':
        this.cells[this.column] = this.cell();
        break;
      case 'row':
        for (let i = 0; i < this.cells.length; i++) this.cells[i] ??= null; // sparse rows: fill the holes
        const row: RawRow = { cells: this.cells, line: this.line };
        if (this.errors.length) row.errors = this.errors;
        if (this.shown) row.shown = this.shown;
        if (this.hiddenRow) row.hidden = true;
        this.done.push(row);
        break;
    }
  }

  private cell(): Cell {
    const raw = this.value;
    switch (this.type) {
      case 's':
        return raw === '' ? null : (this.strings[Number(raw)] ?? null);
      case 'str':
      case 'inlineStr':
        return unescapeOfficeText(raw);
      case 'b':
        return raw === '1' || raw === 'true';
      case 'e':
        // Blank as a value; kept beside the row so an import can refuse the row with the error it shows.
        if (raw.trim()) this.errors.push({ column: this.column, code: raw.trim() });
        return null;
      case 'd': {
        // ISO 8601 without a zone is the sheet's wall-clock time, like a formatted serial.
        const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) || !raw.includes('T') ? raw : `${raw}Z`);
        return Number.isNaN(date.getTime()) ? null : date;
      }
      default: {
        if (raw.trim() === '') return null;
        const number = Number(raw);
        if (!Number.isFinite(number)) return null;
        const style = this.styles[this.style];
        if (!style) return number;
        if (style.kind === 'number') {
          const text = shownNumberText(style.code, number);
          if (text !== null && text !== String(number)) (this.shown ??= [])[this.column] = text;
          return number;
        }
        return style.kind === 'time' ? timeText(number, style) : excelDate(number, this.dates);
      }
    }
  }
}

/** What a worksheet says of itself before its rows: its hidden columns. */
export interface SheetListeners {
  onHiddenColumns?: (columns: number[]) => void;
}
