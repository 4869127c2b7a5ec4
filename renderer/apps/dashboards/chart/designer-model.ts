import {
  AGGREGATES, CHART_LIMITS, EVERYONE, NOBODY_ELSE, NUMERIC_AGGREGATES,
  type Aggregate, type ChartDraft, type ChartType, type Dimension, type Measure, type Ratio,
} from '../../../../shared/dashboards/model.ts';
import { chartProblems, CHART_SHAPES, type DashboardProblem } from '../../../../shared/dashboards/validate.ts';
import type { AnalysisField } from './chart-api.ts';

/**
 * The chart designer's draft edits, as pure functions: what a field may be aggregated by, adding and removing
 * dimensions, measures and ratios with ids the sort and the combo refer to, switching the chart type, and whether
 * the draft is complete enough for a live preview.
 */
export function newDraft(appId = '', formId = ''): ChartDraft {
  return {
    name: '',
    type: 'bar',
    appId,
    query: { formId, dimensions: [], measures: [{ id: 'm1', aggregate: 'count', field: null }] },
    options: { showLabels: false },
    tips: '',
    viewers: EVERYONE,
    editors: NOBODY_ELSE,
  };
}

const DATE_KINDS = new Set(['date', 'datetime']);
export const isDateField = (field: AnalysisField | undefined) => !!field && DATE_KINDS.has(field.kind);

/** Sum, average, min and max only over number and amount fields; count of records takes no field at all. */
export function aggregatesFor(field: AnalysisField | null | undefined): Aggregate[] {
  if (!field) return ['count'];
  return field.numeric ? [...AGGREGATES] : AGGREGATES.filter((a) => !NUMERIC_AGGREGATES.includes(a));
}

/** The first free `prefix` + number among `taken` (m1, m2…; r1…). */
export function freeId(prefix: string, taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`;
}

const ids = (draft: ChartDraft) => [...draft.query.measures.map((m) => m.id), ...(draft.query.ratios ?? []).map((r) => r.id)];
const withQuery = (draft: ChartDraft, query: Partial<ChartDraft['query']>): ChartDraft => ({ ...draft, query: { ...draft.query, ...query } });

/** A new dimension on `field`: dates by month (the model's default), the rest by value. */
export function addDimension(draft: ChartDraft, field: AnalysisField): ChartDraft {
  if (draft.query.dimensions.length >= CHART_LIMITS.dimensions) return draft;
  const dimension: Dimension = isDateField(field) ? { field: field.ref, granularity: 'month' } : { field: field.ref };
  return withQuery(draft, { dimensions: [...draft.query.dimensions, dimension] });
}

export function setDimension(draft: ChartDraft, index: number, dimension: Dimension): ChartDraft {
  return withQuery(draft, { dimensions: draft.query.dimensions.map((d, i) => (i === index ? dimension : d)) });
}

/** Removing a dimension drops a sort on it (`d1` would point at another dimension afterwards). */
export function removeDimension(draft: ChartDraft, index: number): ChartDraft {
  const sort = draft.query.sort && /^d\d$/.test(draft.query.sort.by) ? undefined : draft.query.sort;
  return withQuery(draft, { dimensions: draft.query.dimensions.filter((_, i) => i !== index), sort });
}

/** A new measure: sum of a number field, count of values for any other, count of records without a field. */
export function addMeasure(draft: ChartDraft, field: AnalysisField | null): ChartDraft {
  if (draft.query.measures.length >= CHART_LIMITS.measures) return draft;
  const aggregate: Aggregate = field?.numeric ? 'sum' : 'count';
  const measure: Measure = { id: freeId('m', ids(draft)), aggregate, field: field?.ref ?? null };
  if (draft.type === 'combo') measure.series = draft.query.measures.length === 0 ? 'bar' : 'line';
  return withQuery(draft, { measures: [...draft.query.measures, measure] });
}

/** A changed field keeps the aggregate only when the new field allows it. */
export function setMeasure(draft: ChartDraft, index: number, measure: Measure, fields: readonly AnalysisField[]): ChartDraft {
  const field = measure.field === null ? null : fields.find((f) => f.ref === measure.field);
  const allowed = aggregatesFor(field);
  const fixed = allowed.includes(measure.aggregate) ? measure : { ...measure, aggregate: allowed[0]! };
  return withQuery(draft, { measures: draft.query.measures.map((m, i) => (i === index ? fixed : m)) });
}

/** Removing a measure removes the ratios built on it and a sort by it. */
export function removeMeasure(draft: ChartDraft, index: number): ChartDraft {
  const gone = draft.query.measures[index]?.id;
  const ratios = (draft.query.ratios ?? []).filter((r) => r.numerator !== gone && r.denominator !== gone);
  const lost = new Set([gone, ...(draft.query.ratios ?? []).filter((r) => !ratios.includes(r)).map((r) => r.id)]);
  const sort = draft.query.sort && lost.has(draft.query.sort.by) ? undefined : draft.query.sort;
  return withQuery(draft, { measures: draft.query.measures.filter((_, i) => i !== index), ratios, sort });
}

/** A ratio between the first two measures (the user changes them); needs two measures to make sense. */
export function addRatio(draft: ChartDraft, label: string): ChartDraft {
  const [a, b] = draft.query.measures;
  if (!a || !b || (draft.query.ratios ?? []).length >= CHART_LIMITS.ratios) return draft;
  const ratio: Ratio = { id: freeId('r', ids(draft)), label, numerator: a.id, denominator: b.id, percent: true };
  return withQuery(draft, { ratios: [...(draft.query.ratios ?? []), ratio] });
}

export function setRatio(draft: ChartDraft, index: number, ratio: Ratio): ChartDraft {
  return withQuery(draft, { ratios: (draft.query.ratios ?? []).map((r, i) => (i === index ? ratio : r)) });
}

export function removeRatio(draft: ChartDraft, index: number): ChartDraft {
  const gone = draft.query.ratios?.[index]?.id;
  const sort = draft.query.sort?.by === gone ? undefined : draft.query.sort;
  return withQuery(draft, { ratios: (draft.query.ratios ?? []).filter((_, i) => i !== index), sort });
}

/**
 * A new chart type: the combo gives each measure its series (the first a bar, the rest lines); types that draw
 * fewer dimensions or measures than the draft has keep the first ones, so switching back and forth stays sensible.
 */
export function withType(draft: ChartDraft, type: ChartType): ChartDraft {
  const shape = CHART_SHAPES[type];
  let measures = draft.query.measures.slice(0, shape.measures[1]);
  if (type === 'combo') measures = measures.map((m, i) => ({ ...m, series: m.series ?? (i === 0 ? 'bar' : 'line') }));
  const dimensions = draft.query.dimensions.slice(0, shape.dimensions[1]);
  const kept = new Set([...measures.map((m) => m.id), ...dimensions.map((_, i) => `d${i}`)]);
  const ratios = (draft.query.ratios ?? []).filter((r) => kept.has(r.numerator) && kept.has(r.denominator));
  ratios.forEach((r) => kept.add(r.id));
  const sort = draft.query.sort && kept.has(draft.query.sort.by) ? draft.query.sort : undefined;
  return { ...draft, type, query: { ...draft.query, dimensions, measures, ratios, sort } };
}

/** Which settings each type offers (the palette's options). */
export const OPTIONS_OF: Record<ChartType, ReadonlyArray<'stacked' | 'horizontal' | 'donut' | 'showLabels' | 'smooth' | 'gaugeMax' | 'decimals'>> = {
  table: [], pivot: [], number: ['decimals'], gauge: ['gaugeMax', 'decimals'],
  line: ['stacked', 'smooth', 'showLabels'], area: ['stacked', 'smooth', 'showLabels'], bar: ['stacked', 'horizontal', 'showLabels'],
  pie: ['donut', 'showLabels'], funnel: ['showLabels'], scatter: ['showLabels'], map: ['showLabels'], combo: ['smooth', 'showLabels'],
};

/** The draft's problems under `prefix` (a section of the designer shows its own). */
export const problemsAt = (problems: readonly DashboardProblem[], prefix: string) =>
  problems.filter((p) => p.path === prefix || p.path.startsWith(`${prefix}.`));

/** Problems that stop a preview: the query's and the options' (a missing name or tips do not). */
export function previewBlockers(draft: ChartDraft): DashboardProblem[] {
  return chartProblems(draft).filter((p) => p.path.startsWith('query') || p.path.startsWith('options'));
}

/** What the sort may be by: each dimension (`d0`…) and each measure and ratio, with the label the designer shows. */
export function sortChoices(draft: ChartDraft, labelOfDimension: (d: Dimension) => string, labelOfMeasure: (m: Measure) => string) {
  return [
    ...draft.query.dimensions.map((d, i) => ({ value: `d${i}`, label: labelOfDimension(d) })),
    ...draft.query.measures.map((m) => ({ value: m.id, label: labelOfMeasure(m) })),
    ...(draft.query.ratios ?? []).map((r) => ({ value: r.id, label: r.label || r.id })),
  ];
}
