import { Button, Table, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS } from '../../../../shared/forms/fields.ts';
import { defaultValues } from '../../../../shared/forms/validate.ts';
import { SimpleInput } from './SimpleInput.tsx';
import type { FieldInputProps } from './types.ts';
import { errorsAt, useErrorText } from './validation.ts';

type Row = Record<string, unknown>;
const asRows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const CELL_WIDTH = 200;

/**
 * subtable: an editable table. Rows have no ids of their own (the whole list is the value), so a row is its
 * index; cell and row errors arrive as `${field}.${row}.${column}` and `${field}.${row}`.
 */
export function SubtableInput({ field, value, onChange, path, errors, labels, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rows = asRows(value);
  const columns = field.columns ?? [];
  const setRows = (next: Row[]) => onChange(next.length ? next : null);
  const setCell = (index: number, key: string, cell: unknown) => setRows(rows.map((row, i) => (i === index ? { ...row, [key]: cell } : row)));

  const tableColumns = [
    {
      title: '#',
      width: 48,
      render: (_: unknown, _row: Row, index: number) => {
        const rowErrors = errorsAt(errors, `${path}.${index}`);
        return <span title={rowErrors.map(errorText).join('\n')} className={rowErrors.length ? 'qp-rf-error-text' : undefined}>{index + 1}</span>;
      },
    },
    ...columns.map((column) => ({
      title: (
        <span>
          {column.required && <span className="qp-rf-required">*</span>}
          {column.label}
        </span>
      ),
      width: CELL_WIDTH,
      render: (_: unknown, row: Row, index: number) => {
        const cellPath = `${path}.${index}.${column.key}`;
        const cellErrors = errorsAt(errors, cellPath);
        return (
          <div className={cellErrors.length ? 'qp-rf-cell qp-rf-cell-error' : 'qp-rf-cell'} data-testid={`cell-${cellPath}`}>
            <SimpleInput field={column} value={row[column.key]} onChange={(cell) => setCell(index, column.key, cell)} path={cellPath} errors={cellErrors} labels={labels} disabled={disabled} />
            {cellErrors.map((e, i) => (
              <div key={i} className="qp-rf-error-text">{errorText(e)}</div>
            ))}
          </div>
        );
      },
    })),
    ...(disabled
      ? []
      : [
          {
            title: '',
            width: 56,
            render: (_: unknown, _row: Row, index: number) => (
              <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={t('forms.ui.input.removeRow')} title={t('forms.ui.input.removeRow')} onClick={() => setRows(rows.filter((_r, i) => i !== index))} />
            ),
          },
        ]),
  ];

  return (
    <div className="qp-rf-subtable">
      <Table
        size="small"
        border={{ wrapper: true, cell: true }}
        columns={tableColumns}
        data={rows}
        rowKey={(row: Row) => String(rows.indexOf(row))}
        pagination={false}
        scroll={{ x: 48 + 56 + columns.length * CELL_WIDTH }}
        noDataElement={<Typography.Text type="secondary">{t('forms.ui.input.noRows')}</Typography.Text>}
      />
      {!disabled && (
        <Button className="qp-rf-add-row" type="dashed" long icon={<IconPlus />} disabled={rows.length >= FORM_LIMITS.subtableRows} onClick={() => setRows([...rows, defaultValues(columns)])}>
          {t('forms.ui.input.addRow')}
        </Button>
      )}
    </div>
  );
}
