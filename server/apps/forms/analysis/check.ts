import { AGGREGATES, CHART_LIMITS, GRANULARITIES, type ChartQuery } from '../../../../shared/dashboards/model.ts';
import { fail } from '../../../kernel/errors.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The designer's ids (shared/dashboards/validate.ts LOCAL_ID); `d0`…`d9` name dimensions in a sort, so no measure takes them. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What a sort names: a dimension by position, a measure or a ratio by index. */
export type SortTarget = { kind: 'dimension' | 'measure' | 'ratio'; index: number; dir: 'asc' | 'desc' };

/**
 * The query's own shape, before any field is looked up (queries arrive as JSON from anyone, not only from the
 * designer): counts within CHART_LIMITS, ids unique, ratios and sort naming what exists, a top N in range.
 * Every refusal is a 422 whose key says what to change.
 */
export function checkShape(query: ChartQuery): SortTarget | null {
  if (!isObject(query) || !Array.isArray(query.dimensions) || !Array.isArray(query.measures)) throw fail.unprocessable('forms.analysis.malformed');
  if (query.dimensions.length > CHART_LIMITS.dimensions) throw fail.unprocessable('forms.analysis.tooManyDimensions', { max: CHART_LIMITS.dimensions });
  if (query.measures.length === 0) throw fail.unprocessable('forms.analysis.noMeasure');
  if (query.measures.length > CHART_LIMITS.measures) throw fail.unprocessable('forms.analysis.tooManyMeasures', { max: CHART_LIMITS.measures });
  const ratios = query.ratios ?? [];
  if (!Array.isArray(ratios)) throw fail.unprocessable('forms.analysis.malformed');
  if (ratios.length > CHART_LIMITS.ratios) throw fail.unprocessable('forms.analysis.tooManyRatios', { max: CHART_LIMITS.ratios });
  for (const d of query.dimensions) {
    if (!isObject(d)) throw fail.unprocessable('forms.analysis.malformed');
    if (d.granularity !== undefined && !(GRANULARITIES as readonly unknown[]).includes(d.granularity)) throw fail.unprocessable('forms.analysis.badGranularity', { field: String(d.field).slice(0, 60) });
  }
  const ids = new Set<string>();
  const claim = (id: unknown) => {
    if (typeof id !== 'string' || !ID.test(id) || /^d[0-9]$/.test(id)) throw fail.unprocessable('forms.analysis.badId');
    if (ids.has(id)) throw fail.unprocessable('forms.analysis.duplicateId', { id });
    ids.add(id);
  };
  for (const m of query.measures) {
    if (!isObject(m)) throw fail.unprocessable('forms.analysis.malformed');
    claim(m.id);
    if (!(AGGREGATES as readonly unknown[]).includes(m.aggregate)) throw fail.unprocessable('forms.analysis.badAggregate', { measure: m.id });
    if (m.field === null && m.aggregate !== 'count') throw fail.unprocessable('forms.analysis.fieldRequired', { measure: m.id });
  }
  const measureIds = query.measures.map((m) => m.id);
  for (const r of ratios) {
    if (!isObject(r)) throw fail.unprocessable('forms.analysis.malformed');
    claim(r.id);
    if (!measureIds.includes(r.numerator) || !measureIds.includes(r.denominator)) throw fail.unprocessable('forms.analysis.badRatio', { ratio: r.id });
  }
  if (query.limit !== undefined && query.limit !== null && !(Number.isInteger(query.limit) && query.limit >= 1 && query.limit <= CHART_LIMITS.topN)) {
    throw fail.unprocessable('forms.analysis.badLimit', { max: CHART_LIMITS.topN });
  }
  return sortOf(query, ratios.map((r) => r.id));
}

function sortOf(query: ChartQuery, ratioIds: string[]): SortTarget | null {
  const sort = query.sort;
  if (sort === undefined || sort === null) return null;
  if (!isObject(sort) || (sort.dir !== 'asc' && sort.dir !== 'desc')) throw fail.unprocessable('forms.analysis.badSort');
  const dimension = /^d([0-9])$/.exec(String(sort.by));
  if (dimension && Number(dimension[1]) < query.dimensions.length) return { kind: 'dimension', index: Number(dimension[1]), dir: sort.dir };
  const measure = query.measures.findIndex((m) => m.id === sort.by);
  if (measure >= 0) return { kind: 'measure', index: measure, dir: sort.dir };
  const ratio = ratioIds.indexOf(String(sort.by));
  if (ratio >= 0) return { kind: 'ratio', index: ratio, dir: sort.dir };
  throw fail.unprocessable('forms.analysis.badSort');
}
