import { Checkbox, Radio, Typography } from '@arco-design/web-react';
import { IconCalendar, IconDown, IconUpload } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { numberingExample } from './field-catalog.tsx';

/**
 * What a field will look like, drawn without live inputs: the canvas is for arranging fields, and real inputs
 * there would steal clicks meant for selecting them (and load directories nobody asked for).
 */
export function FieldSketch({ field }: { field: FieldDef }) {
  const { t } = useTranslation();
  const box = (text: string, suffix?: ReactNode, tall = false) => (
    <div className={`qp-fd-sketch${tall ? ' qp-fd-sketch-tall' : ''}`}>
      <span>{text}</span>
      {suffix}
    </div>
  );
  const options = field.options ?? [];
  switch (field.type) {
    case 'textarea':
    case 'richtext':
      return box(t('forms.ui.input.enter'), undefined, true);
    case 'amount':
      return box(`¥ ${t('forms.ui.input.enter')}`);
    case 'date':
    case 'datetime':
      return box(t('forms.ui.input.choose'), <IconCalendar />);
    case 'select':
    case 'multiselect':
    case 'member':
    case 'department':
    case 'relation':
      return box(t('forms.ui.input.choose'), <IconDown />);
    case 'radio':
      return <div className="qp-fd-sketch-choices">{options.slice(0, 6).map((o) => <Radio key={o} disabled>{o}</Radio>)}</div>;
    case 'checkbox':
      return <div className="qp-fd-sketch-choices">{options.slice(0, 6).map((o) => <Checkbox key={o} disabled>{o}</Checkbox>)}</div>;
    case 'attachment':
    case 'image':
      return (
        <div className="qp-fd-sketch qp-fd-sketch-upload">
          <IconUpload /> {t(field.type === 'image' ? 'forms.ui.input.uploadImage' : 'forms.ui.input.uploadFile')}
        </div>
      );
    case 'serial':
      return box(field.numbering ? t('forms.ui.designer.serialExample', { example: numberingExample(field.numbering) }) : t('forms.ui.input.serialOnSave'));
    case 'subtable':
      return (
        <div className="qp-fd-sketch-table">
          {(field.columns ?? []).map((c) => (
            <Typography.Text key={c.key} className="qp-fd-sketch-column" ellipsis>{c.label}</Typography.Text>
          ))}
        </div>
      );
    default:
      return box(t('forms.ui.input.enter'));
  }
}
