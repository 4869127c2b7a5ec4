import type { FieldType } from '../../../shared/forms/fields.ts';
import type { Cell } from '../../kernel/sheets/index.ts';

/** A field guessed from one spreadsheet column: the designer's starting point, edited by the user before creating. */
export interface GuessedField {
  /** 0-based column of the sheet (the import mapping's key). */
  column: number;
  label: string;
  type: Extract<FieldType, 'text' | 'textarea' | 'number' | 'date' | 'datetime' | 'select'>;
  options?: string[];
  /** Numbers: the most decimal places the column shows (so 121 stays 121 and 1.25 keeps its 2). */
  decimals?: number;
}

/** At most this many distinct values make a select, and only when values repeat (a list of names is text). */
export const SELECT_MAX_OPTIONS = 12;
const LABEL_MAX = 60;
const LONG_TEXT = 200;
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE_TEXT = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$/;
const DATETIME_TEXT = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * With no form yet to match labels against, the header is the first row filling at least half as many cells as
 * the fullest row: a title line above it fills one cell, a header with a blank or two still fills most.
 */
export function guessHeaderRow(rows: ReadonlyArray<{ line: number; cells: readonly Cell[] }>): number {
  const filled = (cells: readonly Cell[]) => cells.filter((cell) => cell !== null).length;
  const most = Math.max(0, ...rows.map((row) => filled(row.cells)));
  const enough = most >= 2 ? Math.max(2, Math.ceil(most / 2)) : 1;
  return rows.find((row) => filled(row.cells) >= enough)?.line ?? 1;
}

/** Decimal places as written (csv) or as the shortest form of the stored number (xlsx). */
function decimalPlaces(value: Exclude<Cell, null>): number {
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  if (/e-/i.test(text)) return 8;
  if (/e/i.test(text)) return 0;
  return text.split('.')[1]?.length ?? 0;
}

const isMidnight = (date: Date) => date.getTime() % 86_400_000 === 0;

function kindOf(cell: Exclude<Cell, null>): 'number' | 'date' | 'datetime' | 'text' {
  if (typeof cell === 'number') return 'number';
  if (cell instanceof Date) return isMidnight(cell) ? 'date' : 'datetime';
  if (typeof cell === 'boolean') return 'text';
  const text = cell.trim();
  if (NUMBER_TEXT.test(text)) return 'number';
  if (DATE_TEXT.test(text)) return 'date';
  if (DATETIME_TEXT.test(text)) return 'datetime';
  return 'text';
}

function typeOf(values: Array<Exclude<Cell, null>>): Pick<GuessedField, 'type' | 'options' | 'decimals'> {
  if (values.length === 0) return { type: 'text' };
  const kinds = new Set(values.map(kindOf));
  if (kinds.size === 1 && kinds.has('number')) return { type: 'number', decimals: Math.min(8, Math.max(...values.map(decimalPlaces))) };
  if (kinds.size === 1 && !kinds.has('text')) return { type: [...kinds][0] as 'date' | 'datetime' };
  // A column of dates with some date-times is a date-time column.
  if (kinds.size === 2 && kinds.has('date') && kinds.has('datetime')) return { type: 'datetime' };
  const texts = values.map((value) => (value instanceof Date ? value.toISOString() : String(value).trim()));
  const distinct = [...new Set(texts)];
  if (distinct.length <= SELECT_MAX_OPTIONS && distinct.length < texts.length && distinct.every((t) => t.length <= LABEL_MAX)) return { type: 'select', options: distinct };
  return { type: texts.some((t) => t.length > LONG_TEXT || t.includes('\n')) ? 'textarea' : 'text' };
}

/**
 * Fields for the columns of a sheet: labels from the header row (a blank header cell gets `fallback(n)`, a repeated
 * label a number), types from the data rows under it. Columns with neither a header nor a value are left out.
 */
export function guessFields(header: readonly Cell[], rows: ReadonlyArray<readonly Cell[]>, fallback: (column: number) => string): GuessedField[] {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const used = new Map<string, number>();
  const fields: GuessedField[] = [];
  for (let column = 0; column < width; column++) {
    const values = rows.map((row) => row[column] ?? null).filter((cell): cell is Exclude<Cell, null> => cell !== null && String(cell).trim() !== '');
    const named = header[column] === null || header[column] === undefined ? '' : String(header[column]).replace(/\s+/g, ' ').trim();
    if (!named && values.length === 0) continue;
    let label = (named || fallback(column + 1)).slice(0, LABEL_MAX);
    const seen = used.get(label) ?? 0;
    used.set(label, seen + 1);
    if (seen > 0) label = `${label.slice(0, LABEL_MAX - 4)} (${seen + 1})`;
    fields.push({ column, label, ...typeOf(values) });
  }
  return fields;
}
