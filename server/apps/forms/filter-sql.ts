import { sql, type RawBuilder } from 'kysely';
import type { FieldDef } from '../../../shared/forms/fields.ts';
import { filterProblems, isGroup, kindOf, type Condition, type FilterGroup } from '../../../shared/forms/filters.ts';
import { fail } from '../../kernel/errors.ts';
import { columnIn, param } from './storage.ts';

export type Sql = RawBuilder<unknown>;
export const TRUE: Sql = sql`true`;
export const FALSE: Sql = sql`false`;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const and = (parts: Sql[]): Sql => (parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`);
export const or = (parts: Sql[]): Sql => (parts.length === 0 ? FALSE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`);

function condition(fields: readonly FieldDef[], c: Condition, alias: string): Sql {
  const kind = kindOf(fields, c.field)!;
  const column = sql.ref(`${alias}.${columnIn(fields, c.field)}`);
  const p = (value: unknown) => param(kind, value);
  const list = () => sql`cast(${(c.value as unknown[]).map(String)} as ${sql.raw(kind === 'number' ? 'float8[]' : kind === 'ref' ? 'bigint[]' : 'text[]')})`;
  switch (c.op) {
    case 'eq':
      return sql`${column} = ${p(c.value)}`;
    case 'ne':
      return sql`${column} is distinct from ${p(c.value)}`;
    case 'gt':
      return sql`${column} > ${p(c.value)}`;
    case 'gte':
      return sql`${column} >= ${p(c.value)}`;
    case 'lt':
      return sql`${column} < ${p(c.value)}`;
    case 'lte':
      return sql`${column} <= ${p(c.value)}`;
    case 'between': {
      const [from, to] = c.value as [unknown, unknown];
      return sql`${column} between ${p(from)} and ${p(to)}`;
    }
    case 'contains':
      return kind === 'texts'
        ? sql`${column} @> array[${String(c.value)}]::text[]`
        : sql`${column} ilike ${`%${likeEscape(String(c.value))}%`}`;
    case 'startsWith':
      return sql`${column} ilike ${`${likeEscape(String(c.value))}%`}`;
    case 'in':
      return kind === 'texts' ? sql`${column} && ${list()}` : sql`${column} = any(${list()})`;
    case 'notIn':
      return sql`(${column} is null or not (${column} = any(${list()})))`;
    case 'empty':
      return sql`${column} is null`;
    case 'notEmpty':
      return sql`${column} is not null`;
  }
}

/** Compiles a checked filter to SQL; every value is a bound parameter, every identifier a checked field key. */
export function filterSql(fields: readonly FieldDef[], group: FilterGroup, alias = 't'): Sql {
  const parts = group.items.map((item) => (isGroup(item) ? filterSql(fields, item, alias) : condition(fields, item, alias)));
  return group.logic === 'or' ? or(parts) : and(parts);
}

/** A filter from a client: unknown fields or operators wrong for the field's type are a 422 (§ bad input). */
export function checkedFilter(fields: readonly FieldDef[], group: FilterGroup | undefined): FilterGroup | undefined {
  if (!group) return undefined;
  const problems = filterProblems(fields, group);
  if (problems.length) throw fail.unprocessable(problems[0]!.key, problems[0]!.params, { problems });
  return group;
}
