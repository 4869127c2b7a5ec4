import { Button, Input, Select } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS, GRANULARITIES, type ChartDraft, type Granularity } from '../../../../shared/dashboards/model.ts';
import type { AnalysisField } from './chart-api.ts';
import { useChartLabels } from './designer-labels.ts';
import { addDimension, addMeasure, aggregatesFor, isDateField, removeDimension, removeMeasure, setDimension, setMeasure } from './designer-model.ts';
import { Problems } from './Problems.tsx';
import type { ShownProblem } from './use-chart-design.ts';

interface Props {
  draft: ChartDraft;
  fields: readonly AnalysisField[];
  problems: readonly ShownProblem[];
  onChange(draft: ChartDraft): void;
}

/** The value `null` stands for "records" (count of records) in a select, whose values must be strings. */
const RECORDS = '__records';

/** Dimensions (group by; dates by a granularity) and measures (an aggregate of a field, limited to what it allows). */
export function QueryEditor({ draft, fields, problems, onChange }: Props) {
  const { t } = useTranslation();
  const labels = useChartLabels(fields);
  const { dimensions, measures } = draft.query;
  const find = (ref: string) => fields.find((f) => f.ref === ref);

  return (
    <>
      <section className="qp-chart-section" aria-labelledby="chart-dimensions-title">
        <h3 id="chart-dimensions-title">{t('dashboards.chartUi.dimensions.title')}</h3>
        <p className="qp-chart-hint">{t('dashboards.chartUi.dimensions.hint')}</p>
        {dimensions.map((d, i) => (
          <div key={i} className="qp-chart-row" data-testid={`chart-dimension-${i}`}>
            <Select
              showSearch
              value={d.field}
              options={labels.options}
              aria-label={t('dashboards.chartUi.dimensions.field')}
              onChange={(ref: string) => onChange(setDimension(draft, i, isDateField(find(ref)) ? { field: ref, granularity: 'month' } : { field: ref }))}
            />
            {isDateField(find(d.field)) && (
              <Select
                className="qp-chart-narrow"
                value={d.granularity ?? 'month'}
                aria-label={t('dashboards.chartUi.dimensions.granularity')}
                onChange={(granularity: Granularity) => onChange(setDimension(draft, i, { ...d, granularity }))}
                options={GRANULARITIES.map((g) => ({ value: g, label: t(`dashboards.chartUi.granularity.${g}`) }))}
                data-testid={`chart-dimension-${i}-granularity`}
              />
            )}
            <Button type="text" status="danger" icon={<IconDelete />} aria-label={t('dashboards.chartUi.remove')} onClick={() => onChange(removeDimension(draft, i))} />
          </div>
        ))}
        {dimensions.length < CHART_LIMITS.dimensions && (
          <Select
            showSearch
            value={undefined as string | undefined}
            placeholder={t('dashboards.chartUi.dimensions.add')}
            options={labels.options}
            disabled={fields.length === 0}
            onChange={(ref: string) => find(ref) && onChange(addDimension(draft, find(ref)!))}
            data-testid="chart-dimension-add"
            aria-label={t('dashboards.chartUi.dimensions.add')}
          />
        )}
        <Problems problems={problems} at="query.dimensions" />
      </section>

      <section className="qp-chart-section" aria-labelledby="chart-measures-title">
        <h3 id="chart-measures-title">{t('dashboards.chartUi.measures.title')}</h3>
        {measures.map((m, i) => {
          const field = m.field === null ? null : find(m.field);
          return (
            <div key={m.id} className="qp-chart-measure" data-testid={`chart-measure-${i}`}>
              <div className="qp-chart-row">
                <Select
                  showSearch
                  value={m.field ?? RECORDS}
                  aria-label={t('dashboards.chartUi.measures.field')}
                  options={[{ value: RECORDS, label: t('dashboards.chartUi.measure.records') }, ...labels.options]}
                  onChange={(ref: string) => onChange(setMeasure(draft, i, { ...m, field: ref === RECORDS ? null : ref }, fields))}
                  data-testid={`chart-measure-${i}-field`}
                />
                <Select
                  className="qp-chart-narrow"
                  value={m.aggregate}
                  aria-label={t('dashboards.chartUi.measures.aggregate')}
                  options={aggregatesFor(field).map((a) => ({ value: a, label: t(`dashboards.chartUi.aggregate.${a}`) }))}
                  onChange={(aggregate) => onChange(setMeasure(draft, i, { ...m, aggregate }, fields))}
                  data-testid={`chart-measure-${i}-aggregate`}
                />
                {draft.type === 'combo' && (
                  <Select
                    className="qp-chart-narrow"
                    value={m.series ?? (i === 0 ? 'bar' : 'line')}
                    aria-label={t('dashboards.chartUi.measures.series')}
                    options={(['bar', 'line'] as const).map((s) => ({ value: s, label: t(`dashboards.chartUi.type.${s}`) }))}
                    onChange={(series: 'bar' | 'line') => onChange(setMeasure(draft, i, { ...m, series }, fields))}
                    data-testid={`chart-measure-${i}-series`}
                  />
                )}
                <Button type="text" status="danger" icon={<IconDelete />} aria-label={t('dashboards.chartUi.remove')} onClick={() => onChange(removeMeasure(draft, i))} />
              </div>
              <Input
                size="small"
                value={m.label ?? ''}
                placeholder={labels.measure({ ...m, label: '' })}
                maxLength={60}
                aria-label={t('dashboards.chartUi.measures.label')}
                onChange={(label) => onChange(setMeasure(draft, i, { ...m, label: label || undefined }, fields))}
                data-testid={`chart-measure-${i}-label`}
              />
              <Problems problems={problems} at={`query.measures.${i}`} />
            </div>
          );
        })}
        {measures.length < CHART_LIMITS.measures && (
          <Select
            showSearch
            value={undefined as string | undefined}
            placeholder={t('dashboards.chartUi.measures.add')}
            options={[{ value: RECORDS, label: t('dashboards.chartUi.measure.records') }, ...labels.options]}
            disabled={fields.length === 0}
            onChange={(ref: string) => onChange(addMeasure(draft, ref === RECORDS ? null : (find(ref) ?? null)))}
            data-testid="chart-measure-add"
            aria-label={t('dashboards.chartUi.measures.add')}
          />
        )}
        <Problems problems={problems} at="query.measures" exact />
      </section>
    </>
  );
}
