import { sql } from 'kysely';
import type { ChartQuery } from '../../../../shared/dashboards/model.ts';
import { filterProblems, isGroup, valueFitsKind, type Condition, type FilterGroup } from '../../../../shared/forms/filters.ts';
import { routeHref } from '../../../../shared/routes/href.ts';
import type { AnalysisActor } from '../../../kernel/analysis.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { visibleWhere } from '../list.ts';
import type { PlanDimension } from './build.ts';
import { nextPeriod } from './names.ts';
import { resolveQuery, zoneOf, type Resolved, type Translate } from './plan.ts';

type Key = string | number | null;

/** The largest `in` list a filter takes (FILTER_LIMITS.listValues): more related records than that cannot be drilled. */
const MAX_RELATED = 200;

/** An "and" group's conditions side by side (the list filter stays as shallow as the chart's own). */
const flat = (group: FilterGroup | undefined | null): Array<Condition | FilterGroup> => (!group ? [] : group.logic === 'and' ? group.items : [group]);

/** The conditions on one field (`field` is its name in its own form) that select the group whose key is `key`. */
async function conditionsOf(trx: Trx, actor: AnalysisActor, d: PlanDimension, field: string, key: Key): Promise<Condition[] | null> {
  const { kind } = d.field;
  if (key === null) return [{ field, op: 'empty' }];
  if (kind === 'date' || kind === 'datetime') {
    if (typeof key !== 'string' || !valueFitsKind('date', key)) return null;
    const next = nextPeriod(key, d.granularity ?? 'month');
    if (kind === 'date') return [{ field, op: 'gte', value: key }, { field, op: 'lt', value: next }];
    // The period's local days in the space's zone, as instants (the same calendar the chart grouped by).
    const zone = await zoneOf(trx, actor.spaceId);
    const bounds = (await sql<{ a: Date; b: Date }>`select (${key}::timestamp at time zone ${zone}) as a, (${next}::timestamp at time zone ${zone}) as b`.execute(trx)).rows[0]!;
    return [{ field, op: 'gte', value: bounds.a.toISOString() }, { field, op: 'lt', value: bounds.b.toISOString() }];
  }
  if (kind === 'texts') return typeof key === 'string' ? [{ field, op: 'contains', value: key }] : null;
  return valueFitsKind(kind, key) ? [{ field, op: 'eq', value: key }] : null;
}

/**
 * A group of a field of a related form: the records of this form pointing at the related records of that group
 * which the viewer may see there (at most MAX_RELATED of them; more, or an empty group, cannot be said as a filter).
 */
async function relatedConditions(trx: Trx, actor: AnalysisActor, resolved: Resolved, d: PlanDimension, key: Key): Promise<Condition[] | null> {
  const join = resolved.joins[d.field.join!]!;
  if (key === null) return null;
  const targetField = d.field.ref.split('.')[1]!;
  const inTarget = await conditionsOf(trx, actor, d, targetField, key);
  if (!inTarget || filterProblems(join.target.viewer.fields, { logic: 'and', items: inTarget }).length) return null;
  const { form, viewer } = join.target;
  const rows = await sql<{ id: string }>`select t.id from ${sql.table(form.table)} t
    where ${visibleWhere(form, viewer, { logic: 'and', items: inTarget })} order by t.id limit ${MAX_RELATED + 1}`.execute(trx);
  if (rows.rows.length === 0 || rows.rows.length > MAX_RELATED) return null;
  return [{ field: join.relation.key, op: 'in', value: rows.rows.map((r) => r.id) }];
}

/**
 * Drill-down: the address of the forms list of the chart's form showing exactly the records of one group — the
 * chart's filter, the board's filters and one condition per dimension (equal to the key, or within the period) —
 * as `?filter=<json FilterGroup>` on the application view (forms.appView), which opens with it. Null when the group
 * cannot be said as a list filter.
 */
export async function drillHref(trx: Trx, actor: AnalysisActor, query: ChartQuery, keys: Key[], extra: FilterGroup | undefined, t: Translate): Promise<string | null> {
  const resolved = await resolveQuery(trx, actor, query, t);
  const { main, dimensions } = resolved;
  if (!Array.isArray(keys) || keys.length !== dimensions.length) throw fail.unprocessable('forms.analysis.badKeys');
  const items: Array<Condition | FilterGroup> = [...flat(query.filter), ...flat(extra)];
  for (const [i, d] of dimensions.entries()) {
    const key = keys[i] ?? null;
    const conditions = d.field.join === null ? await conditionsOf(trx, actor, d, d.field.ref, key) : await relatedConditions(trx, actor, resolved, d, key);
    if (!conditions) return null;
    items.push(...conditions);
  }
  const filter: FilterGroup = { logic: 'and', items };
  if (items.some((item) => isGroup(item) && !Array.isArray(item.items)) || filterProblems(main.viewer.fields, filter).length) return null;
  return routeHref('forms.appView', { appId: main.form.appId, module: main.form.id }, actor.spaceId, { filter: JSON.stringify(filter) });
}
