import { CHART_LIMITS, type ChartQuery, type ChartResult, type ResultColumn } from '../../../../shared/dashboards/model.ts';
import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import type { AnalysisActor } from '../../../kernel/analysis.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { flatSql, pivotSql } from './build.ts';
import { dimensionLabel, displayValues, measureLabel } from './names.ts';
import { planOf, resolveQuery, type Translate } from './plan.ts';

type Cell = string | number | null;
type Row = Record<string, unknown>;

/** Database numbers as the chart shows them: counts (bigint text) as numbers, float noise (0.1 + 0.2) rounded off. */
function numberOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Number(n.toPrecision(15)) : null;
}

/** A group's key as drill-down takes it back: text, a number, or null for "empty". */
function keyOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * One chart query as ONE statement over the form's table (build.ts), inside the viewer's visible rows; then the
 * names of the groups (members, departments, related records, periods) and the columns in his language.
 */
export async function aggregate(trx: Trx, actor: AnalysisActor, query: ChartQuery, extra: FilterGroup | undefined, t: Translate): Promise<ChartResult> {
  const resolved = await resolveQuery(trx, actor, query, t);
  const plan = await planOf(trx, actor, query, resolved, extra);
  const pivot = plan.dimensions.length >= 2;
  const answer = await (pivot ? pivotSql(plan) : flatSql(plan)).execute(trx);
  let rows = answer.rows as Row[];
  let capped: ChartResult['capped'] = null;
  if (pivot) {
    const seenRows = Number(rows[0]?.__rows ?? 0);
    const seenColumns = Number(rows[0]?.__cols ?? 0);
    const cutRows = query.limit === undefined && seenRows > CHART_LIMITS.pivotRows;
    if (cutRows || seenColumns > CHART_LIMITS.pivotColumns) {
      capped = { rows: Math.min(seenRows, plan.rows), columns: Math.min(seenColumns, plan.columns) };
    }
  } else if (query.limit === undefined && rows.length > CHART_LIMITS.rows) {
    rows = rows.slice(0, CHART_LIMITS.rows);
    capped = { rows: CHART_LIMITS.rows, columns: 0 };
  }

  const keys: Cell[][] = rows.map((row) => plan.dimensions.map((_, i) => keyOf(row[`d${i}`])));
  const shown: Cell[][] = [];
  for (const [i, dimension] of plan.dimensions.entries()) shown.push(await displayValues(trx, actor, dimension, keys.map((k) => k[i]!), t));
  const columns: ResultColumn[] = [
    ...plan.dimensions.map((d, i): ResultColumn => ({ key: `d${i}`, label: dimensionLabel(d, t), role: 'dimension', kind: d.field.kind === 'texts' ? 'text' : d.field.kind })),
    ...query.measures.map((m, i): ResultColumn => ({ key: m.id, label: measureLabel(m, resolved.measures[i]!.field?.label ?? null, t), role: 'measure', kind: 'number' })),
    ...(query.ratios ?? []).map((r): ResultColumn => ({ key: r.id, label: r.label?.trim() ? r.label.trim().slice(0, 60) : t('forms.analysis.ratio'), role: 'ratio', kind: 'number' })),
  ];
  const out = rows.map((row, r) => [
    ...plan.dimensions.map((_, i) => shown[i]![r]!),
    ...plan.measures.map((_, i) => numberOf(row[`m${i}`])),
    ...plan.ratios.map((_, i) => numberOf(row[`x${i}`])),
  ]);
  return { columns, rows: out, keys, capped, at: new Date().toISOString() };
}
