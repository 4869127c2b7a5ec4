import { readCsvRows, type FormulaError, type RawRow } from './read-csv.ts';
import { readXlsxRows } from './read-xlsx.ts';
import { checkZip } from './zip.ts';
import { ImportFileError, importLimits, type Cell, type ImportLimits, type SheetKind, type TextEncoding } from './types.ts';

export interface ReadSheetOptions {
  /** csv only; what detectImportFile found. Default utf8. */
  encoding?: TextEncoding;
  limits?: Partial<ImportLimits>;
  /** xlsx only: the worksheet's index in tab order; default the first visible one. */
  sheet?: number;
  /** xlsx only: told the sheet's hidden columns (0-based), before its first row. */
  onHiddenColumns?: (columns: number[]) => void;
}

/**
 * Streams the rows of an import file; the first row yielded is the header row. Both formats come out
 * alike: a blank cell is null (csv '' included, so "empty" means one thing downstream), trailing blank
 * cells are dropped (a row may be shorter than the header), rows with no value at all are skipped.
 * Everything else is kept as is: csv cells are untrimmed strings, xlsx cells keep their type.
 *
 * A limit error can come after rows were yielded: the caller must import nothing unless the generator
 * ends normally (buffer the rows, or write them in a transaction it rolls back).
 */
export async function* readSheet(path: string, kind: SheetKind, options: ReadSheetOptions = {}): AsyncGenerator<Cell[]> {
  for await (const row of readSheetRows(path, kind, options)) yield row.cells;
}

/** readSheet with each row's line in the file (csv line where the record ends, xlsx row number). */
export async function* readSheetRows(
  path: string,
  kind: SheetKind,
  options: ReadSheetOptions = {},
): AsyncGenerator<{ cells: Cell[]; line: number; errors?: FormulaError[]; shown?: string[]; hidden?: true }> {
  const limits = importLimits(options.limits);
  let rows: AsyncGenerator<RawRow>;
  if (kind === 'xlsx') {
    // Callers are told to run it first; running it again costs one central-directory read and makes
    // sure no path into exceljs skips the zip-bomb guard.
    await checkZip(path, limits);
    rows = readXlsxRows(path, limits, options.sheet, { onHiddenColumns: options.onHiddenColumns });
  } else {
    rows = readCsvRows(path, options.encoding ?? 'utf8', limits);
  }
  let dataRows = -1; // the header row is not a data row
  for await (const raw of rows) {
    const cells = normalise(raw.cells);
    if (cells.length === 0) continue;
    if (cells.length > limits.maxColumns) {
      throw new ImportFileError('forms.import.tooManyColumns', { max: limits.maxColumns, row: raw.line });
    }
    for (const cell of cells) {
      if (typeof cell === 'string' && cell.length > limits.maxCellChars) {
        throw new ImportFileError('forms.import.cellTooLong', { max: limits.maxCellChars, row: raw.line });
      }
    }
    if (++dataRows > limits.maxRows) throw new ImportFileError('forms.import.tooManyRows', { max: limits.maxRows });
    raw.cells = cells; // the same array, normalised in place
    yield raw as RawRow & { cells: Cell[] };
  }
}

/** In place: '' → null, then trailing nulls dropped; an all-blank row comes back empty. */
function normalise(cells: Cell[]): Cell[] {
  let last = -1;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === '' || cell === undefined) cells[i] = null;
    else if (cell !== null) last = i;
  }
  cells.length = last + 1;
  return cells;
}
