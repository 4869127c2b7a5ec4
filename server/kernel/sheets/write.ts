import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { AppError } from '../errors.ts';
import { escapeFormula } from './csv-escape.ts';
import { FailureLatch } from './latch.ts';
import type { Cell, SheetKind } from './types.ts';

export interface RowWriter {
  write(cells: Cell[]): Promise<void> | void;
  /** Finishes the file; `rows` counts data rows (not the header). */
  close(): Promise<{ bytes: number; rows: number }>;
}

/** Excel's own limits: more rows cannot be opened, a longer text cell makes Excel "repair" the file. */
export const XLSX_MAX_DATA_ROWS = 1_048_576 - 1;
const XLSX_MAX_CELL_CHARS = 32_767;
/** One fs write per ~64K chars: a write per row costs more than building the line. */
const CSV_FLUSH_CHARS = 64 * 1024;
/**
 * Date cells hold a wall-clock time in their UTC fields (the caller converts instants to the space's zone). The
 * csv text and the xlsx number formats agree, and both sort as text.
 */
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const DAY_FORMAT = 'yyyy-mm-dd';

/** How a column's Date cells are shown: a calendar day, or a date and time (the default). */
export type ColumnFormat = 'date' | 'datetime' | undefined;

/**
 * Office's `_xHHHH_` escape (ECMA-376 22.9.2.19) for what XML cannot hold or exceljs would drop: control
 * characters, a CR (XML turns it into LF), DEL; and a literal `_xHHHH_` gets its `_` escaped so it survives.
 * Excel and our reader undo it; the text a user sees is the text the record holds.
 */
function escapeOfficeText(text: string): string {
  if (!/[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\x7f]|_x[0-9A-Fa-f]{4}_/.test(text)) return text;
  return text
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
    .replace(/[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\x7f]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

/**
 * Streaming writer to a file: the header row is written at once, then each `write` appends one row.
 * Await every write: it resolves late when the disk (or the zip compressor) is behind, which is what
 * keeps a 1,000,000-row export at a flat few MB. A Date is written as the wall-clock time of its UTC fields,
 * as a day or a date and time by its column's format.
 */
/** xlsx only: a column whose cells must be one of `options` (a dropdown in Excel, WPS and LibreOffice). */
export interface ListValidation {
  /** 0-based column. */
  column: number;
  options: string[];
}

export async function openWriter(path: string, kind: SheetKind, header: string[], sheetName?: string, formats: ColumnFormat[] = [], lists: ListValidation[] = []): Promise<RowWriter> {
  const writer = kind === 'csv' ? new CsvWriter(path, formats) : new XlsxWriter(path, sheetName, formats, lists);
  await writer.writeHeader(header);
  return writer;
}

/** The output file's first error makes the next write or close throw it, and a pending wait fail. */
function watchFile(file: WriteStream): FailureLatch {
  const latch = new FailureLatch();
  file.on('error', latch.fail);
  return latch;
}

/** UTF-8 with BOM (Excel reads BOM-less csv as the ANSI code page, garbling Chinese), CRLF, RFC 4180. */
class CsvWriter implements RowWriter {
  private readonly file: WriteStream;
  private readonly failure: FailureLatch;
  private buffer = '\uFEFF';
  private rows = 0;

  constructor(
    path: string,
    private readonly formats: ColumnFormat[],
  ) {
    this.file = createWriteStream(path);
    this.failure = watchFile(this.file);
  }

  writeHeader(header: string[]): Promise<void> | void {
    this.buffer += csvLine(header, []);
    return this.flush();
  }

  write(cells: Cell[]): Promise<void> | void {
    this.failure.check();
    this.buffer += csvLine(cells, this.formats);
    this.rows++;
    if (this.buffer.length >= CSV_FLUSH_CHARS) return this.flush();
  }

  async close(): Promise<{ bytes: number; rows: number }> {
    this.failure.check();
    this.file.end(this.buffer);
    this.buffer = '';
    await finished(this.file);
    return { bytes: this.file.bytesWritten, rows: this.rows };
  }

  private flush(): Promise<void> | void {
    const chunk = this.buffer;
    this.buffer = '';
    if (!this.file.write(chunk)) return this.failure.guard(once(this.file, 'drain')).then(() => {});
  }
}

function csvLine(cells: readonly Cell[], formats: readonly ColumnFormat[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ',';
    line += csvField(cells[i] ?? null, formats[i]);
  }
  return `${line}\r\n`;
}

/** `2024-02-29` or `2024-02-29 23:59:00` (with `.123` only when there are milliseconds: nothing is lost). */
function csvDate(date: Date, format: ColumnFormat): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  if (format === 'date') return iso.slice(0, 10);
  const ms = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${ms === '000' ? '' : `.${ms}`}`;
}

function csvField(cell: Cell, format: ColumnFormat): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return csvDate(cell, format);
  const text = escapeFormula(cell) as string;
  // A separator another program might use is quoted too, so reading the file back never takes it for one.
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The pieces of exceljs 4.4's streaming writer used for back-pressure and the date format (untyped). */
interface WriterInternals {
  styles?: { model?: { numFmts?: unknown[]; styles?: unknown[] }; _dateStyleId?: number; addStyleModel?: (model: unknown, cellType: number) => number };
}
/** exceljs's streaming sheet has data validations; its typings only declare them on the in-memory one. */
interface SheetValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}
interface SheetStreamInternals {
  stream?: { pipes?: NodeJS.EventEmitter[] };
}

/** exceljs stream.xlsx.WorkbookWriter: no shared strings (they would pile up in memory), no style table. */
class XlsxWriter implements RowWriter {
  private readonly file: WriteStream;
  private readonly failure: FailureLatch;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private rows = 0;

  private readonly dayColumns: number[];

  constructor(
    path: string,
    sheetName: string | undefined,
    formats: ColumnFormat[],
    private readonly lists: ListValidation[],
  ) {
    this.file = createWriteStream(path);
    this.failure = watchFile(this.file);
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: this.file, useStyles: false, useSharedStrings: false });
    useDateFormats(this.workbook as unknown as WriterInternals);
    this.dayColumns = formats.flatMap((format, index) => (format === 'date' ? [index + 1] : []));
    this.sheet = this.workbook.addWorksheet(safeSheetName(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
    // Options live in a hidden sheet, one column per list: no 255-character limit, commas in options allowed.
    lists.forEach((list, index) => {
      const column = columnName(list.column + 1);
      const range = `'${OPTIONS_SHEET}'!$${columnName(index + 1)}$1:$${columnName(index + 1)}$${Math.max(list.options.length, 1)}`;
      (this.sheet as unknown as SheetValidations).dataValidations.add(`${column}2:${column}${XLSX_MAX_DATA_ROWS + 1}`, { type: 'list', allowBlank: true, formulae: [range], showErrorMessage: true });
    });
  }

  writeHeader(header: string[]): Promise<void> | void {
    return this.commit(header, false);
  }

  write(cells: Cell[]): Promise<void> | void {
    this.failure.check();
    if (this.rows >= XLSX_MAX_DATA_ROWS) throw new AppError(422, 'forms.export.xlsxRowLimit', { max: XLSX_MAX_DATA_ROWS });
    this.rows++;
    return this.commit(cells, true);
  }

  async close(): Promise<{ bytes: number; rows: number }> {
    this.failure.check();
    this.sheet.commit();
    if (this.lists.length) {
      const options = this.workbook.addWorksheet(OPTIONS_SHEET, { state: 'hidden' });
      const longest = Math.max(...this.lists.map((list) => list.options.length));
      for (let i = 0; i < longest; i++) options.addRow(this.lists.map((list) => (list.options[i] === undefined ? null : xlsxValue(list.options[i]!)))).commit();
      options.commit();
    }
    await this.failure.guard(this.workbook.commit());
    return { bytes: this.file.bytesWritten, rows: this.rows };
  }

  private commit(cells: readonly Cell[], data: boolean): Promise<void> | void {
    const row = this.sheet.addRow(cells.map((cell, index) => (isBeforeSerials(cell) ? csvDate(cell, this.dayColumns.includes(index + 1) ? 'date' : 'datetime') : xlsxValue(cell))));
    if (data) for (const column of this.dayColumns) if (cells[column - 1] instanceof Date && !isBeforeSerials(cells[column - 1])) row.getCell(column).style = DAY_STYLE;
    row.commit();
    // exceljs ignores back-pressure (exceljs#734): a committed row goes to the sheet's buffer, which writes
    // into the PassThrough archiver wrapped it in without looking at the result. That PassThrough's
    // needDrain is the only honest "the compressor is behind" signal, so wait for its drain.
    const pipe = (this.sheet as unknown as SheetStreamInternals).stream?.pipes?.[0] as
      | (NodeJS.EventEmitter & { writableNeedDrain?: boolean; _writableState?: { needDrain?: boolean } })
      | undefined;
    if (pipe && (pipe.writableNeedDrain ?? pipe._writableState?.needDrain)) return this.failure.guard(once(pipe, 'drain')).then(() => {});
  }
}

/**
 * Excel shows no date before 1900 and every one before 1900-03-01 a day off (its serial 60 is the fictitious
 * 1900-02-29), so such a date is written as the text a person reads, which the import reads back exactly.
 */
const FIRST_TRUE_SERIAL = Date.UTC(1900, 2, 1);
const isBeforeSerials = (cell: Cell | undefined): cell is Date => cell instanceof Date && cell.getTime() < FIRST_TRUE_SERIAL;

/**
 * A cell as exceljs writes it. Text goes as an inline string (`<is><t xml:space="preserve">`), never as exceljs's
 * default formula-string cell (`t="str"`), which LibreOffice trims on open and whose `_x000D_` it shows as is.
 */
function xlsxValue(cell: Cell | undefined): ExcelJS.CellValue {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell;
  if (typeof cell === 'string') {
    const text = escapeOfficeText(cell);
    return { richText: [{ text: text.length > XLSX_MAX_CELL_CHARS ? text.slice(0, XLSX_MAX_CELL_CHARS) : text }] };
  }
  return cell;
}

/** The style object date-only cells share: the style table below recognises it by identity. */
const DAY_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: DAY_FORMAT });

/**
 * Without a style table exceljs gives every Date the built-in short date format (hiding the time of day), and
 * a full style table hashes every cell's style. Its stand-in table is kept, with two date styles added: days
 * ('yyyy-mm-dd', for cells given DAY_STYLE) and date-times ('yyyy-mm-dd hh:mm:ss', every other Date).
 * Written against exceljs 4.4 internals; if they change, dates just fall back to the short format.
 */
function useDateFormats(workbook: WriterInternals): void {
  const styles = workbook.styles;
  if (!styles?.model?.numFmts || !styles.model.styles || styles._dateStyleId !== undefined) return;
  styles.model.numFmts.push({ id: 164, formatCode: DATE_TIME_FORMAT }, { id: 165, formatCode: DAY_FORMAT });
  const dateTimeId = styles.model.styles.length;
  styles.model.styles.push({ numFmtId: 164, fontId: 0, fillId: 0, borderId: 0, xfId: 0 }, { numFmtId: 165, fontId: 0, fillId: 0, borderId: 0, xfId: 0 });
  styles._dateStyleId = dateTimeId;
  const dayId = dateTimeId + 1;
  const dateType = ExcelJS.ValueType.Date;
  styles.addStyleModel = (model: unknown, cellType: number) => (cellType === dateType ? (model === DAY_STYLE ? dayId : dateTimeId) : 0);
}

const OPTIONS_SHEET = 'Options';

/** 1 → A, 27 → AA. */
function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel refuses names over 31 characters or with \ / ? * [ ] : and names starting or ending with '. */
function safeSheetName(name: string | undefined): string {
  const cleaned = (name ?? '').replace(/[\\/?*[\]:]/g, '_').replace(/^'+|'+$/g, '').slice(0, 31).trim();
  return cleaned || 'Sheet1';
}
