import { isEmptyValue, type FieldDef, type ValueKind } from '../forms/fields.ts';
import { isGroup, kindOf, type Condition, type FilterGroup } from '../forms/filters.ts';
import type { Branch, BranchCondition } from './model.ts';

/** What the engine knows of the initiator when it reaches a condition node. */
export interface Initiator {
  departments: string[];
  /** Enterprise role ids (org_role). */
  roles: string[];
}

/** A branch with no part of a condition given is the default ("otherwise") branch (model.ts BranchCondition). */
export function isDefaultCondition(when: BranchCondition | null | undefined): boolean {
  return !when || (!when.filter?.items?.length && !when.initiatorDepartments?.length && !when.initiatorRoles?.length);
}

/** Ids compare as numbers written without leading zeros ("007" is 7), as PostgreSQL's bigint does. */
const idText = (v: unknown) => String(v).trim().replace(/^0+(?=\d)/, '');
/**
 * A date-time without a zone is read as UTC, so the answer does not depend on the machine's zone; a zone given is
 * honoured. NaN when it is no date-time at all (then no comparison holds).
 */
const instant = (v: unknown) => {
  const text = String(v);
  return Date.parse(/[zZ]|[+-]\d{2}(:?\d{2})?$/.test(text) || !/[T ]\d{2}:/.test(text) ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`);
};

/** A value brought to what its kind's column compares: a number, an instant, a day, an id, or text. */
function comparable(kind: ValueKind, v: unknown): number | string {
  if (kind === 'number') return typeof v === 'number' ? v : Number(String(v).trim());
  if (kind === 'datetime') return instant(v);
  if (kind === 'ref') return idText(v);
  return String(v);
}

function compare(kind: ValueKind, a: unknown, b: unknown): number {
  const x = comparable(kind, a);
  const y = comparable(kind, b);
  if (typeof x === 'number' && typeof y === 'number') return Number.isNaN(x) || Number.isNaN(y) ? Number.NaN : x - y;
  // Days are ISO 'YYYY-MM-DD': their text order is their calendar order.
  return x === y ? 0 : x < y ? -1 : 1;
}
const equal = (kind: ValueKind, a: unknown, b: unknown) => compare(kind, a, b) === 0;

/**
 * One condition on a record's values, with the meaning filter-sql.ts gives it in SQL (text `=` is exact, contains
 * and starts-with ignore case, between is inclusive, a multi-choice "in" means any overlap). One difference, on
 * purpose (workflow design Part 2 §3.4): a field that is missing or empty makes every condition false except
 * `empty` itself — SQL's `ne` and `notIn` would take a null, a branch must not be taken on a value nobody gave.
 */
function holds(fields: readonly FieldDef[], c: Condition, values: Record<string, unknown>): boolean {
  const kind = kindOf(fields, c.field);
  if (!kind) return false;
  const value = values[c.field];
  if (c.op === 'empty') return isEmptyValue(value);
  if (isEmptyValue(value)) return false;
  if (c.op === 'notEmpty') return true;
  const list = Array.isArray(c.value) ? c.value : [];
  if (kind === 'texts') {
    const chosen = (Array.isArray(value) ? value : [value]).map(String);
    if (c.op === 'contains') return chosen.includes(String(c.value));
    if (c.op === 'in') return list.some((v) => chosen.includes(String(v)));
    return false;
  }
  if (kind === 'json') return false;
  switch (c.op) {
    case 'eq':
      return equal(kind, value, c.value);
    case 'ne':
      return !Number.isNaN(compare(kind, value, c.value)) && !equal(kind, value, c.value);
    case 'gt':
      return compare(kind, value, c.value) > 0;
    case 'gte':
      return compare(kind, value, c.value) >= 0;
    case 'lt':
      return compare(kind, value, c.value) < 0;
    case 'lte':
      return compare(kind, value, c.value) <= 0;
    case 'between':
      return list.length === 2 && compare(kind, value, list[0]) >= 0 && compare(kind, value, list[1]) <= 0;
    case 'contains':
      return String(value).toLowerCase().includes(String(c.value).toLowerCase());
    case 'startsWith':
      return String(value).toLowerCase().startsWith(String(c.value).toLowerCase());
    case 'in':
      return list.some((v) => equal(kind, value, v));
    case 'notIn':
      return list.length > 0 && !list.some((v) => equal(kind, value, v));
    default:
      return false;
  }
}

/** And / or groups as filter-sql.ts joins them: an empty "and" holds, an empty "or" does not. */
function groupHolds(fields: readonly FieldDef[], group: FilterGroup, values: Record<string, unknown>): boolean {
  const results = group.items.map((item) => (isGroup(item) ? groupHolds(fields, item, values) : holds(fields, item, values)));
  return group.logic === 'or' ? results.some(Boolean) : results.every(Boolean);
}

/**
 * Whether a branch's condition holds for a record and its initiator (for the engine): every part given must hold —
 * the filter on the record's values, one of the initiator's departments among `initiatorDepartments`, one of his
 * enterprise roles among `initiatorRoles`. A condition with no part given holds (it is the default branch's).
 */
export function branchHolds(fields: readonly FieldDef[], condition: BranchCondition | null, values: Record<string, unknown>, initiator: Initiator): boolean {
  if (!condition) return true;
  if (condition.filter?.items?.length && !groupHolds(fields, condition.filter, values)) return false;
  const departments = condition.initiatorDepartments ?? [];
  if (departments.length && !initiator.departments.some((d) => departments.some((want) => idText(want) === idText(d)))) return false;
  const roles = condition.initiatorRoles ?? [];
  if (roles.length && !initiator.roles.some((r) => roles.some((want) => idText(want) === idText(r)))) return false;
  return true;
}

/**
 * The branch a condition node takes (Part 2 §3.4): the first non-default branch whose condition holds, in order;
 * else the default branch; null only for a model without one (publishing refuses those).
 */
export function chooseBranch(branches: readonly Branch[], holdsFor: (condition: BranchCondition) => boolean): Branch | null {
  for (const branch of branches) if (!isDefaultCondition(branch.when) && holdsFor(branch.when!)) return branch;
  return branches.find((b) => isDefaultCondition(b.when)) ?? null;
}
