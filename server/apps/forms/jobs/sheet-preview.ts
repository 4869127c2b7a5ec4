import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { fail } from '../../../kernel/errors.ts';
import { checkZip, defaultSheet, detectImportFile, ImportFileError, listXlsxSheets, readSheetRows, type Cell, type ImportLimits, type TextEncoding } from '../../../kernel/sheets/index.ts';

/** Rows shown for choosing the header row: a title block above a header is rarely longer. */
const HEAD_ROWS = 20;
const SAMPLE_ROWS = 5;

export interface SheetChoice {
  /** xlsx: index of the worksheet in tab order. */
  sheet?: number;
  /** 1-based line of the header row in the file. */
  headerRow?: number;
}

export interface SheetPreview {
  kind: 'csv' | 'xlsx';
  encoding?: TextEncoding;
  /** xlsx: every worksheet (the user may choose another); csv: null. */
  sheets: Array<{ name: string; hidden: boolean }> | null;
  sheet: number;
  headerRow: number;
  /** The first rows with their lines, to choose the header row from. */
  rows: Array<{ line: number; cells: Cell[] }>;
  header: Cell[];
  sample: Cell[][];
  /** xlsx: data rows under the header row that the sheet hides (the user imports or skips them). */
  hiddenRows: number;
  /** xlsx: columns (0-based) the sheet hides, flagged in the mapping. */
  hiddenColumns: number[];
  /** xlsx: some numbers shown have formats of their own (`00007`, `0.40`): the rows show them so, as they import. */
  formatted: boolean;
}

const norm = (value: unknown) => String(value ?? '').replace(/\s+/g, '').toLowerCase();

/**
 * The header row: the row whose cells name the most fields (labels, case and spaces ignored), the earliest on
 * a tie. When no row names a field, the first of the fullest rows (a merged title above a header fills one
 * cell; the header fills them all).
 */
export function detectHeaderRow(rows: ReadonlyArray<{ line: number; cells: Cell[] }>, fields: readonly FieldDef[]): number {
  const labels = new Set(fields.map((f) => norm(f.label)));
  let best = { line: rows[0]?.line ?? 1, score: 0 };
  for (const row of rows) {
    const score = new Set(row.cells.filter((cell) => cell !== null && labels.has(norm(cell))).map(norm)).size;
    if (score > best.score) best = { line: row.line, score };
  }
  if (best.score > 0) return best.line;
  const filled = (cells: Cell[]) => cells.filter((cell) => cell !== null).length;
  const most = Math.max(0, ...rows.map((row) => filled(row.cells)));
  return rows.find((row) => filled(row.cells) === most)?.line ?? 1;
}

export interface HeadOptions {
  limits?: Partial<ImportLimits>;
  /** Read the whole file (a preview for the user), or its first rows only (a job's start, guessing fields). */
  whole?: boolean;
}

export type SheetHead = Omit<SheetPreview, 'headerRow' | 'header' | 'sample' | 'hiddenRows'> & { hiddenLines: number[] };

/**
 * The file side of a preview (no database needed): its kind, sheets, and the first rows of the chosen sheet —
 * through the chosen header row and a few rows under it, or the first HEAD_ROWS when the header row is to be
 * detected.
 */
export async function readSheetHead(path: string, choice: SheetChoice = {}, { limits = {}, whole = true }: HeadOptions = {}): Promise<SheetHead> {
  const detected = await detectImportFile(path);
  let sheets: SheetPreview['sheets'] = null;
  let sheet = 0;
  if (detected.kind === 'xlsx') {
    await checkZip(path);
    const listed = await listXlsxSheets(path);
    sheets = listed.map(({ name, hidden }) => ({ name, hidden }));
    sheet = choice.sheet ?? defaultSheet(listed);
    if (!listed[sheet]) throw new ImportFileError('forms.import.noSuchSheet', { sheet: sheet + 1 });
  } else if (choice.sheet !== undefined && choice.sheet !== 0) {
    throw new ImportFileError('forms.import.noSuchSheet', { sheet: choice.sheet + 1 });
  }
  const rows: SheetPreview['rows'] = [];
  let after = 0;
  let hiddenColumns: number[] = [];
  let formatted = false;
  const options = { encoding: detected.encoding, sheet, limits, onHiddenColumns: (columns: number[]) => (hiddenColumns = [...columns]) };
  for await (const row of readSheetRows(path, detected.kind, options)) {
    const shown = row.shown;
    if (shown) formatted = true;
    rows.push({ line: row.line, cells: shown ? row.cells.map((cell, column) => shown[column] ?? cell) : row.cells });
    if (choice.headerRow !== undefined && row.line > choice.headerRow) after++;
    if (rows.length >= HEAD_ROWS && (choice.headerRow === undefined || after >= SAMPLE_ROWS)) break;
  }
  // For the user's preview the file is read through once more: it says how many rows an xlsx hides, and a file
  // of too many rows or a bad line is refused here (readSheetRows refuses it) rather than after its job wrote and
  // rolled back a part of it. A job starts only from a previewed file, so its start needs the first rows only.
  const hiddenLines: number[] = [];
  if (whole) for await (const row of readSheetRows(path, detected.kind, { encoding: detected.encoding, sheet, limits })) if (row.hidden) hiddenLines.push(row.line);
  return { kind: detected.kind, encoding: detected.encoding, sheets, sheet, rows, hiddenColumns, hiddenLines, formatted };
}

/**
 * The mapping step's view of a file: the header row (chosen, or detected with the form's fields) and a few data
 * rows under it. The import job resolves the same way when it starts, so it reads what was previewed.
 */
export function shapePreview(head: SheetHead, fields: readonly FieldDef[], headerRow?: number): SheetPreview {
  const line = headerRow ?? detectHeaderRow(head.rows, fields);
  const at = head.rows.findIndex((row) => row.line === line);
  if (at < 0) throw fail.unprocessable('forms.import.noSuchHeaderRow', { row: line });
  const data = head.rows.slice(at + 1, at + 1 + SAMPLE_ROWS);
  if (data.length === 0) throw fail.unprocessable('forms.import.noRows');
  const { hiddenLines, ...shown } = head;
  const hiddenRows = hiddenLines.filter((hidden) => hidden > line).length;
  return { ...shown, rows: head.rows.slice(0, HEAD_ROWS), headerRow: line, header: head.rows[at]!.cells, sample: data.map((row) => row.cells), hiddenRows };
}
