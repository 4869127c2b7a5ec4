import { Button, Form, Input, InputNumber, Select, Space, Switch, Tooltip, Typography } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS, SUBTABLE_COLUMN_TYPES, type FieldDef, type FieldType } from '../../../../shared/forms/fields.ts';
import { SUBTABLE_COLUMNS_MAX } from '../../../../shared/forms/validate-definition.ts';
import { isChoice, typeLabelKey } from './field-catalog.tsx';
import { OptionsEditor } from './OptionsEditor.tsx';

/** A column changing type keeps only what the new type understands, and gets what it needs (choices). */
function retyped(column: FieldDef, type: FieldType, t: (key: string, params?: Record<string, unknown>) => string): FieldDef {
  const next: FieldDef = { key: column.key, type, label: column.label, ...(column.required ? { required: true } : {}) };
  if (isChoice(type)) next.options = column.options?.length ? column.options : [1, 2, 3].map((n) => t('forms.ui.designer.optionN', { n }));
  if ((type === 'number' || type === 'amount') && (column.type === 'number' || column.type === 'amount') && column.decimals !== undefined) next.decimals = column.decimals;
  return next;
}

/** subtable: its columns, in order, each with a label, a type of the allowed set, required, and type settings. */
export function ColumnsEditor({ field, onChange, newKey }: { field: FieldDef; onChange(field: FieldDef): void; newKey(): string }) {
  const { t } = useTranslation();
  const columns = field.columns ?? [];
  const setColumns = (next: FieldDef[]) => onChange({ ...field, columns: next });
  const setColumn = (index: number, column: FieldDef) => setColumns(columns.map((c, i) => (i === index ? column : c)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    setColumns(next);
  };

  return (
    <div className="qp-fd-columns">
      {columns.map((column, index) => (
        <div key={column.key} className="qp-fd-column" data-testid={`prop-column-${column.key}`}>
          <div className="qp-fd-column-head">
            <Typography.Text type="secondary">{t('forms.ui.props.columnN', { n: index + 1 })}</Typography.Text>
            <Space size={2}>
              <Button size="mini" type="text" icon={<IconArrowUp />} disabled={index === 0} aria-label={t('forms.ui.designer.moveUp')} onClick={() => move(index, -1)} />
              <Button size="mini" type="text" icon={<IconArrowDown />} disabled={index === columns.length - 1} aria-label={t('forms.ui.designer.moveDown')} onClick={() => move(index, 1)} />
              <Tooltip content={t('forms.ui.props.removeColumn')}>
                <Button size="mini" type="text" status="danger" icon={<IconDelete />} disabled={columns.length === 1} aria-label={t('forms.ui.props.removeColumn')}
                  onClick={() => setColumns(columns.filter((_c, i) => i !== index))} />
              </Tooltip>
            </Space>
          </div>
          <Form.Item label={t('forms.ui.props.label')} required>
            <Input value={column.label} maxLength={FORM_LIMITS.label} onChange={(label) => setColumn(index, { ...column, label })} />
          </Form.Item>
          <Space align="start" size="medium">
            <Form.Item label={t('forms.ui.props.columnType')}>
              <Select value={column.type} style={{ width: 150 }} onChange={(type: FieldType) => setColumn(index, retyped(column, type, t))}
                options={SUBTABLE_COLUMN_TYPES.map((type) => ({ value: type, label: t(typeLabelKey(type)) }))} />
            </Form.Item>
            <Form.Item label={t('forms.ui.props.required')}>
              <Switch size="small" checked={column.required === true} onChange={(required) => setColumn(index, { ...column, required })} />
            </Form.Item>
          </Space>
          {isChoice(column.type) && (
            <OptionsEditor key={`${column.key}-${column.type}`} field={column} onChange={(next) => setColumn(index, next)} testId={`prop-column-options-${column.key}`} />
          )}
          {(column.type === 'number' || column.type === 'amount') && (
            <Form.Item label={t('forms.ui.props.decimals')}>
              <InputNumber min={0} max={FORM_LIMITS.decimals} precision={0} value={column.decimals} placeholder={t('forms.ui.props.noLimit')}
                onChange={(decimals: number | undefined) => {
                  const { decimals: _old, ...rest } = column;
                  setColumn(index, decimals === undefined ? rest : { ...rest, decimals });
                }} />
            </Form.Item>
          )}
        </div>
      ))}
      <Button type="dashed" long icon={<IconPlus />} disabled={columns.length >= SUBTABLE_COLUMNS_MAX} data-testid="prop-add-column"
        onClick={() => setColumns([...columns, { key: newKey(), type: 'text', label: t('forms.ui.designer.columnN', { n: columns.length + 1 }) }])}>
        {t('forms.ui.props.addColumn')}
      </Button>
    </div>
  );
}
