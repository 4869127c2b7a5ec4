import { SYSTEM_FIELDS, type FieldDef } from '../../../../../shared/forms/fields.ts';
import {
  FILTER_LIMITS, OPERATORS_BY_KIND, isGroup, kindOf, type Condition, type FilterGroup, type Operator,
} from '../../../../../shared/forms/filters.ts';

/**
 * The filter builder's editable tree. Unlike a FilterGroup it keeps half-typed conditions (no value yet) and
 * stable ids for React keys; `toFilterGroup` turns it into what the server accepts, dropping what is unfinished.
 */
export interface DraftCondition {
  id: string;
  field: string;
  op: Operator;
  /** A scalar, [from, to] for between, a list for in / notIn; ignored for empty / notEmpty. */
  value: unknown;
}
export interface DraftGroup {
  id: string;
  logic: 'and' | 'or';
  items: DraftItem[];
}
export type DraftItem = DraftCondition | DraftGroup;

export const isDraftGroup = (item: DraftItem): item is DraftGroup => 'items' in item;

/**
 * One level is kept free: a saved view's filter is combined with the board column, calendar range or cascade
 * path under one more "and", and the server refuses filters deeper than FILTER_LIMITS.depth.
 */
export const BUILDER_MAX_DEPTH = FILTER_LIMITS.depth - 1;

let sequence = 0;
const nextId = () => `d${++sequence}`;

export const emptyDraft = (): DraftGroup => ({ id: nextId(), logic: 'and', items: [] });

/** Form fields and system fields a condition may name (sub-tables and files only know empty / not empty). */
export function filterableKeys(fields: readonly FieldDef[]): string[] {
  return [...fields.map((f) => f.key), ...SYSTEM_FIELDS];
}

export function operatorsFor(fields: readonly FieldDef[], key: string): readonly Operator[] {
  const kind = kindOf(fields, key);
  return kind ? OPERATORS_BY_KIND[kind] : [];
}

export const takesNoValue = (op: Operator) => op === 'empty' || op === 'notEmpty';
export const takesList = (op: Operator) => op === 'in' || op === 'notIn';

export function newCondition(fields: readonly FieldDef[], key = fields[0]?.key ?? 'number'): DraftCondition {
  return { id: nextId(), field: key, op: operatorsFor(fields, key)[0] ?? 'eq', value: null };
}

/** A value in the draft's shape for `op`: the old one when its shape still fits, else an empty one. */
function reshape(op: Operator, value: unknown): unknown {
  if (takesNoValue(op)) return null;
  if (op === 'between') return Array.isArray(value) && value.length === 2 ? value : [null, null];
  if (takesList(op)) return Array.isArray(value) ? value : [];
  return Array.isArray(value) ? null : value;
}

/** Changing the field resets operator and value (a date value means nothing to a member field). */
export function withField(fields: readonly FieldDef[], condition: DraftCondition, key: string): DraftCondition {
  if (key === condition.field) return condition;
  const op = operatorsFor(fields, key)[0] ?? 'eq';
  return { ...condition, field: key, op, value: reshape(op, null) };
}

export const withOperator = (condition: DraftCondition, op: Operator): DraftCondition => ({ ...condition, op, value: reshape(op, condition.value) });

/** One value as the server wants it for the field's storage kind, or null when it is not (yet) one. */
export function convertValue(fields: readonly FieldDef[], key: string, raw: unknown): string | number | null {
  if (raw === null || raw === undefined) return null;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return null;
  switch (kindOf(fields, key)) {
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? n : null;
    }
    case 'date':
      return /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text) ? text : null;
    case 'datetime':
      return Number.isNaN(Date.parse(text)) ? null : new Date(text).toISOString();
    case 'ref':
      return /^[0-9]{1,18}$/.test(text) ? text : null;
    default:
      return text.slice(0, FILTER_LIMITS.text);
  }
}

/** The condition the server accepts, or null while it is incomplete. */
export function toCondition(fields: readonly FieldDef[], draft: DraftCondition): Condition | null {
  if (!operatorsFor(fields, draft.field).includes(draft.op)) return null;
  if (takesNoValue(draft.op)) return { field: draft.field, op: draft.op };
  const convert = (v: unknown) => convertValue(fields, draft.field, v);
  if (draft.op === 'between') {
    const [from, to] = Array.isArray(draft.value) ? draft.value.map(convert) : [null, null];
    return from === null || from === undefined || to === null || to === undefined ? null : { field: draft.field, op: 'between', value: [from, to] };
  }
  if (takesList(draft.op)) {
    const list = (Array.isArray(draft.value) ? draft.value.map(convert) : []).filter((v): v is string | number => v !== null);
    return list.length ? { field: draft.field, op: draft.op, value: [...new Set(list)].slice(0, FILTER_LIMITS.listValues) } : null;
  }
  const value = convert(draft.value);
  return value === null ? null : { field: draft.field, op: draft.op, value };
}

/** The draft as a FilterGroup: unfinished conditions and empty groups left out; undefined when nothing is left. */
export function toFilterGroup(fields: readonly FieldDef[], draft: DraftGroup): FilterGroup | undefined {
  const items: FilterGroup['items'] = [];
  for (const item of draft.items) {
    if (isDraftGroup(item)) {
      const nested = toFilterGroup(fields, item);
      if (nested) items.push(nested);
    } else {
      const condition = toCondition(fields, item);
      if (condition) items.push(condition);
    }
  }
  return items.length ? { logic: draft.logic, items } : undefined;
}

/** How many conditions `toFilterGroup` would leave out because they are not finished. */
export function unfinishedCount(fields: readonly FieldDef[], draft: DraftGroup): number {
  return draft.items.reduce((n, item) => n + (isDraftGroup(item) ? unfinishedCount(fields, item) : toCondition(fields, item) ? 0 : 1), 0);
}

export function conditionCount(draft: DraftGroup): number {
  return draft.items.reduce((n, item) => n + (isDraftGroup(item) ? conditionCount(item) : 1), 0);
}

/** A saved filter back into an editable draft. */
export function fromFilterGroup(group: FilterGroup | undefined): DraftGroup {
  if (!group) return emptyDraft();
  return {
    id: nextId(),
    logic: group.logic === 'or' ? 'or' : 'and',
    items: group.items.map((item) => (isGroup(item) ? fromFilterGroup(item) : { id: nextId(), field: item.field, op: item.op, value: reshape(item.op, item.value ?? null) })),
  };
}

/** Replaces the item `id` anywhere in the tree (or removes it when `fn` answers null). */
export function mapItem(group: DraftGroup, id: string, fn: (item: DraftItem) => DraftItem | null): DraftGroup {
  const items: DraftItem[] = [];
  for (const item of group.items) {
    const next = item.id === id ? fn(item) : isDraftGroup(item) ? mapItem(item, id, fn) : item;
    if (next) items.push(next);
  }
  return { ...group, items };
}

export const removeItem = (root: DraftGroup, id: string) => mapItem(root, id, () => null);

/** Appends to the group `groupId` (the root when it is the root's id). */
export function appendTo(root: DraftGroup, groupId: string, item: DraftItem): DraftGroup {
  if (root.id === groupId) return { ...root, items: [...root.items, item] };
  return mapItem(root, groupId, (group) => (isDraftGroup(group) ? { ...group, items: [...group.items, item] } : group));
}

export function setLogic(root: DraftGroup, groupId: string, logic: 'and' | 'or'): DraftGroup {
  if (root.id === groupId) return { ...root, logic };
  return mapItem(root, groupId, (group) => (isDraftGroup(group) ? { ...group, logic } : group));
}

export function replaceCondition(root: DraftGroup, condition: DraftCondition): DraftGroup {
  return mapItem(root, condition.id, () => condition);
}

/**
 * All of the given filters at once. An "and" group is flattened into the result rather than nested, so
 * combining does not use up the server's depth limit.
 */
export function combineFilters(...groups: Array<FilterGroup | undefined | null>): FilterGroup | undefined {
  const present = groups.filter((g): g is FilterGroup => !!g && g.items.length > 0);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return { logic: 'and', items: present.flatMap((g) => (g.logic === 'and' ? g.items : [g])) };
}
