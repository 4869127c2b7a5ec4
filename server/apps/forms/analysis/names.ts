import type { Granularity, Measure } from '../../../../shared/dashboards/model.ts';
import type { AnalysisActor } from '../../../kernel/analysis.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { relationTitles } from '../labels.ts';
import type { PlanDimension } from './build.ts';

type Translate = (key: string, params?: Record<string, string | number>) => string;
type Key = string | number | null;

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 week of a day (`2026-01-05` → `2026-W02`): weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3); // the Thursday of this week decides its year
  const year = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  return `${year}-W${pad(1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000)))}`;
}

/** How a period (its first day) is shown: 2026-03-09, 2026-W11, 2026-03, 2026-Q1, 2026. */
export function periodLabel(first: string, granularity: Granularity): string {
  const [year, month] = first.split('-');
  switch (granularity) {
    case 'day':
      return first;
    case 'week':
      return isoWeek(first);
    case 'month':
      return `${year}-${month}`;
    case 'quarter':
      return `${year}-Q${Math.floor((Number(month) - 1) / 3) + 1}`;
    case 'year':
      return year!;
  }
}

/** The first day of the period after the one starting on `first` (drill-down: first ≤ value < next). */
export function nextPeriod(first: string, granularity: Granularity): string {
  const date = new Date(`${first}T00:00:00Z`);
  if (granularity === 'day') date.setUTCDate(date.getUTCDate() + 1);
  if (granularity === 'week') date.setUTCDate(date.getUTCDate() + 7);
  if (granularity === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  if (granularity === 'quarter') date.setUTCMonth(date.getUTCMonth() + 3);
  if (granularity === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A measure's column title: its own label, else "Sum of Amount" in the viewer's language. */
export function measureLabel(m: Measure, fieldLabel: string | null, t: Translate): string {
  if (m.label && m.label.trim()) return m.label.trim().slice(0, 60);
  if (!fieldLabel) return t('forms.analysis.measure.records');
  return t(`forms.analysis.measure.${m.aggregate}`, { field: fieldLabel });
}

export function dimensionLabel(d: PlanDimension, t: Translate): string {
  const kind = d.field.kind;
  return kind === 'date' || kind === 'datetime' ? t('forms.analysis.dimension.period', { field: d.field.label, period: t(`forms.analysis.granularity.${d.granularity ?? 'month'}`) }) : d.field.label;
}

const ids = (keys: Key[]) => [...new Set(keys.filter((k): k is string => typeof k === 'string' && /^[0-9]{1,18}$/.test(k)))];

/**
 * What each group's key is shown as: names for members and departments (one query per dimension for all groups,
 * as lists do), related records by their title (only those the viewer may see there), periods as 2026-03.
 */
export async function displayValues(trx: Trx, actor: AnalysisActor, dimension: PlanDimension, keys: Key[], t: Translate): Promise<Key[]> {
  const empty = t('forms.analysis.empty');
  const field = dimension.field;
  let names: Record<string, string> | null = null;
  if (field.names === 'user' && ids(keys).length) {
    const rows = await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', ids(keys)).execute();
    names = Object.fromEntries(rows.map((r) => [r.id, r.name]));
  } else if (field.names === 'department' && ids(keys).length) {
    const rows = await trx.selectFrom('org_department').select(['id', 'name']).where('id', 'in', ids(keys)).execute();
    names = Object.fromEntries(rows.map((r) => [r.id, r.name]));
  } else if (field.names === 'relation' && field.def?.relation?.formId && ids(keys).length) {
    names = await relationTitles(trx, actor, field.def.relation.formId, ids(keys));
  }
  return keys.map((key) => {
    if (key === null) return empty;
    if (names) return names[String(key)] ?? `#${key}`;
    if ((field.kind === 'date' || field.kind === 'datetime') && typeof key === 'string') return periodLabel(key, dimension.granularity ?? 'month');
    return key;
  });
}
