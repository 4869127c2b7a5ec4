import { Alert, Button, Empty, Input, Result, Spin, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS, type ChartDraft } from '../../../../shared/dashboards/model.ts';
import { usePageTitle } from '../../../shell/page-title.ts';
import { pathTo, queryOne, VALID_ID } from '../../../shell/paths.ts';
import type { PageProps } from '../../types.ts';
import { AccessField } from '../boards/AccessField.tsx';
import { ChartView } from './ChartView.tsx';
import { Problems } from './Problems.tsx';
import { QueryEditor } from './QueryEditor.tsx';
import { FilterSortEditor, RatiosEditor } from './RefineEditor.tsx';
import { SourcePicker } from './SourcePicker.tsx';
import { TypePalette } from './TypePalette.tsx';
import { useChartDesign } from './use-chart-design.ts';
import './designer.css';

const idParam = (match: PageProps['match'], name: string) => {
  const value = queryOne(match, name);
  return VALID_ID.test(value) ? value : '';
};

/**
 * The chart designer (route dashboards.combineDesigner, decision 0066): pick an app and form, combine dimensions and
 * measures (the combined bar + line included), refine with ratios, filters, sort and top N, choose a type, see a live
 * preview, and save with tips and who may view and edit. `?id=` edits a chart; `?form=&app=` starts one over a form.
 */
export function CombineDesignerPage({ match }: PageProps) {
  const { t } = useTranslation();
  const design = useChartDesign({ chartId: idParam(match, 'id'), appId: idParam(match, 'app'), formId: idParam(match, 'form') });
  const { chart, draft, problems, change } = design;
  usePageTitle(match, draft?.name || t('dashboards.chartUi.designer.title'));

  if (design.loadError) return <Result status="404" title={design.loadError} data-testid="chart-load-error" />;
  if (!draft) return <Spin className="qp-chart-page-loading" />;
  if (chart && !chart.canEdit) return <Result status="403" title={t('dashboards.chartUi.designer.noEdit')} />;

  const fields = design.fields ?? [];
  const setSource = (appId: string, formId: string) =>
    change({ ...draft, appId, query: { formId, dimensions: [], measures: [{ id: 'm1', aggregate: 'count', field: null }] } });
  const save = async () => {
    const saved = await design.save();
    // A new chart gets its address, so a reload (or a copied link) edits it rather than starting again. Only the
    // address changes: navigating would mount a second designer and keep this one cached, hidden, with its draft.
    if (saved && !chart) window.history.replaceState(window.history.state, '', pathTo(match, 'dashboards.combineDesigner', {}, { id: saved.id }));
  };
  const edit = (next: ChartDraft) => change(next);

  return (
    <div className="qp-chart-designer" data-testid="chart-designer">
      <header className="qp-chart-designer-head">
        <h1>{chart ? t('dashboards.chartUi.designer.editTitle') : t('dashboards.chartUi.designer.newTitle')}</h1>
        <Input
          className="qp-chart-name"
          value={draft.name}
          maxLength={CHART_LIMITS.name}
          placeholder={t('dashboards.chartUi.designer.namePlaceholder')}
          aria-label={t('dashboards.chartUi.designer.name')}
          status={problems.some((p) => p.path === 'name') ? 'error' : undefined}
          onChange={(name) => edit({ ...draft, name })}
          data-testid="chart-name"
        />
        {design.saved && <Tag color="green" data-testid="chart-saved">{t('dashboards.chartUi.designer.saved')}</Tag>}
        <Button type="primary" loading={design.busy} onClick={() => void save()} data-testid="chart-save">
          {t('dashboards.chartUi.designer.save')}
        </Button>
      </header>
      <Problems problems={problems} at="name" />
      {design.serverMessage && <Alert type="error" className="qp-chart-alert" content={design.serverMessage} data-testid="chart-save-error" />}
      {problems.length > 0 && <Alert type="warning" className="qp-chart-alert" content={t('dashboards.chartUi.designer.fixProblems', { count: problems.length })} data-testid="chart-problems" />}

      <div className="qp-chart-designer-body">
        <aside className="qp-chart-panel" aria-label={t('dashboards.chartUi.designer.dataPanel')}>
          <section className="qp-chart-section">
            <h3>{t('dashboards.chartUi.source.title')}</h3>
            <SourcePicker appId={draft.appId} formId={draft.query.formId} onChange={setSource} />
            <Problems problems={problems} at="appId" />
            <Problems problems={problems} at="query.formId" />
            {design.fieldsError && <Alert type="error" content={design.fieldsError} data-testid="chart-fields-error" />}
          </section>
          {draft.query.formId && (
            <>
              <QueryEditor draft={draft} fields={fields} problems={problems} onChange={edit} />
              <RatiosEditor draft={draft} fields={fields} problems={problems} onChange={edit} />
              <FilterSortEditor draft={draft} fields={fields} formFields={design.formFields} problems={problems} onChange={edit} />
            </>
          )}
        </aside>

        <main className="qp-chart-stage">
          <TypePalette draft={draft} problems={problems} onChange={edit} />
          <section className="qp-chart-preview" aria-label={t('dashboards.chartUi.preview.title')} data-testid="chart-preview" aria-busy={design.preview.previewing}>
            {!draft.query.formId ? (
              <Empty description={t('dashboards.chartUi.preview.pickForm')} />
            ) : design.preview.error ? (
              <Alert type="error" content={design.preview.error} data-testid="chart-preview-error" />
            ) : design.preview.result ? (
              <ChartView chart={draft} result={design.preview.result} height={420} />
            ) : design.preview.blocked ? (
              <Empty description={t('dashboards.chartUi.preview.incomplete')} data-testid="chart-preview-incomplete" />
            ) : (
              <Spin className="qp-chart-page-loading" />
            )}
          </section>
        </main>

        <aside className="qp-chart-panel" aria-label={t('dashboards.chartUi.designer.sharePanel')}>
          <section className="qp-chart-section">
            <h3>{t('dashboards.chartUi.tips.title')}</h3>
            <Input.TextArea
              value={draft.tips}
              maxLength={CHART_LIMITS.tips}
              showWordLimit
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder={t('dashboards.chartUi.tips.placeholder')}
              aria-label={t('dashboards.chartUi.tips.title')}
              onChange={(tips) => edit({ ...draft, tips })}
              data-testid="chart-tips"
            />
            <Problems problems={problems} at="tips" />
          </section>
          <section className="qp-chart-section">
            <h3>{t('dashboards.chartUi.access.viewers')}</h3>
            <AccessField value={draft.viewers} onChange={(viewers) => edit({ ...draft, viewers })} testId="chart-viewers" everyoneLabel={t('dashboards.chartUi.access.everyoneViews')} />
            <Problems problems={problems} at="viewers" />
          </section>
          <section className="qp-chart-section">
            <h3>{t('dashboards.chartUi.access.editors')}</h3>
            <p className="qp-chart-hint">{t('dashboards.chartUi.access.editorsHint')}</p>
            <AccessField value={draft.editors} onChange={(editors) => edit({ ...draft, editors })} testId="chart-editors" everyoneLabel={t('dashboards.chartUi.access.everyoneEdits')} />
            <Problems problems={problems} at="editors" />
          </section>
        </aside>
      </div>
    </div>
  );
}
