import { EVERYONE, NOBODY_ELSE, type Aggregate, type Chart, type ChartDraft, type Dimension } from '../../../../../shared/dashboards/model.ts';

/**
 * A ratio view (route forms.ratioView) is a chart of the charts API kept simple: one form, an optional dimension,
 * a numerator and a denominator measure, and their ratio (in percent or not), drawn as a table or a line.
 */
export interface RatioSpec {
  name: string;
  formId: string;
  dimension: Dimension | null;
  numerator: { aggregate: Aggregate; field: string | null };
  denominator: { aggregate: Aggregate; field: string | null };
  percent: boolean;
  type: 'table' | 'line';
}

export const RATIO_TYPES = ['table', 'line'] as const;

export function newRatio(formId = ''): RatioSpec {
  return { name: '', formId, dimension: null, numerator: { aggregate: 'count', field: null }, denominator: { aggregate: 'count', field: null }, percent: true, type: 'table' };
}

/** The chart a ratio view saves: measures m1 / m2 and ratio r1 named like the view; access and tips kept from `base`. */
export function ratioDraft(spec: RatioSpec, appId: string, base?: ChartDraft): ChartDraft {
  // A line needs a dimension to run along; without one the view is a one-row table.
  const type = spec.dimension ? spec.type : 'table';
  return {
    name: spec.name,
    type,
    appId,
    query: {
      formId: spec.formId,
      dimensions: spec.dimension ? [spec.dimension] : [],
      measures: [
        { id: 'm1', ...spec.numerator },
        { id: 'm2', ...spec.denominator },
      ],
      ratios: [{ id: 'r1', label: spec.name.trim() || 'r1', numerator: 'm1', denominator: 'm2', percent: spec.percent }],
      ...(spec.dimension ? { sort: { by: 'd0', dir: 'asc' as const } } : {}),
    },
    options: base?.options ?? {},
    tips: base?.tips ?? '',
    viewers: base?.viewers ?? EVERYONE,
    editors: base?.editors ?? NOBODY_ELSE,
  };
}

/** A saved chart read back as a ratio view, or null when it is not one (no ratio, or not table / line). */
export function ratioOf(chart: Pick<Chart, 'name' | 'type' | 'query'>): RatioSpec | null {
  const ratio = chart.query.ratios?.[0];
  if (!ratio || (chart.type !== 'table' && chart.type !== 'line')) return null;
  const numerator = chart.query.measures.find((m) => m.id === ratio.numerator);
  const denominator = chart.query.measures.find((m) => m.id === ratio.denominator);
  if (!numerator || !denominator) return null;
  return {
    name: chart.name,
    formId: chart.query.formId,
    dimension: chart.query.dimensions[0] ?? null,
    numerator: { aggregate: numerator.aggregate, field: numerator.field },
    denominator: { aggregate: denominator.aggregate, field: denominator.field },
    percent: ratio.percent,
    type: chart.type,
  };
}
