import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ChartQuery } from '../../../../shared/dashboards/model.ts';
import { AppError } from '../../../kernel/errors.ts';
import { flatSql, pivotSql, type Plan } from './build.ts';
import { checkShape } from './check.ts';
import type { ChartField } from './fields.ts';
import { isoWeek, nextPeriod, periodLabel } from './names.ts';

const db = new Kysely<any>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});
const compiled = (plan: Plan, pivot = false) => (pivot ? pivotSql(plan) : flatSql(plan)).compile(db);

const field = (over: Partial<ChartField>): ChartField => ({ ref: 'f2', label: 'Status', kind: 'text', fieldType: 'select', numeric: false, names: null, def: null, join: null, column: 'f2', ...over });
const plan = (over: Partial<Plan> = {}): Plan => ({
  table: 'forms_data_7',
  where: sql`t.deleted_at is null and t.owner_dept_id = any(${['3']}::bigint[])`,
  joins: [],
  dimensions: [{ field: field({}), granularity: null }],
  measures: [{ aggregate: 'count', field: null }],
  ratios: [],
  sort: null,
  rows: 5001,
  columns: 100,
  zone: 'UTC',
  ...over,
});

describe('the SQL of a chart query', () => {
  it('groups by the dimension inside the given WHERE, with every value a parameter', () => {
    const { sql: text, parameters } = compiled(plan());
    expect(text).toContain('select "t"."f2" as "d0", count(*) as "m0" from "forms_data_7" t where t.deleted_at is null and t.owner_dept_id = any($1::bigint[]) group by 1');
    expect(text).toMatch(/order by "g"."d0" asc nulls last limit \$2$/);
    expect(parameters).toEqual([['3'], 5001]);
  });

  it('truncates dates to the period, date-times in the space zone, and reads numbers with the asked aggregate', () => {
    const due = field({ ref: 'f4', kind: 'date', fieldType: 'date', column: 'f4' });
    const at = field({ ref: 'createdAt', kind: 'datetime', fieldType: 'system', column: 'created_at' });
    const amount = field({ ref: 'f3', kind: 'number', fieldType: 'amount', numeric: true, column: 'f3' });
    const { sql: text, parameters } = compiled(plan({ dimensions: [{ field: due, granularity: 'quarter' }], measures: [{ aggregate: 'sum', field: amount }, { aggregate: 'distinct', field: at }], zone: 'Asia/Shanghai' }));
    expect(text).toContain(`date_trunc('quarter', "t"."f4"::timestamp)::date as "d0", sum("t"."f3") as "m0", count(distinct "t"."created_at") as "m1"`);
    const zoned = compiled(plan({ dimensions: [{ field: at, granularity: 'week' }], zone: 'Asia/Shanghai' }));
    expect(zoned.sql).toContain(`date_trunc('week', "t"."created_at" at time zone $1)::date as "d0"`);
    expect(zoned.parameters).toContain('Asia/Shanghai');
    expect(parameters).not.toContain('quarter');
  });

  it('joins a related form under its own WHERE, unnests multi-choice values, sorts members by name', () => {
    const city = field({ ref: 'f8.f1', label: 'Customer · City', join: 0, column: 'f1' });
    const tags = field({ ref: 'f9', kind: 'texts', fieldType: 'multiselect', column: 'f9' });
    const who = field({ ref: 'ownerId', kind: 'ref', fieldType: 'system', names: 'user', column: 'owner_id' });
    const joined = compiled(plan({ joins: [{ column: 'f8', table: 'forms_data_9', columns: ['f1'], where: sql`t.deleted_at is null` }], dimensions: [{ field: city, granularity: null }] }));
    expect(joined.sql).toContain('left join (select "t"."id", "t"."f1" from "forms_data_9" t where t.deleted_at is null) "r0" on "r0"."id" = "t"."f8"');
    expect(joined.sql).toContain('select "r0"."f1" as "d0"');
    const unnested = compiled(plan({ dimensions: [{ field: tags, granularity: null }] }));
    expect(unnested.sql).toContain('left join lateral unnest("t"."f9") as "u0"(v) on true');
    const named = compiled(plan({ dimensions: [{ field: who, granularity: null }], sort: { kind: 'dimension', index: 0, dir: 'desc' } }));
    expect(named.sql).toContain('order by (select u.name from users u where u.id = "g"."d0") desc nulls last, "g"."d0" desc nulls last');
  });

  it('ratios are null on a zero denominator and may be sorted on; top N is the limit', () => {
    const { sql: text, parameters } = compiled(plan({
      measures: [{ aggregate: 'count', field: null }, { aggregate: 'count', field: field({}) }],
      ratios: [{ numerator: 1, denominator: 0, percent: true }],
      sort: { kind: 'ratio', index: 0, dir: 'desc' },
      rows: 10,
    }));
    expect(text).toContain('(case when "g"."m0" is null or "g"."m0" = 0 then null else "g"."m1"::float8 / "g"."m0"::float8 * 100 end) as "x0"');
    expect(text).toMatch(/order by \(case when .* end\) desc nulls last/);
    expect(parameters.at(-1)).toBe(10);
  });

  it('a pivot ranks rows and columns in one pass and returns only those inside the caps', () => {
    const line = field({ ref: 'f5', label: 'Line', column: 'f5' });
    const { sql: text, parameters } = compiled(plan({ dimensions: [{ field: field({}), granularity: null }, { field: line, granularity: null }], rows: 1000, columns: 100, sort: { kind: 'measure', index: 0, dir: 'desc' } }), true);
    expect(text).toContain('group by 1, 2');
    expect(text).toContain('sum("g"."m0") over (partition by g.d0) as __rank');
    expect(text).toContain('where y.__rn <= $2 and y.__cn <= $3 order by y.__rn, y.__cn');
    expect(parameters.slice(-2)).toEqual([1000, 100]);
  });
});

const query = (over: Partial<ChartQuery> = {}): ChartQuery => ({ formId: '1', dimensions: [{ field: 'f2' }], measures: [{ id: 'm1', aggregate: 'count', field: null }], ...over });
const refusal = (q: ChartQuery) => {
  try {
    checkShape(q);
  } catch (error) {
    return (error as AppError).status === 422 ? (error as AppError).key : 'not a 422';
  }
  return null;
};

describe('the shape of a chart query', () => {
  it('refuses what CHART_LIMITS and the model do not allow, each with its own message', () => {
    expect(refusal(query())).toBeNull();
    expect(refusal(query({ dimensions: [{ field: 'a' }, { field: 'b' }, { field: 'c' }, { field: 'd' }] }))).toBe('forms.analysis.tooManyDimensions');
    expect(refusal(query({ measures: [] }))).toBe('forms.analysis.noMeasure');
    expect(refusal(query({ measures: Array.from({ length: 11 }, (_, i) => ({ id: `m${i}`, aggregate: 'count' as const, field: null })) }))).toBe('forms.analysis.tooManyMeasures');
    expect(refusal(query({ dimensions: [{ field: 'f4', granularity: 'hour' as never }] }))).toBe('forms.analysis.badGranularity');
    expect(refusal(query({ measures: [{ id: 'm1', aggregate: 'sum', field: null }] }))).toBe('forms.analysis.fieldRequired');
    expect(refusal(query({ measures: [{ id: 'm1', aggregate: 'median' as never, field: 'f3' }] }))).toBe('forms.analysis.badAggregate');
    expect(refusal(query({ measures: [{ id: 'm1', aggregate: 'count', field: null }, { id: 'm1', aggregate: 'count', field: null }] }))).toBe('forms.analysis.duplicateId');
    expect(refusal(query({ ratios: [{ id: 'r1', label: '', numerator: 'm1', denominator: 'm9', percent: false }] }))).toBe('forms.analysis.badRatio');
    expect(refusal(query({ limit: 0 }))).toBe('forms.analysis.badLimit');
    expect(refusal(query({ limit: 1001 }))).toBe('forms.analysis.badLimit');
    expect(refusal(query({ sort: { by: 'd1', dir: 'asc' } }))).toBe('forms.analysis.badSort');
    expect(refusal({ formId: '1' } as unknown as ChartQuery)).toBe('forms.analysis.malformed');
  });

  it('names the sort target by position', () => {
    expect(checkShape(query({ sort: { by: 'm1', dir: 'desc' } }))).toEqual({ kind: 'measure', index: 0, dir: 'desc' });
    expect(checkShape(query({ sort: { by: 'd0', dir: 'asc' } }))).toEqual({ kind: 'dimension', index: 0, dir: 'asc' });
  });
});

describe('periods', () => {
  it('labels the period starting on a day and finds the next one', () => {
    expect(periodLabel('2026-04-01', 'quarter')).toBe('2026-Q2');
    expect(periodLabel('2026-03-01', 'month')).toBe('2026-03');
    expect(isoWeek('2026-01-05')).toBe('2026-W02');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(isoWeek('2021-01-04')).toBe('2021-W01');
    expect(nextPeriod('2026-12-01', 'month')).toBe('2027-01-01');
    expect(nextPeriod('2026-10-01', 'quarter')).toBe('2027-01-01');
    expect(nextPeriod('2026-02-23', 'week')).toBe('2026-03-02');
  });
});
