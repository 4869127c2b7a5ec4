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

const isScalar = (v: unknown) => (typeof v === 'string' && v.length <= FILTER_LIMITS.text) || (typeof v === 'number' && Number.isFinite(v));

function valueProblem(kind: ValueKind, condition: Condition): string | null {
  const { op, value } = condition;
  if (op === 'empty' || op === 'notEmpty') return value === undefined ? null : 'forms.filter.noValueExpected';
  if (op === 'between') return Array.isArray(value) && value.length === 2 && value.every(isScalar) ? null : 'forms.filter.badValue';
  if (op === 'in' || op === 'notIn')
    return Array.isArray(value) && value.length > 0 && value.length <= FILTER_LIMITS.listValues && value.every(isScalar) ? null : 'forms.filter.badValue';
  if (!isScalar(value)) return 'forms.filter.badValue';
  if (kind === 'number' && Number.isNaN(Number(value))) return 'forms.filter.badValue';
  if ((kind === 'date' || kind === 'datetime') && Number.isNaN(Date.parse(String(value)))) return 'forms.filter.badValue';
  if (kind === 'ref' && !/^[0-9]{1,18}$/.test(String(value))) return 'forms.filter.badValue';
  return null;
}

/** Every problem of a filter against a form's fields: unknown fields, operators wrong for the type, bad values. */
export function filterProblems(fields: readonly FieldDef[], group: FilterGroup): FilterProblem[] {
  const problems: FilterProblem[] = [];
  let conditions = 0;
  const walk = (node: FilterGroup, at: string, depth: number) => {
    if (depth > FILTER_LIMITS.depth) return problems.push({ at, key: 'forms.filter.tooDeep', params: { limit: FILTER_LIMITS.depth } });
    if (node.logic !== 'and' && node.logic !== 'or') problems.push({ at, key: 'forms.filter.badLogic' });
    node.items.forEach((item, index) => {
      const here = at ? `${at}.items.${index}` : `items.${index}`;
      if (isGroup(item)) return walk(item, here, depth + 1);
      conditions += 1;
      const kind = kindOf(fields, item.field);
      if (!kind) return problems.push({ at: here, key: 'forms.filter.unknownField', params: { field: String(item.field) } });
      if (!OPERATORS_BY_KIND[kind].includes(item.op))
        return problems.push({ at: here, key: 'forms.filter.badOperator', params: { field: item.field, op: String(item.op) } });
      const bad = valueProblem(kind, item);
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
