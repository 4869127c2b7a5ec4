import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { pipeline, Transform, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { ImportFileError, type ImportLimits, type TextEncoding } from './types.ts';
import { unescapeFormula } from './csv-escape.ts';

export interface RawRow {
  cells: (string | number | boolean | Date | null)[];
  /** 1-based position in the file, for messages: csv line where the record ends, xlsx row number. */
  line: number;
  /** Cells whose formula gives an error (`#DIV/0!`, `#N/A`; in a csv, such a value as shown); they read as blank. */
  errors?: FormulaError[];
  /** xlsx: how a number cell's own format shows it (`00007` for 7 in `00000`), by column, where that differs. */
  shown?: string[];
  /** xlsx: the row is hidden in the sheet. */
  hidden?: true;
}

/** A formula error in a cell: its 0-based column and the error the sheet shows. */
export interface FormulaError {
  column: number;
  code: string;
}

/** The error values Excel, WPS and LibreOffice show for a formula that fails. */
const FORMULA_ERRORS = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A', '#SPILL!', '#CALC!', '#GETTING_DATA']);

/**
 * Streams csv records. csv-parse runs ahead of the consumer inside its stream buffer, so lines are taken at
 * parse time (on_record's context, which also remembers the last good one), never from parser.info. The
 * `info` option is not used: it builds an object per record and cost a fifth of an import's parse time.
 */
export async function* readCsvRows(
  path: string,
  encoding: TextEncoding,
  limits: ImportLimits,
): AsyncGenerator<RawRow> {
  let lastRecordLine = 0;
  const parser = parse({
    bom: true,
    delimiter: sniffDelimiter(headText(path, encoding)),
    relax_column_count: true,
    skip_empty_lines: true,
    // Bounds the memory one record may take (an unclosed quote swallows the rest of the file otherwise);
    // no importable record is bigger than every column filled to the cell limit.
    max_record_size: limits.maxColumns * limits.maxCellChars,
    // csv-parse types on_record as returning a record; returning our row shape is what it passes on.
    on_record: ((record: string[], context: { lines: number }) => {
      lastRecordLine = context.lines;
      // Our csv exports write text a spreadsheet would run or change as `="…"`, or with one apostrophe (write.ts):
      // undone exactly. Excel's own `="00123"` cells read as the text they show.
      let errors: FormulaError[] | undefined;
      for (let i = 0; i < record.length; i++) {
        const first = record[i]!.charCodeAt(0);
        if (first === 39 || first === 61) record[i] = unescapeFormula(record[i]!);
        else if (first === 35 && FORMULA_ERRORS.has(record[i]!)) {
          // A formula error as an office program saved it ("values as shown"): blank, and kept beside the row.
          (errors ??= []).push({ column: i, code: record[i]! });
          record[i] = '';
        }
      }
      return errors ? { cells: record, line: context.lines, errors } : { cells: record, line: context.lines };
    }) as unknown as (record: string[]) => string[],
  });
  const source = createReadStream(path, { highWaterMark: 256 * 1024 });
  const stages: (Readable | Transform)[] = encoding === 'gb18030' ? [source, gb18030ToUtf8()] : [source];
  // Errors of any stage destroy the parser, so they surface in the loop below.
  pipeline([...stages, parser], () => {});
  try {
    for await (const row of parser as AsyncIterable<RawRow>) yield row;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // These two are only noticed far after the opening quote; the record that failed starts after the
    // last good one, which is the line a user can go and fix.
    const atRecordStart = error.code === 'CSV_QUOTE_NOT_CLOSED' || error.code === 'CSV_MAX_RECORD_SIZE';
    const line = atRecordStart ? lastRecordLine + 1 : Number(error.lines ?? lastRecordLine + 1);
    throw new ImportFileError('forms.import.csvMalformed', { line });
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * GB18030 → UTF-8, chunk by chunk. TextDecoder in stream mode keeps a multi-byte character split across
 * two chunks; a GB18030 BOM becomes U+FEFF, which csv-parse's `bom` option then strips like a UTF-8 one.
 */
function gb18030ToUtf8(): Transform {
  const decoder = new TextDecoder('gb18030');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8'));
    },
    flush(callback) {
      callback(null, Buffer.from(decoder.decode(), 'utf8'));
    },
  });
}

/** The separators a csv may use: Excel writes `;` where the decimal mark is a comma, some tools a tab. */
const DELIMITERS = [',', ';', '\t'] as const;
const SNIFF_BYTES = 64 * 1024;
const SNIFF_LINES = 10;

/** The first bytes of a file as text, enough for its first lines (a character cut at the end does no harm). */
function headText(path: string, encoding: TextEncoding): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const read = readSync(fd, buffer, 0, SNIFF_BYTES, 0);
    return new TextDecoder(encoding === 'gb18030' ? 'gb18030' : 'utf-8').decode(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
}

/**
 * The csv's separator: of comma, semicolon and tab, the one its first lines hold most often outside quotes; comma
 * when none is there or on a tie, as most files use it.
 */
export function sniffDelimiter(head: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let lines = 0;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' && ++lines >= SNIFF_LINES) break;
    else if (counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: string = ',';
  for (const delimiter of DELIMITERS) if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  return best;
}
