import type { FieldDef, FieldType } from '../../../../shared/forms/fields.ts';
import { instantOf, type Cell } from '../../../kernel/sheets/index.ts';
import type { NamedRecord } from '../labels.ts';
import type { RelationNames } from './import-relations.ts';
import { serialWall, shownDateTime, shownDay, shownNumber, wallMs } from './shown-values.ts';

/** Field types a sheet column can fill (files and sub-tables have no one-cell form). */
export const IMPORTABLE: readonly FieldType[] = [
  'text', 'textarea', 'number', 'amount', 'date', 'datetime', 'select', 'multiselect', 'radio', 'checkbox', 'member', 'department',
  'richtext', 'phone', 'email', 'idcard', 'postcode', 'uscc', 'serial', 'relation',
];

/** Names people type for members and departments, mapped to ids (a name shared by two is ambiguous: not mapped). */
export interface Directory {
  users: Map<string, string>;
  departments: Map<string, string>;
}

export function directoryOf(users: Array<{ id: string; name: string; loginId: string }>, departments: Array<{ id: string; name: string }>): Directory {
  const byName = <T extends { id: string }>(rows: T[], keys: (row: T) => string[]) => {
    const map = new Map<string, string>();
    const seen = new Map<string, number>();
    for (const row of rows) for (const key of keys(row)) seen.set(key, (seen.get(key) ?? 0) + 1);
    for (const row of rows) for (const key of keys(row)) if (seen.get(key) === 1) map.set(key, row.id);
    return map;
  };
  return {
    users: byName(users, (u) => [u.name.trim().toLowerCase(), u.loginId.toLowerCase()]),
    departments: byName(departments, (d) => [d.name.trim().toLowerCase()]),
  };
}

/** What a cell conversion needs besides the cell: names of people and departments, and the space's zone. */
/** A cell the import refuses with a reason of its own (the row fails with it; the other rows go on). */
export class CellRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string>,
  ) {
    super(key);
  }
}

export interface CellContext {
  directory: Directory;
  /** Related records by the names a batch's relation cells hold (import-relations.ts); none looked up: ids only. */
  relations?: RelationNames;
  /** IANA zone of the space: spreadsheet date-times are wall-clock times in it. */
  zone: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A spreadsheet date holds the day in its UTC fields (see read-xlsx): that day, never shifted. */
const dayText = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const dayOf = (date: Date) => dayText(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
/** A Date cell as text (for a text field): its day, and its time when it has one. */
const dateText = (date: Date) => {
  const iso = date.toISOString();
  return iso.slice(11, 23) === '00:00:00.000' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
};
const instantText = (wall: number, zone: string) => new Date(instantOf(wall, zone)).toISOString();
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 with an explicit zone or Z: an instant already, left to the record check as it is. */
const ZONED = /T.*(Z|[+-]\d{2}:?\d{2})$/i;

/** A date field's day from a cell: a spreadsheet date, a serial number, or a day (with or without time) as shown. */
function dayValue(cell: Cell, text: string): string {
  if (cell instanceof Date) return dayOf(cell);
  if (ISO_DAY.test(text)) return text;
  const serial = typeof cell === 'number' ? cell : /^\d+(\.\d+)?$/.test(text) && text.length !== 8 ? Number(text) : NaN;
  const wall = serialWall(serial);
  if (wall !== null) return dayOf(new Date(wall));
  const day = shownDay(text) ?? shownDateTime(text);
  return day ? dayText(day.year, day.month, day.day) : text;
}

/** A date-time field's instant: wall-clock values (dates, serials, text without a zone) are in the space's zone. */
function dateTimeValue(cell: Cell, text: string, zone: string): string {
  if (cell instanceof Date) return instantText(cell.getTime(), zone);
  if (ZONED.test(text)) return text;
  const serial = typeof cell === 'number' ? cell : /^\d+(\.\d+)?$/.test(text) && text.length !== 8 ? Number(text) : NaN;
  const wall = serialWall(serial);
  if (wall !== null) return instantText(wall, zone);
  const parts = shownDateTime(text);
  if (parts) return instantText(wallMs(parts), zone);
  const day = shownDay(text);
  return day ? instantText(wallMs({ ...day, hour: 0, minute: 0, second: 0, ms: 0 }), zone) : text;
}

/**
 * A list cell's options. People separate them with any of , ， ; ； 、 (the export writes ", "), but an option may
 * itself hold one (`红,蓝`): at each place the longest run of pieces that is an option is taken whole, and a piece
 * that starts none is taken alone (the record check then names it as no option).
 */
export function chosenOptions(text: string, options: readonly string[]): string[] {
  const known = new Set(options);
  const pieces = text.split(/([,，;；、])/); // separators kept, at the odd places
  const chosen: string[] = [];
  for (let start = 0; start < pieces.length; start += 2) {
    let end = start;
    for (let last = pieces.length - 1; last > start; last -= 2) {
      if (known.has(pieces.slice(start, last + 1).join('').trim())) {
        end = last;
        break;
      }
    }
    const option = pieces.slice(start, end + 1).join('').trim();
    if (option) chosen.push(option);
    start = end;
  }
  return chosen;
}

/**
 * One sheet cell → the value the record API expects. Only the form is converted here (values as shown to plain
 * numbers, days and instants in the space's zone, text to lists, names to ids); what cannot be read with one
 * meaning goes on as text, and whether a value is allowed is checkedValues' decision (with the field's reason).
 */
export function cellValue(field: FieldDef, cell: Cell, context: CellContext, shown?: string): unknown {
  if (cell === null || cell === undefined) return null;
  const { directory, zone } = context;
  const numeric = field.type === 'number' || field.type === 'amount';
  if (typeof cell === 'number' && !numeric) {
    // Excel keeps 15 digits: an ID card or account number typed as a number arrives rounded (shown 1.10101E+17), a
    // value that looks real but is not. Only a number field may take such a number.
    if (Math.abs(cell) >= 1e15) throw new CellRefused('forms.import.roundedNumber', { field: field.label });
    // Anywhere else a number is the text its format shows: `00007`, the postcode `010010`, `12.5%`.
    if (shown !== undefined) return cellValue(field, shown, context);
  }
  if (typeof cell === 'number' && numeric && shown !== undefined) {
    // A format that rounds (`0.00` showing 0.40 for 0.3955) shows the value the person reads and checked.
    const asShown = shownNumber(shown);
    if (asShown !== null && Number(asShown) !== cell) return asShown;
  }
  // A TRUE/FALSE cell as the sheet shows it.
  const text = cell instanceof Date ? dateText(cell) : typeof cell === 'boolean' ? (cell ? 'TRUE' : 'FALSE') : String(cell).trim();
  if (text === '') return null;
  switch (field.type) {
    case 'number':
    case 'amount':
      // Plain decimals (the common case) go straight to the check; only other text is read "as shown".
      return typeof cell === 'number' ? cell : PLAIN_NUMBER.test(text) ? text : (shownNumber(text) ?? text);
    case 'date':
      return dayValue(cell, text);
    case 'datetime':
      return dateTimeValue(cell, text, zone);
    case 'multiselect':
    case 'checkbox':
      return chosenOptions(text, field.options ?? []);
    case 'text':
    case 'textarea':
      // Text keeps what the person typed, spaces and line breaks at its ends included, as the record API does.
      return typeof cell === 'string' ? cell : text;
    case 'relation':
      return relatedId(field, text, context.relations?.get(field.key));
    case 'member':
      return /^[0-9]{1,18}$/.test(text) ? text : (directory.users.get(text.toLowerCase()) ?? text);
    case 'department':
      return /^[0-9]{1,18}$/.test(text) ? text : (directory.departments.get(text.toLowerCase()) ?? text);
    default:
      return text;
  }
}

/**
 * A relation cell → the related record's id: its title or number as the export writes them (one record only;
 * several are refused with their numbers, so the person can choose), `#id`, or an id. A number that is also a
 * title is the titled record, as the export would have written it.
 */
function relatedId(field: FieldDef, text: string, names: ReadonlyMap<string, NamedRecord[]> | undefined): string {
  const named = names?.get(text) ?? [];
  if (named.length === 1) return named[0]!.id;
  if (named.length > 1) {
    const candidates = named.slice(0, 5).map((record) => record.number ?? `#${record.id}`).join(', ');
    throw new CellRefused('forms.import.relationAmbiguous', { field: field.label, name: text, candidates });
  }
  const hashed = /^#([0-9]{1,18})$/.exec(text);
  if (hashed) return hashed[1]!;
  if (/^[0-9]{1,18}$/.test(text) || !names) return text;
  throw new CellRefused('forms.import.relationNotFound', { field: field.label, name: text });
}

/** A column → field mapping by header: the header names a field by its label (case and spaces ignored). */
export function suggestMapping(header: Cell[], fields: readonly FieldDef[]): Record<string, string> {
  const norm = (v: unknown) => String(v ?? '').replace(/\s+/g, '').toLowerCase();
  const mapping: Record<string, string> = {};
  header.forEach((cell, index) => {
    const field = fields.find((f) => IMPORTABLE.includes(f.type) && norm(f.label) === norm(cell));
    if (field && !Object.values(mapping).includes(field.key)) mapping[String(index)] = field.key;
  });
  return mapping;
}
