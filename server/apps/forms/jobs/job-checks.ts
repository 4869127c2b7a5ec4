import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import { fail } from '../../../kernel/errors.ts';
import type { Viewer } from '../context.ts';
import { checkedFilter } from '../filter-sql.ts';

/** An export's filter and columns are checked when it is asked for, so a bad one is a 422, not a failed job. */
export function checkFilter(viewer: Viewer, filter: unknown, columns: string[] | undefined): void {
  checkedFilter(viewer.fields, filter as FilterGroup | undefined);
  for (const column of columns ?? []) if (!viewer.fields.some((f) => f.key === column)) throw fail.unprocessable('forms.filter.unknownField', { field: column });
}
