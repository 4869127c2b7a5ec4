import type { Cell } from './types.ts';

/** Text a spreadsheet would run as a formula when it opens a csv: = + - @, or a tab / CR Excel strips first. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Digit strings an office program turns into a number when it opens a csv: leading zeros lost, digits past 15. */
const FRAGILE_DIGITS = /^(0\d+|\d{12,})$/;
/** Excel keeps a string literal in a formula to 255 characters. */
const LITERAL_MAX = 255;
/** A whole cell that is an Excel text formula, `="…"` with its quotes doubled. */
const TEXT_FORMULA = /^="((?:[^"]|"")*)"$/;

/**
 * CSV only (decision 0105). A csv cell has no type, so text an office program would run (OWASP "CSV injection":
 * = + - @, tab or CR first) or change (leading zeros, long digit strings) is written as a text formula, `="…"`:
 * Excel and WPS show the text itself, with no apostrophe, keep it as text, and run nothing, since the text is a
 * string literal. Text too long for a literal, or holding a line break, gets OWASP's leading apostrophe instead
 * (one more before apostrophes already there). Numbers stay numbers (a real -5 is unaffected). unescapeFormula,
 * which the csv importer applies, gives back exactly what was exported. xlsx needs none of this: its text cells
 * are string cells, never evaluated.
 */
export function escapeFormula(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  const runs = FORMULA_START.test(value);
  if (!runs && !FRAGILE_DIGITS.test(value)) return value;
  if (value.length <= LITERAL_MAX && !/[\r\n]/.test(value)) return `="${value.replace(/"/g, '""')}"`;
  return runs ? `'${value}` : value;
}

/** The inverse of escapeFormula, for csv cells: the text of a text formula, or the text without the one apostrophe added. */
export function unescapeFormula(text: string): string {
  const literal = TEXT_FORMULA.exec(text);
  if (literal) return literal[1]!.replace(/""/g, '"');
  return text.charCodeAt(0) === 39 && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
