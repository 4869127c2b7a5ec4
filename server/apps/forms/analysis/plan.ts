import { CHART_LIMITS, NUMERIC_AGGREGATES, type ChartQuery } from '../../../../shared/dashboards/model.ts';
import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import type { AnalysisActor } from '../../../kernel/analysis.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { and, checkedFilter, filterSql } from '../filter-sql.ts';
import { spaceTimeZone } from '../jobs/space-zone.ts';
import { visibleWhere } from '../list.ts';
import { columnIn } from '../storage.ts';
import type { Plan, PlanDimension, PlanMeasure } from './build.ts';
import { checkShape } from './check.ts';
import { FieldResolver, sourceOf } from './fields.ts';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A space's time zone changes rarely (org settings): kept a minute per space rather than read by every chart. */
const zones = new Map<string, { zone: string; until: number }>();
export async function zoneOf(trx: Trx, spaceId: string): Promise<string> {
  const hit = zones.get(spaceId);
  if (hit && hit.until > Date.now()) return hit.zone;
  const zone = await spaceTimeZone(trx, spaceId);
  if (zones.size > 10_000) zones.clear();
  zones.set(spaceId, { zone, until: Date.now() + 60_000 });
  return zone;
}

/** The resolved parts of a query: fields checked against what the viewer may see and against their use. */
export async function resolveQuery(trx: Trx, actor: AnalysisActor, query: ChartQuery, t: Translate) {
  const sort = checkShape(query);
  const main = await sourceOf(trx, actor, String(query.formId));
  const resolver = new FieldResolver(trx, actor, main, t);
  const dimensions: PlanDimension[] = [];
  for (const d of query.dimensions) {
    const field = await resolver.field(d.field);
    if (field.kind === 'json') throw fail.unprocessable('forms.analysis.notGroupable', { field: field.label });
    const dated = field.kind === 'date' || field.kind === 'datetime';
    if (d.granularity && !dated) throw fail.unprocessable('forms.analysis.badGranularity', { field: field.label });
    dimensions.push({ field, granularity: dated ? (d.granularity ?? 'month') : null });
  }
  const measures: PlanMeasure[] = [];
  for (const m of query.measures) {
    const field = m.field === null ? null : await resolver.field(m.field);
    if (NUMERIC_AGGREGATES.includes(m.aggregate) && !field?.numeric) throw fail.unprocessable('forms.analysis.notNumeric', { field: field?.label ?? '' });
    measures.push({ aggregate: m.aggregate, field });
  }
  return { sort, main, joins: resolver.joins, dimensions, measures };
}

export type Resolved = Awaited<ReturnType<typeof resolveQuery>>;

/**
 * The plan of one statement: the form's table under the list's own WHERE (visibleWhere: live rows, record rules,
 * shares, ownership, the chart's filter) plus `extra` (global filters, drill-down), each relation join under the
 * related form's visibleWhere for the same viewer, and the caps of CHART_LIMITS.
 */
export async function planOf(trx: Trx, actor: AnalysisActor, query: ChartQuery, resolved: Resolved, extra: FilterGroup | undefined): Promise<Plan> {
  const { main, joins, dimensions, measures, sort } = resolved;
  const fields = main.viewer.fields;
  const checkedExtra = checkedFilter(fields, extra);
  const where = and([visibleWhere(main.form, main.viewer, query.filter ?? undefined), ...(checkedExtra ? [filterSql(fields, checkedExtra)] : [])]);
  const used = [...dimensions.map((d) => d.field), ...measures.flatMap((m) => (m.field ? [m.field] : []))];
  const pivot = dimensions.length >= 2;
  const limit = query.limit ?? null;
  return {
    table: main.form.table,
    where,
    joins: joins.map((j, i) => ({
      column: columnIn(fields, j.relation.key),
      table: j.target.form.table,
      columns: [...new Set(used.filter((f) => f.join === i).map((f) => f.column))],
      where: visibleWhere(j.target.form, j.target.viewer, undefined),
    })),
    dimensions,
    measures,
    ratios: (query.ratios ?? []).map((r) => ({
      numerator: query.measures.findIndex((m) => m.id === r.numerator),
      denominator: query.measures.findIndex((m) => m.id === r.denominator),
      percent: r.percent === true,
    })),
    sort,
    // One more than the cap, so the answer can tell that the cap cut; a top N is the viewer's own choice, no cap.
    rows: pivot ? (limit ?? CHART_LIMITS.pivotRows) : (limit ?? CHART_LIMITS.rows + 1),
    columns: CHART_LIMITS.pivotColumns,
    // Date-time values group by the space's local calendar (spaces.time_zone, org settings), never the server's.
    zone: dimensions.some((d) => d.field.kind === 'datetime') ? await zoneOf(trx, actor.spaceId) : 'UTC',
  };
}
