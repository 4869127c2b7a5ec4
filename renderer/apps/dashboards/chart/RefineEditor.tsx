import { Button, Input, InputNumber, Select, Switch } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS, type ChartDraft, type ChartSort } from '../../../../shared/dashboards/model.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { FilterBuilder } from '../../forms/views/components/FilterBuilder.tsx';
import { fromFilterGroup, toFilterGroup, type DraftGroup } from '../../forms/views/model/filter-model.ts';
import type { AnalysisField } from './chart-api.ts';
import { useChartLabels } from './designer-labels.ts';
import { addRatio, removeRatio, setRatio, sortChoices } from './designer-model.ts';
import { Problems } from './Problems.tsx';
import type { ShownProblem } from './use-chart-design.ts';

interface Props {
  draft: ChartDraft;
  fields: readonly AnalysisField[];
  formFields: readonly FieldDef[];
  problems: readonly ShownProblem[];
  onChange(draft: ChartDraft): void;
}

/** Ratios between two measures (numerator / denominator, in percent or not). */
export function RatiosEditor({ draft, fields, problems, onChange }: Omit<Props, 'formFields'>) {
  const { t } = useTranslation();
  const labels = useChartLabels(fields);
  const ratios = draft.query.ratios ?? [];
  const measureOptions = draft.query.measures.map((m) => ({ value: m.id, label: labels.measure(m) }));
  return (
    <section className="qp-chart-section" aria-labelledby="chart-ratios-title">
      <h3 id="chart-ratios-title">{t('dashboards.chartUi.ratios.title')}</h3>
      {ratios.length === 0 && <p className="qp-chart-hint">{t('dashboards.chartUi.ratios.hint')}</p>}
      {ratios.map((r, i) => (
        <div key={r.id} className="qp-chart-measure" data-testid={`chart-ratio-${i}`}>
          <div className="qp-chart-row">
            <Input size="small" value={r.label} maxLength={60} placeholder={t('dashboards.chartUi.ratios.label')} aria-label={t('dashboards.chartUi.ratios.label')} onChange={(label) => onChange(setRatio(draft, i, { ...r, label }))} data-testid={`chart-ratio-${i}-label`} />
            <Button type="text" status="danger" icon={<IconDelete />} aria-label={t('dashboards.chartUi.remove')} onClick={() => onChange(removeRatio(draft, i))} />
          </div>
          <div className="qp-chart-row">
            <Select size="small" value={r.numerator} options={measureOptions} aria-label={t('dashboards.chartUi.ratios.numerator')} onChange={(numerator: string) => onChange(setRatio(draft, i, { ...r, numerator }))} data-testid={`chart-ratio-${i}-numerator`} />
            <span aria-hidden="true">÷</span>
            <Select size="small" value={r.denominator} options={measureOptions} aria-label={t('dashboards.chartUi.ratios.denominator')} onChange={(denominator: string) => onChange(setRatio(draft, i, { ...r, denominator }))} data-testid={`chart-ratio-${i}-denominator`} />
          </div>
          <label className="qp-chart-inline">
            <Switch size="small" checked={r.percent} onChange={(percent) => onChange(setRatio(draft, i, { ...r, percent }))} data-testid={`chart-ratio-${i}-percent`} />
            <span>{t('dashboards.chartUi.ratios.percent')}</span>
          </label>
          <Problems problems={problems} at={`query.ratios.${i}`} />
        </div>
      ))}
      {ratios.length < CHART_LIMITS.ratios && (
        <Button size="small" type="text" icon={<IconPlus />} disabled={draft.query.measures.length < 2} onClick={() => onChange(addRatio(draft, t('dashboards.chartUi.ratios.defaultLabel')))} data-testid="chart-ratio-add">
          {t('dashboards.chartUi.ratios.add')}
        </Button>
      )}
      <Problems problems={problems} at="query.ratios" exact />
    </section>
  );
}

/**
 * The forms' own filter builder over the form's fields (the same conditions a list view takes), then the sort and
 * the top N groups. The builder keeps half-typed conditions locally; only finished ones reach the query.
 */
export function FilterSortEditor({ draft, fields, formFields, problems, onChange }: Props) {
  const { t } = useTranslation();
  const labels = useChartLabels(fields);
  const [filter, setFilter] = useState<DraftGroup>(() => fromFilterGroup(draft.query.filter));
  // Another form: its conditions start afresh (the old ones name fields it does not have).
  useEffect(() => setFilter(fromFilterGroup(draft.query.filter)), [draft.query.formId]);
  const sort = draft.query.sort;
  const setSort = (next: ChartSort | undefined) => onChange({ ...draft, query: { ...draft.query, sort: next } });
  return (
    <>
      <section className="qp-chart-section" aria-labelledby="chart-filter-title">
        <h3 id="chart-filter-title">{t('dashboards.chartUi.filter.title')}</h3>
        {formFields.length === 0 ? (
          <p className="qp-chart-hint">{t('dashboards.chartUi.filter.needsForm')}</p>
        ) : (
          <FilterBuilder
            fields={formFields}
            value={filter}
            onChange={(next) => {
              setFilter(next);
              onChange({ ...draft, query: { ...draft.query, filter: toFilterGroup(formFields, next) } });
            }}
          />
        )}
        <Problems problems={problems} at="query.filter" />
      </section>
      <section className="qp-chart-section" aria-labelledby="chart-sort-title">
        <h3 id="chart-sort-title">{t('dashboards.chartUi.sort.title')}</h3>
        <div className="qp-chart-row">
          <Select
            allowClear
            value={sort?.by}
            placeholder={t('dashboards.chartUi.sort.none')}
            options={sortChoices(draft, labels.dimension, labels.measure)}
            aria-label={t('dashboards.chartUi.sort.by')}
            onChange={(by: string | undefined) => setSort(by ? { by, dir: sort?.dir ?? 'desc' } : undefined)}
            data-testid="chart-sort-by"
          />
          <Select
            className="qp-chart-narrow"
            disabled={!sort}
            value={sort?.dir ?? 'desc'}
            aria-label={t('dashboards.chartUi.sort.dir')}
            options={(['asc', 'desc'] as const).map((dir) => ({ value: dir, label: t(`dashboards.chartUi.sort.${dir}`) }))}
            onChange={(dir: 'asc' | 'desc') => sort && setSort({ ...sort, dir })}
            data-testid="chart-sort-dir"
          />
        </div>
        <label className="qp-chart-field">
          <span>{t('dashboards.chartUi.sort.topN')}</span>
          <InputNumber
            min={1}
            max={CHART_LIMITS.topN}
            precision={0}
            value={draft.query.limit}
            placeholder={t('dashboards.chartUi.sort.all')}
            onChange={(n) => onChange({ ...draft, query: { ...draft.query, limit: typeof n === 'number' && n > 0 ? n : undefined } })}
            data-testid="chart-top-n"
          />
        </label>
        <Problems problems={problems} at="query.sort" />
        <Problems problems={problems} at="query.limit" />
      </section>
    </>
  );
}
