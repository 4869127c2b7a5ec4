import type { FilterValues, GlobalFilter } from '../../../shared/dashboards/model.ts';
import type { Condition, FilterGroup } from '../../../shared/forms/filters.ts';

/** A filter nobody set: no value, an empty text or an empty list. */
const unset = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The board's global filter values as the extra filter of one chart: each filter with a value applies
 * to the chart when one of its targets is a field of the chart's form; charts of other forms ignore it. Two targets
 * in the same form are alternatives (either field matches); different filters all apply. Null: nothing applies.
 */
export function globalFilterFor(filters: readonly GlobalFilter[], values: FilterValues | undefined, formId: string): FilterGroup | null {
  if (!values) return null;
  const items: FilterGroup['items'] = [];
  for (const filter of filters) {
    const value = values[filter.id];
    if (!value || unset(value.value)) continue;
    const conditions: Condition[] = filter.targets.filter((t) => t.formId === formId).map((t) => ({ field: t.field, op: value.op, value: value.value }));
    if (conditions.length === 1) items.push(conditions[0]!);
    else if (conditions.length > 1) items.push({ logic: 'or', items: conditions });
  }
  return items.length ? { logic: 'and', items } : null;
}

/** Both filters ANDed, kept flat when it can be (the forms' filters nest at most four groups deep). */
export function bothOf(a: FilterGroup | null | undefined, b: FilterGroup | null | undefined): FilterGroup | null {
  if (!a || a.items.length === 0) return b && b.items.length ? b : null;
  if (!b || b.items.length === 0) return a;
  const parts = [a, b].flatMap((group) => (group.logic === 'and' ? group.items : [group]));
  return { logic: 'and', items: parts };
}
