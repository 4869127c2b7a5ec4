import { sql } from 'kysely';
import type { Aggregate, Granularity } from '../../../../shared/dashboards/model.ts';
import type { Sql } from '../filter-sql.ts';
import type { SortTarget } from './check.ts';
import type { ChartField } from './fields.ts';

/**
 * The SQL of one chart query, built from parts checked before (field references resolved against what the viewer
 * may see, granularities and aggregates from fixed lists): identifiers through sql.ref / sql.table, values as
 * parameters, nothing string-built. Pure: no database here (unit-tested in build.test.ts).
 */
export interface PlanDimension {
  field: ChartField;
  /** Date and date-time fields only. */
  granularity: Granularity | null;
}

export interface PlanMeasure {
  aggregate: Aggregate;
  field: ChartField | null;
}

export interface PlanRatio {
  numerator: number;
  denominator: number;
  percent: boolean;
}

export interface PlanJoin {
  /** The relation field's column in `t`. */
  column: string;
  table: string;
  /** Columns of the related form the query reads. */
  columns: string[];
  /** The related form's visibleWhere for the same viewer (on its own alias `t`). */
  where: Sql;
}

export interface Plan {
  table: string;
  where: Sql;
  joins: PlanJoin[];
  dimensions: PlanDimension[];
  measures: PlanMeasure[];
  ratios: PlanRatio[];
  sort: SortTarget | null;
  /** Groups to return (top N or the cap plus one, to tell that the cap cut). */
  rows: number;
  /** Pivot (two or three dimensions): column groups to return, the cap plus one. */
  columns: number;
  /** The space's time zone: date-time values are grouped by the local day, week, month… */
  zone: string;
}

const alias = (f: ChartField) => (f.join === null ? 't' : `r${f.join}`);
export const columnRef = (f: ChartField): Sql => sql.ref(`${alias(f)}.${f.column}`);

/** Multi-choice values count once under each chosen option: the array is unnested in a lateral join `u<i>`. */
const unnested = (d: PlanDimension) => d.field.kind === 'texts';

export function dimensionSql(d: PlanDimension, index: number, zone: string): Sql {
  const column = columnRef(d.field);
  if (unnested(d)) return sql.ref(`u${index}.v`);
  if (d.field.kind === 'date') return sql`date_trunc(${sql.lit(d.granularity ?? 'month')}, ${column}::timestamp)::date`;
  // The local calendar of the space, not the server's or UTC: "March" is March where the plant is.
  if (d.field.kind === 'datetime') return sql`date_trunc(${sql.lit(d.granularity ?? 'month')}, ${column} at time zone ${zone})::date`;
  return column;
}

export function measureSql(m: PlanMeasure): Sql {
  if (!m.field) return sql`count(*)`;
  const column = columnRef(m.field);
  switch (m.aggregate) {
    case 'count':
      return sql`count(${column})`;
    case 'distinct':
      return sql`count(distinct ${column})`;
    case 'sum':
      return sql`sum(${column})`;
    case 'avg':
      return sql`avg(${column})`;
    case 'min':
      return sql`min(${column})`;
    case 'max':
      return sql`max(${column})`;
  }
}

/** numerator / denominator of the grouped row `g`; null when the denominator is 0 or empty. */
export function ratioSql(r: PlanRatio, from = 'g'): Sql {
  const num = sql.ref(`${from}.m${r.numerator}`);
  const den = sql.ref(`${from}.m${r.denominator}`);
  const scale = r.percent ? sql` * 100` : sql``;
  return sql`(case when ${den} is null or ${den} = 0 then null else ${num}::float8 / ${den}::float8${scale} end)`;
}

/** FROM with the relation joins (each read under its own form's permissions) and the multi-choice unnests. */
export function fromSql(plan: Plan): Sql {
  const parts: Sql[] = [sql`${sql.table(plan.table)} t`];
  plan.joins.forEach((j, i) => {
    const columns = [sql.ref('t.id'), ...j.columns.map((c) => sql.ref(`t.${c}`))];
    parts.push(sql`left join (select ${sql.join(columns)} from ${sql.table(j.table)} t where ${j.where}) ${sql.ref(`r${i}`)} on ${sql.ref(`r${i}.id`)} = ${sql.ref(`t.${j.column}`)}`);
  });
  plan.dimensions.forEach((d, i) => {
    if (unnested(d)) parts.push(sql`left join lateral unnest(${columnRef(d.field)}) as ${sql.ref(`u${i}`)}(v) on true`);
  });
  return sql.join(parts, sql` `);
}

/** The grouped rows: one per combination of the dimensions, with every measure. */
export function groupedSql(plan: Plan): Sql {
  const select = [
    ...plan.dimensions.map((d, i) => sql`${dimensionSql(d, i, plan.zone)} as ${sql.ref(`d${i}`)}`),
    ...plan.measures.map((m, i) => sql`${measureSql(m)} as ${sql.ref(`m${i}`)}`),
  ];
  const groupBy = plan.dimensions.length ? sql` group by ${sql.join(plan.dimensions.map((_, i) => sql.lit(i + 1)))}` : sql``;
  return sql`select ${sql.join(select)} from ${fromSql(plan)} where ${plan.where}${groupBy}`;
}

const direction = (dir: 'asc' | 'desc') => (dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`);

/** Members and departments sort by name (their ids stay the tie-breaker). */
function dimensionOrder(plan: Plan, index: number): Sql {
  const key = sql.ref(`g.d${index}`);
  return plan.dimensions[index]!.field.names === 'user' ? sql`(select u.name from users u where u.id = ${key})` : sql`(select o.name from org_department o where o.id = ${key})`;
}

/** ORDER BY of a chart with at most one dimension: the sort asked for, then the dimension as a tie-breaker. */
export function orderSql(plan: Plan): Sql {
  const parts: Sql[] = [];
  const s = plan.sort;
  if (s?.kind === 'measure') parts.push(sql`${sql.ref(`g.m${s.index}`)} ${direction(s.dir)}`);
  if (s?.kind === 'ratio') parts.push(sql`${ratioSql(plan.ratios[s.index]!)} ${direction(s.dir)}`);
  plan.dimensions.forEach((_, i) => {
    const dir = s?.kind === 'dimension' && s.index === i ? s.dir : 'asc';
    const names = plan.dimensions[i]!.field.names;
    if (names === 'user' || names === 'department') parts.push(sql`${dimensionOrder(plan, i)} ${direction(dir)}`);
    parts.push(sql`${sql.ref(`g.d${i}`)} ${direction(dir)}`);
  });
  return parts.length ? sql` order by ${sql.join(parts)}` : sql``;
}

const ratioColumns = (plan: Plan, from: string) => plan.ratios.map((r, i) => sql`, ${ratioSql(r, from)} as ${sql.ref(`x${i}`)}`);

/** Charts of zero or one dimension: the groups in order, at most `plan.rows` of them. */
export function flatSql(plan: Plan): Sql {
  return sql`select g.*${sql.join(ratioColumns(plan, 'g'), sql``)} from (${groupedSql(plan)}) g${orderSql(plan)} limit ${plan.rows}`;
}

/** How a pivot's row (first dimension) ranks when sorted by a measure: the row's total, or its own min / max / mean. */
const ROLLUP: Record<Aggregate, string> = { count: 'sum', distinct: 'sum', sum: 'sum', avg: 'avg', min: 'min', max: 'max' };

/**
 * Pivot (two or three dimensions): rows are the first dimension's values, columns the combinations of the others.
 * Both are ranked in one pass of window functions and only the first `plan.rows` × `plan.columns` (each the cap
 * plus one) come back, with the highest ranks seen, so the caller knows whether a cap cut.
 */
export function pivotSql(plan: Plan): Sql {
  const s = plan.sort;
  const rest = plan.dimensions.slice(1).map((_, k) => k + 1);
  const rank =
    s?.kind === 'measure'
      ? sql`${sql.raw(ROLLUP[plan.measures[s.index]!.aggregate])}(${sql.ref(`g.m${s.index}`)}) over (partition by g.d0)`
      : s?.kind === 'ratio'
        ? sql`avg(${ratioSql(plan.ratios[s.index]!)}) over (partition by g.d0)`
        : sql`null::int`;
  const rankDir = s && s.kind !== 'dimension' ? direction(s.dir) : sql`asc nulls last`;
  const d0Dir = s?.kind === 'dimension' && s.index === 0 ? s.dir : 'asc';
  const columnOrder = rest.map((k) => sql`${sql.ref(`x.d${k}`)} ${direction(s?.kind === 'dimension' && s.index === k ? s.dir : 'asc')}`);
  return sql`with g as (${groupedSql(plan)}),
    x as (select g.*${sql.join(ratioColumns(plan, 'g'), sql``)}, ${rank} as __rank from g),
    y as (select x.*, dense_rank() over (order by x.__rank ${rankDir}, x.d0 ${direction(d0Dir)}) as __rn,
      dense_rank() over (order by ${sql.join(columnOrder)}) as __cn from x)
    select y.*, (select max(__rn) from y) as __rows, (select max(__cn) from y) as __cols
    from y where y.__rn <= ${plan.rows} and y.__cn <= ${plan.columns} order by y.__rn, y.__cn`;
}
