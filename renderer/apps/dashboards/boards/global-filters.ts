import type { FilterValues, GlobalFilter } from '../../../../shared/dashboards/model.ts';
import type { ValueKind } from '../../../../shared/forms/fields.ts';
import type { AnalysisField, FormFields } from './boards-api.ts';

/**
 * Global filters of a dashboard (decision 0067): a filter is a field NAME and kind; it applies to every form on the
 * board that has a field of that name and kind, and charts of other forms ignore it. Fields reached through a
 * relation (`via`) are left out: "Line" of the inspected machine is not "Line" of the inspection.
 */

/** Kinds a global filter can be set on (json values have nothing to compare). */
const FILTERABLE: readonly ValueKind[] = ['text', 'serial', 'number', 'date', 'datetime', 'texts', 'ref'];

export interface FilterCandidate {
  label: string;
  kind: ValueKind;
  /** Forms on the board having it; the more, the more charts it reaches. */
  forms: number;
  /** Option values for select-like fields (the union over the forms). */
  options: string[];
  /** member or department: which org picker the value control opens. */
  refType: 'member' | 'department' | null;
}

const own = (field: AnalysisField) => !field.via && FILTERABLE.includes(field.kind);
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Every (name, kind) found on the board's forms, most widely shared first, then by name. */
export function filterCandidates(forms: readonly FormFields[]): FilterCandidate[] {
  const found = new Map<string, FilterCandidate>();
  for (const form of forms) {
    const seen = new Set<string>();
    for (const field of form.fields.filter(own)) {
      const key = `${field.label.trim().toLowerCase()}\u0000${field.kind}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const candidate = found.get(key) ?? { label: field.label.trim(), kind: field.kind, forms: 0, options: [], refType: refTypeOf(field) };
      candidate.forms += 1;
      for (const option of field.options ?? []) if (!candidate.options.includes(option)) candidate.options.push(option);
      found.set(key, candidate);
    }
  }
  return [...found.values()].sort((a, b) => b.forms - a.forms || a.label.localeCompare(b.label));
}

function refTypeOf(field: AnalysisField): FilterCandidate['refType'] {
  if (field.kind !== 'ref') return null;
  return field.fieldType === 'department' ? 'department' : 'member';
}

/** The targets of a filter on `label`/`kind`: per form, its first own field of that name and kind. */
export function targetsFor(forms: readonly FormFields[], label: string, kind: ValueKind): GlobalFilter['targets'] {
  const targets: GlobalFilter['targets'] = [];
  for (const form of forms) {
    const field = form.fields.find((f) => own(f) && f.kind === kind && sameName(f.label, label));
    if (field) targets.push({ formId: form.formId, field: field.ref });
  }
  return targets;
}

/** The candidate a saved filter was made from (its label may have been renamed): through its targets' fields. */
export function candidateOf(filter: GlobalFilter, forms: readonly FormFields[], candidates: readonly FilterCandidate[]): FilterCandidate | undefined {
  for (const target of filter.targets) {
    const field = forms.find((form) => form.formId === target.formId)?.fields.find((f) => f.ref === target.field);
    if (field) return candidates.find((c) => c.kind === field.kind && sameName(c.label, field.label));
  }
  return undefined;
}

/** The charts a filter changes: those whose form is one of its targets. */
export function chartsReached(filter: GlobalFilter, chartForms: ReadonlyMap<string, string>): string[] {
  const forms = new Set(filter.targets.map((t) => t.formId));
  return [...chartForms].filter(([, formId]) => forms.has(formId)).map(([chartId]) => chartId);
}

/** What a filter's value control holds while viewing. */
export type ControlValue =
  | { type: 'text'; text: string }
  | { type: 'options'; values: string[] }
  | { type: 'range'; from: number | null; to: number | null }
  | { type: 'dates'; from: string | null; to: string | null }
  | { type: 'refs'; ids: string[] };

/** The control a filter of this kind shows (select-like texts with known options pick from them). */
export function controlFor(kind: ValueKind, options: readonly string[]): ControlValue['type'] {
  if (kind === 'number') return 'range';
  if (kind === 'date' || kind === 'datetime') return 'dates';
  if (kind === 'ref') return 'refs';
  if ((kind === 'text' || kind === 'texts') && options.length > 0) return 'options';
  return 'text';
}

/** The condition a control's value asks for, or null when it asks for nothing (an empty control filters nothing). */
export function conditionOf(kind: ValueKind, value: ControlValue | undefined): FilterValues[string] | null {
  if (!value) return null;
  switch (value.type) {
    case 'text': {
      const text = value.text.trim();
      return text ? { op: 'contains', value: text } : null;
    }
    case 'options':
      // One of the options; on a multi-valued field (checkboxes) the forms read `in` as "shares one of them".
      return value.values.length === 0 ? null : { op: 'in', value: [...value.values] };
    case 'range':
      return between(value.from, value.to);
    case 'dates':
      // Days picked; a date-time field compares instants: from the first to the last moment of those days, here.
      return kind === 'datetime' ? between(dayStart(value.from), dayEnd(value.to)) : between(value.from, value.to);
    case 'refs':
      return value.ids.length === 0 ? null : { op: 'in', value: [...value.ids] };
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayStart = (day: string | null) => (day && DAY.test(day) ? new Date(`${day}T00:00:00`).toISOString() : null);
const dayEnd = (day: string | null) => (day && DAY.test(day) ? new Date(`${day}T23:59:59.999`).toISOString() : null);

function between<T extends number | string>(from: T | null, to: T | null): FilterValues[string] | null {
  const has = (v: T | null): v is T => v !== null && v !== '';
  if (has(from) && has(to)) return { op: 'between', value: [from, to] };
  if (has(from)) return { op: 'gte', value: from };
  if (has(to)) return { op: 'lte', value: to };
  return null;
}

/** The board data call's `filters`: the non-empty conditions by filter id. */
export function filterValues(filters: readonly GlobalFilter[], controls: Readonly<Record<string, ControlValue>>): FilterValues {
  const result: FilterValues = {};
  for (const filter of filters) {
    const condition = conditionOf(filter.kind, controls[filter.id]);
    if (condition) result[filter.id] = condition;
  }
  return result;
}
