import { SYSTEM_FIELD_KIND, SYSTEM_FIELDS, VALUE_KIND, type FieldDef, type ValueKind } from '../../../../shared/forms/fields.ts';
import { filterProblems, isGroup, kindOf, OPERATORS_BY_KIND, type Condition, type FilterGroup, type FilterProblem, type Operator } from '../../../../shared/forms/filters.ts';

/**
 * The rule dialog's condition: one flat list of conditions joined by and/or, which is what people write by hand.
 * Nested groups a rule already has (made by another client or the API) are kept as they are, never dropped.
 */
export interface ConditionDraft {
  logic: 'and' | 'or';
  rows: Condition[];
  kept: FilterGroup[];
}

export interface FieldChoice {
  key: string;
  label: string;
  kind: ValueKind;
  /** The form field; absent for system fields. */
  field?: FieldDef;
}

export const emptyDraft = (): ConditionDraft => ({ logic: 'and', rows: [], kept: [] });

export function toDraft(group: FilterGroup | null | undefined): ConditionDraft {
  if (!group) return emptyDraft();
  return {
    logic: group.logic === 'or' ? 'or' : 'and',
    rows: group.items.filter((item): item is Condition => !isGroup(item)),
    kept: group.items.filter(isGroup),
  };
}

/** The draft as the API's filter group; conditions first, so problem paths `items.N` point at row N. */
export function toGroup(draft: ConditionDraft, fields: readonly FieldDef[]): FilterGroup {
  const rows = draft.rows.map((row) => cleanRow(row, kindOf(fields, row.field) ?? undefined));
  return { logic: draft.logic, items: [...rows, ...draft.kept] };
}

/** Form fields then the §3 system fields, each with the value kind that decides its operators. */
export function fieldChoices(fields: readonly FieldDef[], systemLabel: (key: string) => string): FieldChoice[] {
  return [
    ...fields.map((field) => ({ key: field.key, label: field.label, kind: VALUE_KIND[field.type], field })),
    ...SYSTEM_FIELDS.map((key) => ({ key, label: systemLabel(key), kind: SYSTEM_FIELD_KIND[key] })),
  ];
}

export const operatorsFor = (kind: ValueKind): readonly Operator[] => OPERATORS_BY_KIND[kind];
export const takesNoValue = (op: Operator) => op === 'empty' || op === 'notEmpty';
export const takesList = (op: Operator) => op === 'in' || op === 'notIn';

/** A condition's value reset to what its operator takes, so switching operators never sends a stale shape. */
export function valueFor(op: Operator): unknown {
  if (takesNoValue(op)) return undefined;
  if (op === 'between') return [];
  if (takesList(op)) return [];
  return '';
}

/** A row for a newly chosen field: its kind's first operator, no value yet. */
export function rowFor(choice: FieldChoice): Condition {
  const op = operatorsFor(choice.kind)[0]!;
  return { field: choice.key, op, value: valueFor(op) };
}

/** Rows as the server wants them: no `value` key for empty/notEmpty; numbers as numbers. */
export function cleanRow(row: Condition, kind: ValueKind | undefined): Condition {
  if (takesNoValue(row.op)) return { field: row.field, op: row.op };
  const numeric = (v: unknown) => (kind === 'number' && typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
  const value = Array.isArray(row.value) ? row.value.map(numeric) : numeric(row.value);
  return { field: row.field, op: row.op, value };
}

/**
 * What is wrong with the condition, by row (null key = the whole condition): the shared filter check the server
 * runs (shared/forms/filters.ts), plus "at least one condition".
 */
export function draftProblems(fields: readonly FieldDef[], draft: ConditionDraft): Map<number | null, FilterProblem> {
  const found = new Map<number | null, FilterProblem>();
  if (draft.rows.length === 0 && draft.kept.length === 0) found.set(null, { at: '', key: 'forms.rule.conditionRequired' });
  // The shared check lets an empty text through ("equals nothing"); by hand that is always a forgotten value.
  draft.rows.forEach((row, index) => {
    if (takesNoValue(row.op)) return;
    const values = Array.isArray(row.value) ? row.value : [row.value];
    const blank = values.length === 0 || values.some((v) => v === undefined || v === null || String(v).trim() === '');
    if (blank) found.set(index, { at: `items.${index}`, key: 'forms.filter.badValue', params: { field: row.field } });
  });
  for (const problem of filterProblems(fields, toGroup(draft, fields))) {
    const row = /^items\.(\d+)$/.exec(problem.at);
    const index = row ? Number(row[1]) : null;
    if (!found.has(index)) found.set(index, problem);
  }
  return found;
}
