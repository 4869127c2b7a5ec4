import { Alert, AutoComplete, Empty, Form, Input, Radio, Switch, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS, type FieldDef, type FieldWidth } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import { errorsUnder, useErrorText } from '../record-form/validation.ts';
import { DefaultValueEditor } from './DefaultValueEditor.tsx';
import { TYPE_ICON, typeLabelKey } from './field-catalog.tsx';
import { TypeProperties } from './TypeProperties.tsx';

export interface PropertyPanelProps {
  field: FieldDef | null;
  /** Section names already used, offered when typing one. */
  sections: string[];
  problems: readonly FieldError[];
  appId: string;
  formId: string;
  onChange(field: FieldDef): void;
  newKey(): string;
}

const WIDTHS: FieldWidth[] = ['full', 'half', 'third'];

/** The selected field's properties: common ones first, then what its type adds. */
export function PropertyPanel({ field, sections, problems, appId, formId, onChange, newKey }: PropertyPanelProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!field) return <Empty description={t('forms.ui.props.none')} />;
  const set = (patch: Partial<FieldDef>) => onChange({ ...field, ...patch });
  const mine = errorsUnder(problems, field.key);
  const titleAllowed = field.required === true && field.type !== 'subtable';
  // §5 "Only required fields can be title fields": the same words the check uses when it fails.
  const titleHint = t(field.type === 'subtable' ? 'forms.design.subtableTitle' : titleAllowed ? 'forms.ui.props.titleHint' : 'forms.design.titleNotRequired');

  return (
    <Form layout="vertical" size="small" className="qp-fd-props" key={field.key} autoComplete="off">
      <div className="qp-fd-props-head">
        <Tag icon={TYPE_ICON[field.type]} color="arcoblue">{t(typeLabelKey(field.type))}</Tag>
      </div>
      {mine.length > 0 && <Alert type="error" className="qp-gap" content={mine.map((e, i) => <div key={i}>{errorText(e)}</div>)} />}
      <Form.Item label={t('forms.ui.props.label')} required>
        <Input data-testid="prop-label" aria-label={t('forms.ui.props.label')} value={field.label} maxLength={FORM_LIMITS.label} showWordLimit onChange={(label) => set({ label })} />
      </Form.Item>
      <div className="qp-fd-props-switches">
        <Form.Item label={t('forms.ui.props.required')} extra={field.type === 'serial' ? t('forms.ui.props.serialRequired') : undefined}>
          {/* Un-requiring a title field would make the form invalid (§5), so the title flag goes with it. */}
          <Switch data-testid="prop-required" aria-label={t('forms.ui.props.required')} checked={field.required === true} onChange={(required) => set({ required, ...(required ? {} : { title: false }) })} />
        </Form.Item>
        <Form.Item label={t('forms.ui.props.title')} extra={titleHint}>
          <Switch data-testid="prop-title" aria-label={t('forms.ui.props.title')} checked={field.title === true} disabled={!titleAllowed && field.title !== true} onChange={(title) => set({ title })} />
        </Form.Item>
      </div>
      <Form.Item label={t('forms.ui.props.width')}>
        <Radio.Group type="button" value={field.width ?? 'full'} onChange={(width: FieldWidth) => set({ width })}>
          {WIDTHS.map((w) => (
            <Radio key={w} value={w} data-testid={`prop-width-${w}`}>{t(`forms.ui.props.width.${w}`)}</Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('forms.ui.props.section')} extra={t('forms.ui.props.sectionHint')}>
        <AutoComplete
          data={sections}
          value={field.section ?? ''}
          inputProps={{ maxLength: 60 }}
          placeholder={t('forms.ui.props.sectionPlaceholder')}
          onChange={(section: string) => set({ section: section.trim() ? section : undefined })}
        />
      </Form.Item>
      <DefaultValueEditor field={field} onChange={onChange} />
      <TypeProperties field={field} onChange={onChange} appId={appId} formId={formId} newKey={newKey} />
    </Form>
  );
}
