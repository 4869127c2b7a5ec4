import { Alert, Checkbox, Input, InputNumber, Select, Space, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CATEGORIES, type MessageCategory } from '../../../../../shared/messages/notify.ts';
import { PORTAL_LIMITS, STYLES_OF, type ComponentStyle, type PortalComponent } from '../../../../../shared/portal/model.ts';
import type { PortalProblem } from '../../../../../shared/portal/validate.ts';
import { ChartPicker } from '../../../dashboards/chart/ChartPicker.tsx';
import { ImageField } from '../../ImageField.tsx';
import { useSources } from '../sources.tsx';
import { LabelsEditor } from './LabelsEditor.tsx';
import { QuickItemsEditor } from './QuickItemsEditor.tsx';

/** A 1–`max` whole number field (page size, maximum data). */
function Count({ label, value, max, onChange, testId }: { label: string; value: number; max: number; onChange(n: number): void; testId: string }) {
  return (
    <label className="qp-design-field">
      <span>{label}</span>
      <InputNumber min={1} max={max} precision={0} value={value} onChange={(n) => onChange(n ?? 1)} data-testid={testId} />
    </label>
  );
}

/**
 * The settings of the selected component: name, hide name and style for all, then what its type needs (§3 fields).
 * Its problems (the shared check, or the server's 422) are listed on top, in the user's language.
 */
export function ComponentSettings({ component, problems, onChange, onStyle }: { component: PortalComponent; problems: PortalProblem[]; onChange(c: PortalComponent): void; onStyle(style: ComponentStyle): void }) {
  const { t } = useTranslation();
  const { match } = useSources();
  const body = (() => {
    switch (component.type) {
      case 'messageAlert': {
        const { categories, pageSize } = component.config;
        return (
          <>
            <fieldset className="qp-design-fieldset">
              <legend>{t('portal.ui.settings.categories')}</legend>
              <Checkbox.Group value={categories} onChange={(next: MessageCategory[]) => onChange({ ...component, config: { ...component.config, categories: next } })} data-testid="settings-categories">
                {MESSAGE_CATEGORIES.map((category) => (
                  <Checkbox key={category} value={category}>{t(`messages.ui.category.${category}`)}</Checkbox>
                ))}
              </Checkbox.Group>
            </fieldset>
            <Count label={t('portal.ui.settings.pageSize')} value={pageSize} max={PORTAL_LIMITS.pageSize} onChange={(n) => onChange({ ...component, config: { ...component.config, pageSize: n } })} testId="settings-page-size" />
          </>
        );
      }
      case 'myWork':
        return <Count label={t('portal.ui.settings.pageSize')} value={component.config.pageSize} max={PORTAL_LIMITS.pageSize} onChange={(n) => onChange({ ...component, config: { pageSize: n } })} testId="settings-page-size" />;
      case 'chart':
        return (
          <div className="qp-design-field qp-design-field-wide">
            <span>{t('dashboards.chartUi.picker.label')}</span>
            <ChartPicker value={component.config.chartId} onChange={(chartId) => onChange({ ...component, config: { chartId } })} testId="settings-chart" />
          </div>
        );
      case 'appData': {
        const config = component.config;
        return (
          <>
            <Count label={t('portal.ui.settings.pageSize')} value={config.pageSize} max={PORTAL_LIMITS.pageSize} onChange={(n) => onChange({ ...component, config: { ...config, pageSize: n } })} testId="settings-page-size" />
            <Count label={t('portal.ui.settings.maxItems')} value={config.maxItems} max={PORTAL_LIMITS.maxItems} onChange={(n) => onChange({ ...component, config: { ...config, maxItems: n } })} testId="settings-max-items" />
            <LabelsEditor component={component} onChange={(next) => onChange({ ...component, config: next })} />
          </>
        );
      }
      case 'quickEntry':
        return <QuickItemsEditor component={component} onChange={(next) => onChange({ ...component, config: next })} />;
      case 'custom':
        return (
          <>
            <label className="qp-design-field qp-design-field-wide">
              <span>{t('portal.ui.settings.html')}</span>
              <Input.TextArea value={component.config.html} autoSize={{ minRows: 6, maxRows: 16 }} maxLength={PORTAL_LIMITS.customHtml} showWordLimit className="qp-design-html" onChange={(html) => onChange({ ...component, config: { ...component.config, html } })} data-testid="settings-html" />
            </label>
            <span className="qp-portal-hint">{t('portal.ui.settings.htmlHint')}</span>
            <ImageField kind="custom" value={component.config.image} onChange={(image) => onChange({ ...component, config: { ...component.config, image } })} spaceUri={match.spaceUri} testId="settings-custom-image" label={t('portal.ui.settings.image')} />
          </>
        );
    }
  })();

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="component-settings">
      {problems.length > 0 && (
        <Alert type="error" data-testid="settings-problems" content={<ul className="qp-design-problems">{problems.map((p, i) => <li key={i}>{t(p.key, p.params)}</li>)}</ul>} />
      )}
      <label className="qp-design-field">
        <span>{t('portal.ui.settings.name')}</span>
        <Input value={component.name} maxLength={PORTAL_LIMITS.componentName} onChange={(name) => onChange({ ...component, name })} data-testid="settings-name" />
      </label>
      <label className="qp-design-field">
        <span>{t('portal.ui.settings.hideName')}</span>
        <Switch checked={component.hideName} onChange={(hideName) => onChange({ ...component, hideName })} data-testid="settings-hide-name" />
      </label>
      <label className="qp-design-field">
        <span>{t('portal.ui.settings.style')}</span>
        <Select value={component.style} onChange={onStyle} data-testid="settings-style">
          {STYLES_OF[component.type].map((style) => (
            <Select.Option key={style} value={style}>{t(`portal.ui.style.${style}`)}</Select.Option>
          ))}
        </Select>
      </label>
      {body}
    </Space>
  );
}
