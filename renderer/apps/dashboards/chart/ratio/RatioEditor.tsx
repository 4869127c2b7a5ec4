import { Alert, Empty, Input, Modal, Radio, Select, Spin, Switch } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS, GRANULARITIES, type Aggregate, type Chart, type Granularity } from '../../../../../shared/dashboards/model.ts';
import { chartProblems } from '../../../../../shared/dashboards/validate.ts';
import { useServices } from '../../../../shell/services.tsx';
import { chartApi, draftOf, isStale, refusedProblems, type AnalysisField } from '../chart-api.ts';
import { ChartView } from '../ChartView.tsx';
import { useChartLabels } from '../designer-labels.ts';
import { aggregatesFor, isDateField } from '../designer-model.ts';
import { useAppForms } from '../SourcePicker.tsx';
import { usePreview } from '../use-preview.ts';
import { newRatio, RATIO_TYPES, ratioDraft, ratioOf, type RatioSpec } from './ratio-model.ts';

const RECORDS = '__records';

/** One side of the ratio: an aggregate of a field (count of records without one). */
function MeasurePick({ side, value, fields, onChange }: { side: 'numerator' | 'denominator'; value: RatioSpec['numerator']; fields: readonly AnalysisField[]; onChange(next: RatioSpec['numerator']): void }) {
  const { t } = useTranslation();
  const labels = useChartLabels(fields);
  const field = value.field === null ? null : fields.find((f) => f.ref === value.field);
  const choose = (ref: string) => {
    const next = ref === RECORDS ? null : ref;
    const allowed = aggregatesFor(next === null ? null : fields.find((f) => f.ref === next));
    onChange({ field: next, aggregate: allowed.includes(value.aggregate) ? value.aggregate : allowed[0]! });
  };
  return (
    <fieldset className="qp-ratio-side">
      <legend>{t(`dashboards.chartUi.ratios.${side}`)}</legend>
      <div className="qp-chart-row">
        <Select showSearch value={value.field ?? RECORDS} options={[{ value: RECORDS, label: t('dashboards.chartUi.measure.records') }, ...labels.options]} onChange={choose} aria-label={t('dashboards.chartUi.measures.field')} data-testid={`ratio-${side}-field`} />
        <Select className="qp-chart-narrow" value={value.aggregate} options={aggregatesFor(field).map((a) => ({ value: a, label: t(`dashboards.chartUi.aggregate.${a}`) }))} onChange={(aggregate: Aggregate) => onChange({ ...value, aggregate })} aria-label={t('dashboards.chartUi.measures.aggregate')} data-testid={`ratio-${side}-aggregate`} />
      </div>
    </fieldset>
  );
}

/**
 * A ratio view's dialog: name, form of this app, optional dimension, numerator and denominator, percent, table or
 * line, with a live preview; saved through the charts API (the shared checks first, then the server's).
 */
export function RatioEditor({ appId, chart, startForm, onClose, onSaved }: { appId: string; chart: Chart | null; startForm: string; onClose(): void; onSaved(chart: Chart): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const forms = useAppForms(appId);
  const [spec, setSpec] = useState<RatioSpec>(() => (chart && ratioOf(chart)) || newRatio(startForm));
  const [fields, setFields] = useState<AnalysisField[]>([]);
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const labels = useChartLabels(fields);
  const draft = useMemo(() => ratioDraft(spec, appId, chart ? draftOf(chart) : undefined), [spec, appId, chart]);
  const preview = usePreview(spec.formId ? draft : null);
  const problems = checked ? chartProblems(draft).map((p) => t(p.key, p.params)) : [];

  useEffect(() => {
    setFields([]);
    if (!spec.formId) return;
    let live = true;
    chartApi(api).fields(spec.formId).then((answer) => live && setFields(answer.fields), (error: Error) => live && setFailure([error.message]));
    return () => {
      live = false;
    };
  }, [api, spec.formId]);

  const edit = (patch: Partial<RatioSpec>) => (setSpec((old) => ({ ...old, ...patch })), setFailure([]));
  const pickDimension = (ref: string | undefined) => {
    const field = ref ? fields.find((f) => f.ref === ref) : undefined;
    edit({ dimension: field ? (isDateField(field) ? { field: field.ref, granularity: 'month' } : { field: field.ref }) : null });
  };

  async function save() {
    setChecked(true);
    if (chartProblems(draft).length > 0) return;
    setBusy(true);
    try {
      onSaved(chart ? await chartApi(api).save(chart.id, draft, chart.version) : await chartApi(api).create(draft));
    } catch (error) {
      const refused = refusedProblems(error).map((p) => p.text ?? t(p.key, p.params));
      setFailure(refused.length ? refused : [isStale(error) ? (error as Error).message || t('dashboards.chartUi.designer.stale') : (error as Error).message]);
    } finally {
      setBusy(false);
    }
  }

  const shown = [...problems, ...failure];
  return (
    <Modal
      visible
      title={chart ? t('dashboards.chartUi.ratioView.editTitle') : t('dashboards.chartUi.ratioView.newTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      okText={t('dashboards.chartUi.designer.save')}
      cancelText={t('dashboards.chartUi.cancel')}
      okButtonProps={{ 'data-testid': 'ratio-save' } as object}
      style={{ width: 880, maxWidth: '96vw' }}
      unmountOnExit
    >
      <div className="qp-ratio-editor" data-testid="ratio-editor">
        {shown.length > 0 && <Alert type="error" content={<ul className="qp-chart-problems">{shown.map((text, i) => <li key={i}>{text}</li>)}</ul>} data-testid="ratio-problems" />}
        <div className="qp-ratio-grid">
          <div className="qp-ratio-form">
            <label className="qp-chart-field">
              <span>{t('dashboards.chartUi.ratioView.name')}</span>
              <Input value={spec.name} maxLength={CHART_LIMITS.name} onChange={(name) => edit({ name })} data-testid="ratio-name" />
            </label>
            <div className="qp-chart-field">
              <span>{t('dashboards.chartUi.source.form')}</span>
              <Select value={spec.formId || undefined} placeholder={t('dashboards.chartUi.source.pickForm')} options={forms.map((f) => ({ value: f.id, label: f.name }))} onChange={(formId: string) => edit({ ...newRatio(formId), name: spec.name, percent: spec.percent })} data-testid="ratio-form" aria-label={t('dashboards.chartUi.source.form')} />
            </div>
            <div className="qp-chart-field">
              <span>{t('dashboards.chartUi.ratioView.dimension')}</span>
              <div className="qp-chart-row">
                <Select allowClear showSearch value={spec.dimension?.field} placeholder={t('dashboards.chartUi.ratioView.noDimension')} options={labels.options} onChange={pickDimension} data-testid="ratio-dimension" aria-label={t('dashboards.chartUi.ratioView.dimension')} />
                {spec.dimension && isDateField(labels.byRef.get(spec.dimension.field)) && (
                  <Select className="qp-chart-narrow" value={spec.dimension.granularity ?? 'month'} options={GRANULARITIES.map((g) => ({ value: g, label: t(`dashboards.chartUi.granularity.${g}`) }))} onChange={(granularity: Granularity) => edit({ dimension: { ...spec.dimension!, granularity } })} aria-label={t('dashboards.chartUi.dimensions.granularity')} />
                )}
              </div>
            </div>
            <MeasurePick side="numerator" value={spec.numerator} fields={fields} onChange={(numerator) => edit({ numerator })} />
            <MeasurePick side="denominator" value={spec.denominator} fields={fields} onChange={(denominator) => edit({ denominator })} />
            <label className="qp-chart-inline">
              <Switch size="small" checked={spec.percent} onChange={(percent) => edit({ percent })} data-testid="ratio-percent" />
              <span>{t('dashboards.chartUi.ratios.percent')}</span>
            </label>
            <Radio.Group type="button" value={draft.type} onChange={(type: RatioSpec['type']) => edit({ type })} aria-label={t('dashboards.chartUi.type.title')}>
              {RATIO_TYPES.map((type) => (
                <Radio key={type} value={type} disabled={type === 'line' && !spec.dimension} data-testid={`ratio-type-${type}`}>{t(`dashboards.chartUi.type.${type}`)}</Radio>
              ))}
            </Radio.Group>
          </div>
          <section className="qp-ratio-preview" aria-label={t('dashboards.chartUi.preview.title')} data-testid="ratio-preview">
            {!spec.formId ? (
              <Empty description={t('dashboards.chartUi.preview.pickForm')} />
            ) : preview.error ? (
              <Alert type="error" content={preview.error} />
            ) : preview.result ? (
              <ChartView chart={draft} result={preview.result} height={300} />
            ) : (
              <Spin className="qp-chart-page-loading" />
            )}
          </section>
        </div>
      </div>
    </Modal>
  );
}
