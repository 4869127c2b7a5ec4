import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { Condition, FilterGroup } from '../../../../../shared/forms/filters.ts';

/** A node of the cascade tree: the values chosen on each level from the root down to it. */
export type CascadePath = Array<string | number | null>;

/** A node key that can be read back: the path as JSON (values may contain any character). */
export const pathKey = (path: CascadePath) => JSON.stringify(path);
export function parsePathKey(key: string): CascadePath {
  try {
    const parsed = JSON.parse(key) as unknown;
    return Array.isArray(parsed) ? (parsed as CascadePath) : [];
  } catch {
    return [];
  }
}

/** Records under a node: each level's field equals the node's value on that level (or is empty). */
export function pathFilter(levels: readonly string[], path: CascadePath): FilterGroup | undefined {
  const items: Condition[] = path.map((value, i) =>
    value === null ? { field: levels[i]!, op: 'empty' } : { field: levels[i]!, op: 'eq', value },
  );
  return items.length ? { logic: 'and', items } : undefined;
}

/** Level fields of a saved config that still exist and may still be a level (a field may have been removed). */
export function usableLevels(fields: readonly FieldDef[], levels: readonly string[] | undefined, allowed: readonly string[]): string[] {
  return (levels ?? []).filter((key) => fields.some((f) => f.key === key && allowed.includes(f.type)));
}
