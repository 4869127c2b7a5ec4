import { Button, Empty, Grid, Popconfirm, Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconCopy, IconDelete } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import { WIDTH_SPAN, sectionsOf } from '../record-form/RecordForm.tsx';
import { errorsUnder, useErrorText } from '../record-form/validation.ts';
import { TYPE_ICON, typeLabelKey } from './field-catalog.tsx';
import { CanvasDropZone, SortableField } from './designer-dnd.tsx';
import { FieldSketch } from './FieldSketch.tsx';

export interface CanvasProps {
  fields: FieldDef[];
  selected: string | null;
  problems: readonly FieldError[];
  onSelect(key: string): void;
  onMove(key: string, by: -1 | 1): void;
  onRemove(key: string): void;
  onDuplicate(key: string): void;
}

/** The form as it will be laid out (widths, sections), each field selectable, movable and removable. */
export function Canvas({ fields, selected, problems, onSelect, onMove, onRemove, onDuplicate }: CanvasProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (fields.length === 0) {
    return (
      <CanvasDropZone>
        <Empty className="qp-fd-empty" description={t('forms.ui.designer.empty')} data-testid="designer-empty" />
      </CanvasDropZone>
    );
  }
  const position = new Map(fields.map((f, i) => [f.key, i]));

  const item = (field: FieldDef) => {
    const index = position.get(field.key) ?? 0;
    const mine = errorsUnder(problems, field.key);
    const classes = ['qp-fd-item', selected === field.key ? 'qp-fd-item-selected' : '', mine.length ? 'qp-fd-item-error' : ''].join(' ');
    // Buttons inside the item must not also select it again after a removal.
    const stop = (action: () => void) => (event: { stopPropagation(): void }) => {
      event.stopPropagation();
      action();
    };
    return (
      <Grid.Col key={field.key} span={WIDTH_SPAN[field.width ?? 'full']}>
        <SortableField fieldKey={field.key}>{(bind) => (
        // The card is a pointer target only (click selects, drag moves); keyboards select through the label's
        // button, so no interactive role wraps the action buttons (axe: nested-interactive).
        <div ref={bind.ref} style={bind.style} {...bind.listeners} className={classes} data-testid={`canvas-field-${field.key}`} onClick={() => onSelect(field.key)}>
          <div className="qp-fd-item-head">
            <Space size={6} className="qp-fd-item-title">
              {field.required && <span className="qp-rf-required">*</span>}
              {/* CSS ellipsis: Arco's measured one keeps the width of the label the field was created with. */}
              <button type="button" className="qp-fd-item-select" aria-pressed={selected === field.key} onClick={stop(() => onSelect(field.key))}>
                <Typography.Text bold className="qp-fd-item-label">{field.label || t('forms.ui.designer.untitled')}</Typography.Text>
              </button>
              <Tag size="small" icon={TYPE_ICON[field.type]}>{t(typeLabelKey(field.type))}</Tag>
              {field.title && <Tag size="small" color="arcoblue">{t('forms.ui.props.titleTag')}</Tag>}
            </Space>
            <Space size={2} className="qp-fd-item-actions">
              <Tooltip content={t('forms.ui.designer.moveUp')}>
                <Button size="mini" type="text" icon={<IconArrowUp />} disabled={index === 0} aria-label={t('forms.ui.designer.moveUp')} onClick={stop(() => onMove(field.key, -1))} />
              </Tooltip>
              <Tooltip content={t('forms.ui.designer.moveDown')}>
                <Button size="mini" type="text" icon={<IconArrowDown />} disabled={index === fields.length - 1} aria-label={t('forms.ui.designer.moveDown')} onClick={stop(() => onMove(field.key, 1))} />
              </Tooltip>
              {field.type !== 'serial' && (
                <Tooltip content={t('forms.ui.designer.duplicate')}>
                  <Button size="mini" type="text" icon={<IconCopy />} aria-label={t('forms.ui.designer.duplicate')} onClick={stop(() => onDuplicate(field.key))} />
                </Tooltip>
              )}
              <span onClick={(event) => event.stopPropagation()}>
                <Popconfirm title={t('forms.ui.designer.removeConfirm', { field: field.label || field.key })} onOk={() => onRemove(field.key)}>
                  <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={t('forms.ui.designer.remove')} data-testid={`canvas-remove-${field.key}`} />
                </Popconfirm>
              </span>
            </Space>
          </div>
          <FieldSketch field={field} />
          {mine.map((e, i) => (
            <div key={i} className="qp-rf-error-text">{errorText(e)}</div>
          ))}
        </div>
        )}</SortableField>
      </Grid.Col>
    );
  };

  return (
    <CanvasDropZone>
    <div className="qp-fd-canvas-body">
      {sectionsOf(fields).map((section, index) => (
        <div key={`${index}-${section.title}`} className="qp-fd-section">
          {section.title && <Typography.Title heading={6} className="qp-rf-section-title">{section.title}</Typography.Title>}
          <Grid.Row gutter={12}>{section.fields.map(item)}</Grid.Row>
        </div>
      ))}
    </div>
    </CanvasDropZone>
  );
}
