import { SYSTEM_FIELD_KIND, SYSTEM_FIELDS, VALUE_KIND, type FieldDef, type SystemField, type ValueKind } from './fields.ts';

/**
 * Filters of list views and of record-permission conditions: conditions on form or system fields, combined in
 * and/or groups. The server compiles them into SQL parameters (never into SQL text); the renderer builds them.
 */
export const OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'contains', 'startsWith', 'in', 'notIn', 'empty', 'notEmpty'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  field: string;
  op: Operator;
  /** Scalar for eq…lte, contains, startsWith; [from, to] for between; a list for in / notIn; none for empty. */
  value?: unknown;
}

export interface FilterGroup {
  logic: 'and' | 'or';
  items: Array<Condition | FilterGroup>;
}

export const isGroup = (item: Condition | FilterGroup): item is FilterGroup => 'items' in item;

/** Which operators each storage kind understands; anything else on that field is a 422. */
export const OPERATORS_BY_KIND: Record<ValueKind, readonly Operator[]> = {
  text: ['eq', 'ne', 'contains', 'startsWith', 'in', 'notIn', 'empty', 'notEmpty'],
  serial: ['eq', 'ne', 'contains', 'startsWith', 'in', 'notIn', 'empty', 'notEmpty'],
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'notIn', 'empty', 'notEmpty'],
  date: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'],
  datetime: ['gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'],
  texts: ['contains', 'in', 'empty', 'notEmpty'],
  ref: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'],
  json: ['empty', 'notEmpty'],
};

/** Kinds a list may sort on (json values have no order). */
export const SORTABLE_KINDS: readonly ValueKind[] = ['text', 'serial', 'number', 'date', 'datetime', 'ref'];

export const FILTER_LIMITS = { depth: 4, conditions: 50, listValues: 200, text: 200 } as const;

/** The value kind of a form or system field, or null when the form has no such field. */
export function kindOf(fields: readonly FieldDef[], name: string): ValueKind | null {
  if ((SYSTEM_FIELDS as readonly string[]).includes(name)) return SYSTEM_FIELD_KIND[name as SystemField];
  const field = fields.find((f) => f.key === name);
  return field ? VALUE_KIND[field.type] : null;
}

export interface FilterProblem {
  /** Path to the offending condition, e.g. `items.1.items.0`. */
  at: string;
  key: string;
  params?: Record<string, string | number>;
}

const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/** A real calendar day of years 1–9999 (PostgreSQL refuses 2026-02-30 and year 0, which Date.parse accepts). */
function realDay(year: string, month: string, day: string): boolean {
  const y = Number(year), m = Number(month), d = Number(day);
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Whether one value can stand for a field of this kind in SQL: the server binds it cast to the column's type, so
 * anything PostgreSQL would refuse (text for a number, 1e400, Infinity, a day that does not exist, NUL) is the
 * caller's mistake here, never an error of the database. Also checks keyset cursors.
 */
export function valueFitsKind(kind: ValueKind, value: unknown): boolean {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    if (kind === 'ref') return Number.isSafeInteger(value) && value >= 0;
    return kind === 'number' || kind === 'text' || kind === 'serial' || kind === 'texts';
  }
  if (typeof value !== 'string' || value.includes('\u0000')) return false;
  switch (kind) {
    case 'number': {
      // Too big becomes Infinity and too small 0 here; PostgreSQL refuses both as out of range.
      const n = Number(value);
      return NUMBER_TEXT.test(value) && Number.isFinite(n) && (n !== 0 || !/[1-9]/.test(value.split(/[eE]/)[0]!));
    }
    case 'date': {
      const day = DAY.exec(value);
      return !!day && realDay(day[1]!, day[2]!, day[3]!);
    }
    case 'datetime': {
      const at = INSTANT.exec(value);
      // PostgreSQL takes zone offsets up to ±15:59.
      const [hour, minute, second, zoneHour, zoneMinute] = [at?.[4], at?.[5], at?.[6], at?.[7], at?.[8]].map((part) => Number(part ?? 0));
      return !!at && realDay(at[1]!, at[2]!, at[3]!) && hour! < 24 && minute! < 60 && second! < 60 && zoneHour! < 16 && zoneMinute! < 60;
    }
    case 'ref':
      return /^[0-9]{1,18}$/.test(value);
    case 'json':
      return false;
    default:
      return true;
  }
}

const fits = (kind: ValueKind, v: unknown) => (typeof v !== 'string' || v.length <= FILTER_LIMITS.text) && valueFitsKind(kind, v);

function valueProblem(kind: ValueKind, condition: Condition): string | null {
  const { op, value } = condition;
  if (op === 'empty' || op === 'notEmpty') return value === undefined ? null : 'forms.filter.noValueExpected';
  if (op === 'between') return Array.isArray(value) && value.length === 2 && value.every((v) => fits(kind, v)) ? null : 'forms.filter.badValue';
  if (op === 'in' || op === 'notIn')
    return Array.isArray(value) && value.length > 0 && value.length <= FILTER_LIMITS.listValues && value.every((v) => fits(kind, v)) ? null : 'forms.filter.badValue';
  return fits(kind, value) ? null : 'forms.filter.badValue';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every problem of a filter against a form's fields: unknown fields, operators wrong for the type, bad values. */
export function filterProblems(fields: readonly FieldDef[], group: FilterGroup): FilterProblem[] {
  const problems: FilterProblem[] = [];
  let conditions = 0;
  // Filters arrive as JSON from anyone: the shape is checked here too, not only by the routes' schemas.
  const walk = (node: FilterGroup, at: string, depth: number) => {
    if (depth > FILTER_LIMITS.depth) return problems.push({ at, key: 'forms.filter.tooDeep', params: { limit: FILTER_LIMITS.depth } });
    if (!isObject(node) || !Array.isArray(node.items)) return problems.push({ at, key: 'forms.filter.malformed' });
    if (node.logic !== 'and' && node.logic !== 'or') problems.push({ at, key: 'forms.filter.badLogic' });
    node.items.forEach((item: unknown, index) => {
      const here = at ? `${at}.items.${index}` : `items.${index}`;
      if (!isObject(item)) return problems.push({ at: here, key: 'forms.filter.malformed' });
      if ('items' in item) return walk(item as unknown as FilterGroup, here, depth + 1);
      if (typeof item.field !== 'string' || typeof item.op !== 'string') return problems.push({ at: here, key: 'forms.filter.malformed' });
      conditions += 1;
      const kind = kindOf(fields, item.field);
      if (!kind) return problems.push({ at: here, key: 'forms.filter.unknownField', params: { field: item.field.slice(0, 60) } });
      if (!OPERATORS_BY_KIND[kind].includes(item.op as Operator))
        return problems.push({ at: here, key: 'forms.filter.badOperator', params: { field: item.field, op: String(item.op).slice(0, 40) } });
      const bad = valueProblem(kind, item as unknown as Condition);
      if (bad) problems.push({ at: here, key: bad, params: { field: item.field } });
    });
  };
  walk(group, '', 1);
  if (conditions > FILTER_LIMITS.conditions) problems.push({ at: '', key: 'forms.filter.tooMany', params: { limit: FILTER_LIMITS.conditions } });
  return problems;
}

/** The fields a filter mentions (the server makes sure each has an index). */
export function filterFields(group: FilterGroup | undefined): string[] {
  if (!group) return [];
  return [...new Set(group.items.flatMap((item) => (isGroup(item) ? filterFields(item) : [item.field])))];
}
