import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dimension, Measure } from '../../../../shared/dashboards/model.ts';
import type { AnalysisField } from './chart-api.ts';

/** How the designer names fields, dimensions and measures in the user's language (a relation's field says its relation). */
export function useChartLabels(fields: readonly AnalysisField[]) {
  const { t } = useTranslation();
  return useMemo(() => {
    const byRef = new Map(fields.map((f) => [f.ref, f]));
    const field = (ref: string | null) => {
      if (ref === null) return t('dashboards.chartUi.measure.records');
      const found = byRef.get(ref);
      if (!found) return ref;
      return found.via ? `${found.via.relationLabel} › ${found.label}` : found.label;
    };
    const dimension = (d: Dimension) => (d.granularity ? `${field(d.field)} (${t(`dashboards.chartUi.granularity.${d.granularity}`)})` : field(d.field));
    const measure = (m: Measure) =>
      m.label?.trim() || (m.field === null ? t('dashboards.chartUi.measure.countRecords') : t('dashboards.chartUi.measure.default', { aggregate: t(`dashboards.chartUi.aggregate.${m.aggregate}`), field: field(m.field) }));
    const options = fields.map((f) => ({ value: f.ref, label: field(f.ref) }));
    return { field, dimension, measure, options, byRef };
  }, [fields, t]);
}
