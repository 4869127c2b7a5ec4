import type { FieldDef, FieldType } from '../../../../shared/forms/fields.ts';
import type { Cell } from '../io/index.ts';

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

const pad = (n: number) => String(n).padStart(2, '0');
/** Excel stores a date cell as midnight UTC of that day. */
const dayOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
/** "2026-11-22 08:30" typed without a zone means the plant's local time. */
const LOCAL_DATETIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** A local date-time as an instant; null when the parts name no real moment (then validation says why). */
function localDateTime(text: string): string | null {
  const m = LOCAL_DATETIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute, second);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && hour < 24 && minute < 60 && second < 60;
  return real ? date.toISOString() : null;
}

/**
 * One sheet cell → the value the shared validation expects. Only the form is converted here (text to lists,
 * names to ids, Excel dates to ISO); whether the value is allowed is validateValues' decision.
 */
export function cellValue(field: FieldDef, cell: Cell, directory: Directory): unknown {
  if (cell === null || cell === undefined) return null;
  const text = cell instanceof Date ? cell.toISOString() : String(cell).trim();
  if (text === '') return null;
  switch (field.type) {
    case 'number':
    case 'amount':
      return typeof cell === 'number' ? cell : text.replace(/^[¥$]/, '');
    case 'date':
      return cell instanceof Date ? dayOf(cell) : text.replace(/\//g, '-').replace(/^(\d{4})-(\d)-/, '$1-0$2-').replace(/-(\d)$/, '-0$1');
    case 'datetime':
      if (cell instanceof Date) return cell.toISOString();
      return localDateTime(text) ?? text;
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
