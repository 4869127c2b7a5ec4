import { createReadStream, ReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { FailureLatch } from './latch.ts';
import type { RawRow } from './read-csv.ts';
import { ImportFileError, type Cell } from './types.ts';

/** The parts of exceljs's streaming reader that its typings leave out (exceljs 4.4, lib/stream/xlsx). */
interface ReaderInternals {
  model?: { sheets?: { name: string }[] };
  properties?: { model?: { date1904?: boolean } };
}
interface SheetInternals {
  name: string;
  /** The sheet XML: a zip entry iterator, or a temp-file ReadStream when exceljs had to park the sheet. */
  iterator?: unknown;
}

/**
 * Streams the rows of the first worksheet. Excel stores sharedStrings.xml after the sheets, so exceljs
 * parks each sheet in a temp file and parses it once the strings are known: memory stays flat, the disk
 * holds the inflated sheet for a moment. styles are cached (one small XML) because without the number
 * formats a date is indistinguishable from a number; hyperlinks are ignored.
 */
export async function* readXlsxRows(path: string): AsyncGenerator<RawRow> {
  const input = createReadStream(path, { highWaterMark: 256 * 1024 });
  const failure = watchUnzip(input);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const internals = reader as unknown as ReaderInternals;
  const sheets = reader[Symbol.asyncIterator]();
  let chosen = false;
  let finished = false;
  let current: SheetInternals | undefined;
  try {
    for (let next = await failure.guard(sheets.next()); !next.done; next = await failure.guard(sheets.next())) {
      const sheet = next.value as unknown as SheetInternals;
      if (chosen || !isFirstSheet(internals, sheet.name)) {
        skipSheet(sheet);
        continue;
      }
      chosen = true;
      current = sheet;
      const date1904 = internals.properties?.model?.date1904 === true;
      const rows = next.value[Symbol.asyncIterator]();
      for (let row = await failure.guard(rows.next()); !row.done; row = await failure.guard(rows.next())) {
        yield { cells: rowCells(row.value, date1904), line: row.value.number };
      }
      current = undefined;
    }
    finished = true;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('forms.import.malformed');
  } finally {
    // After an unzip error exceljs may be stuck for good: awaiting it again would hang this request.
    if (!finished && !failure.failed) await abandon(sheets, current, failure);
    input.destroy();
  }
}

/**
 * exceljs pipes our stream into an unzipper parser it keeps to itself, and when that parser fails (a
 * corrupt deflate stream, a bad local header) exceljs can wait forever on a temp file that never
 * finishes. Catching the parser at `pipe` time lets every await fail on its first error instead.
 */
function watchUnzip(input: ReadStream): FailureLatch {
  const latch = new FailureLatch();
  input.on('error', latch.fail);
  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    destination.on('error', latch.fail);
    return pipe(destination, options);
  };
  return latch;
}

/** "First" is the first tab in workbook.xml; if exceljs could not match the sheet to it, take what comes. */
function isFirstSheet(reader: ReaderInternals, name: string): boolean {
  const sheets = reader.model?.sheets;
  if (!sheets?.length) return true;
  return sheets[0]?.name === name || !sheets.some((sheet) => sheet.name === name);
}

function skipSheet(sheet: SheetInternals): void {
  // A parked sheet's temp file is deleted by exceljs once we move on; an unread ReadStream would keep its
  // descriptor open. A zip entry is drained by exceljs itself.
  if (sheet.iterator instanceof ReadStream) sheet.iterator.destroy();
}

/**
 * Leaving early (row limit, a consumer that stops): when the sheets were parked in temp files, the zip is
 * already read and walking the rest of the iterator only lets exceljs delete those files; when the sheet
 * came straight from the zip, there are no temp files and stopping the iterator is enough.
 */
async function abandon(
  sheets: AsyncGenerator<unknown>,
  current: SheetInternals | undefined,
  failure: FailureLatch,
): Promise<void> {
  try {
    if (current?.iterator instanceof ReadStream) {
      current.iterator.destroy();
      for (let next = await failure.guard(sheets.next()); !next.done; next = await failure.guard(sheets.next())) {
        skipSheet(next.value as SheetInternals);
      }
    } else {
      await failure.guard(sheets.return(undefined));
    }
  } catch {
    // already failing or abandoned: the first error is the one that matters
  }
}

function rowCells(row: ExcelJS.Row, date1904: boolean): Cell[] {
  const cells: Cell[] = [];
  row.eachCell((cell, column) => {
    cells[column - 1] = toCell(cell.value, cell.numFmt, date1904);
  });
  for (let i = 0; i < cells.length; i++) cells[i] ??= null; // eachCell skips blanks: fill the holes
  return cells;
}

/** exceljs cell value → Cell: rich text → text, formula → its cached result, hyperlink → text, error → null. */
function toCell(value: unknown, numFmt: string | undefined, date1904: boolean): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null; // NaN: a cached #DIV/0!
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if ('error' in v) return null;
  if (Array.isArray(v.richText)) {
    return (v.richText as { text?: unknown }[]).map((run) => (typeof run.text === 'string' ? run.text : '')).join('');
  }
  if ('formula' in v || 'sharedFormula' in v) {
    // The streaming reader converts plain date cells itself but leaves formula results as serial numbers.
    if (typeof v.result === 'number' && isDateFormat(numFmt)) return excelDate(v.result, date1904);
    return toCell(v.result, undefined, date1904);
  }
  if ('text' in v) return toCell(v.text, numFmt, date1904);
  return null;
}

/** Same rule as exceljs: a date format has y/m/d/h/s outside quoted text and [colour]/[locale] blocks. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

function excelDate(serial: number, date1904: boolean): Date | null {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? null : date;
}
