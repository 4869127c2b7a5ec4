import { Button, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS } from '../../../../shared/forms/fields.ts';
import { defaultValues } from '../../../../shared/forms/validate.ts';
import { SimpleInput } from '../record-form/SimpleInput.tsx';
import type { FieldInputProps } from '../record-form/types.ts';
import { errorsAt, useErrorText } from '../record-form/validation.ts';

type Row = Record<string, unknown>;
const asRows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/**
 * A sub-table on the phone: one card per row, its cells stacked with labels above (a table is wider than the
 * screen). Same value and error paths as the web's SubtableInput (`field.row.column`), so the same checks apply.
 */
export function SubtableCards({ field, value, onChange, path, errors, labels, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rows = asRows(value);
  const columns = field.columns ?? [];
  const setRows = (next: Row[]) => onChange(next.length ? next : null);
  const setCell = (index: number, key: string, cell: unknown) => setRows(rows.map((row, i) => (i === index ? { ...row, [key]: cell } : row)));

  return (
    <div className="qp-mf-subtable" data-testid={`mf-subtable-${field.key}`}>
      {rows.length === 0 && <Typography.Text type="secondary">{t('forms.ui.input.noRows')}</Typography.Text>}
      {rows.map((row, index) => {
        const rowErrors = errorsAt(errors, `${path}.${index}`);
        return (
          <div key={index} className="qp-mf-subcard" data-testid={`mf-subcard-${field.key}-${index}`}>
            <div className="qp-mf-subcard-head">
              <Typography.Text bold>{t('forms.mobile.row', { n: index + 1 })}</Typography.Text>
              {!disabled && (
                <Button className="qp-mf-touch" type="text" status="danger" icon={<IconDelete />} aria-label={t('forms.ui.input.removeRow')} onClick={() => setRows(rows.filter((_r, i) => i !== index))} />
              )}
            </div>
            {rowErrors.map((e, i) => (
              <div key={i} className="qp-rf-error-text">{errorText(e)}</div>
            ))}
            {columns.map((column) => {
              const cellPath = `${path}.${index}.${column.key}`;
              const cellErrors = errorsAt(errors, cellPath);
              return (
                <div key={column.key} className={cellErrors.length ? 'qp-mf-cell qp-rf-cell-error' : 'qp-mf-cell'} data-testid={`cell-${cellPath}`}>
                  <div className="qp-mf-cell-label">
                    {column.required && <span className="qp-rf-required">*</span>}
                    {column.label}
                  </div>
                  <SimpleInput field={column} value={row[column.key]} onChange={(cell) => setCell(index, column.key, cell)} path={cellPath} errors={cellErrors} labels={labels} disabled={disabled} />
                  {cellErrors.map((e, i) => (
                    <div key={i} className="qp-rf-error-text">{errorText(e)}</div>
                  ))}
                </div>
              );
            })}
          </div>
        );
      })}
      {!disabled && (
        <Button className="qp-mf-touch" type="dashed" long icon={<IconPlus />} disabled={rows.length >= FORM_LIMITS.subtableRows} onClick={() => setRows([...rows, defaultValues(columns)])}>
          {t('forms.ui.input.addRow')}
        </Button>
      )}
    </div>
  );
}
