import type { FieldDef, FieldType } from '../../../../shared/forms/fields.ts';
import { instantOf, type Cell } from '../io/index.ts';

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
export interface CellContext {
  directory: Directory;
  /** IANA zone of the space: spreadsheet date-times are wall-clock times in it. */
  zone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A spreadsheet date holds the day in its UTC fields (see read-xlsx): that day, never shifted. */
const dayOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
/** "2026-11-22 08:30" typed without a zone is a wall-clock time of the space. */
const LOCAL_DATETIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** A wall-clock date-time of the space as an instant; null when the parts name no real moment (validation says why). */
function localDateTime(text: string, zone: string): string | null {
  const m = LOCAL_DATETIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const ms = Number((m[7] ?? '').padEnd(3, '0'));
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, second, ms);
  const real = wall.getUTCFullYear() === year && wall.getUTCMonth() === month - 1 && wall.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return real ? new Date(instantOf(wall.getTime(), zone)).toISOString() : null;
}

/**
 * One sheet cell → the value the record API expects. Only the form is converted here (text to lists, names to
 * ids, spreadsheet dates to ISO in the space's zone); whether the value is allowed is checkedValues' decision.
 */
export function cellValue(field: FieldDef, cell: Cell, context: CellContext): unknown {
  if (cell === null || cell === undefined) return null;
  const { directory, zone } = context;
  const text = cell instanceof Date ? dayOf(cell) : String(cell).trim();
  if (text === '') return null;
  switch (field.type) {
    case 'number':
    case 'amount':
      return typeof cell === 'number' ? cell : text.replace(/^[¥$]/, '');
    case 'date':
      return cell instanceof Date ? dayOf(cell) : text.replace(/\//g, '-').replace(/^(\d{4})-(\d)-/, '$1-0$2-').replace(/-(\d)$/, '-0$1');
    case 'datetime':
      if (cell instanceof Date) return new Date(instantOf(cell.getTime(), zone)).toISOString();
      return localDateTime(text, zone) ?? text;
    case 'multiselect':
    case 'checkbox':
      return text.split(/[,，;；、]/).map((s) => s.trim()).filter(Boolean);
    case 'member':
      return /^[0-9]{1,18}$/.test(text) ? text : (directory.users.get(text.toLowerCase()) ?? text);
    case 'department':
      return /^[0-9]{1,18}$/.test(text) ? text : (directory.departments.get(text.toLowerCase()) ?? text);
    default:
      return text;
  }
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
