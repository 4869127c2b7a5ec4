import { InputNumber, Select, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CHART_TYPES, type ChartDraft, type ChartOptions } from '../../../../shared/dashboards/model.ts';
import { PALETTE_NAMES } from './chart-option.ts';
import { OPTIONS_OF, withType } from './designer-model.ts';
import { Problems } from './Problems.tsx';
import type { ShownProblem } from './use-chart-design.ts';

type Flag = 'stacked' | 'horizontal' | 'donut' | 'showLabels' | 'smooth';
const FLAGS: readonly Flag[] = ['stacked', 'horizontal', 'donut', 'showLabels', 'smooth'];

/** The chart types as a palette (one pressed), then the options the chosen type offers. */
export function TypePalette({ draft, problems, onChange }: { draft: ChartDraft; problems: readonly ShownProblem[]; onChange(draft: ChartDraft): void }) {
  const { t } = useTranslation();
  const offered = OPTIONS_OF[draft.type];
  const setOption = (patch: Partial<ChartOptions>) => onChange({ ...draft, options: { ...draft.options, ...patch } });
  return (
    <section className="qp-chart-section" aria-labelledby="chart-type-title">
      <h3 id="chart-type-title">{t('dashboards.chartUi.type.title')}</h3>
      <div className="qp-chart-types" role="group" aria-labelledby="chart-type-title">
        {CHART_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className={type === draft.type ? 'qp-chart-type qp-chart-type-on' : 'qp-chart-type'}
            aria-pressed={type === draft.type}
            onClick={() => onChange(withType(draft, type))}
            data-testid={`chart-type-${type}`}
          >
            {t(`dashboards.chartUi.type.${type}`)}
          </button>
        ))}
      </div>
      <div className="qp-chart-options">
        {FLAGS.filter((flag) => offered.includes(flag)).map((flag) => (
          <label key={flag} className="qp-chart-inline">
            <Switch size="small" checked={Boolean(draft.options[flag])} onChange={(on) => setOption({ [flag]: on })} data-testid={`chart-option-${flag}`} />
            <span>{t(`dashboards.chartUi.option.${flag}`)}</span>
          </label>
        ))}
        {offered.includes('gaugeMax') && (
          <label className="qp-chart-field">
            <span>{t('dashboards.chartUi.option.gaugeMax')}</span>
            <InputNumber min={0} value={draft.options.gaugeMax} placeholder={t('dashboards.chartUi.option.auto')} onChange={(n) => setOption({ gaugeMax: typeof n === 'number' && n > 0 ? n : undefined })} data-testid="chart-option-gaugeMax" />
          </label>
        )}
        {offered.includes('decimals') && (
          <label className="qp-chart-field">
            <span>{t('dashboards.chartUi.option.decimals')}</span>
            <InputNumber min={0} max={6} precision={0} value={draft.options.decimals} placeholder={t('dashboards.chartUi.option.auto')} onChange={(n) => setOption({ decimals: typeof n === 'number' ? n : undefined })} data-testid="chart-option-decimals" />
          </label>
        )}
        <div className="qp-chart-field">
          <span>{t('dashboards.chartUi.option.palette')}</span>
          <Select
            value={draft.options.palette ?? 'default'}
            options={PALETTE_NAMES.map((name) => ({ value: name, label: t(`dashboards.chartUi.palette.${name}`) }))}
            onChange={(palette: string) => setOption({ palette: palette === 'default' ? undefined : palette })}
            data-testid="chart-option-palette"
            aria-label={t('dashboards.chartUi.option.palette')}
          />
        </div>
      </div>
      <Problems problems={problems} at="options" />
    </section>
  );
}
