import { Table, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { isEmptyValue, type FieldDef } from '../../../../shared/forms/fields.ts';
import { departmentPaths, useDirectory } from './directory.tsx';
import { FileList, asFiles } from './FileInput.tsx';
import { numberText } from './number-text.ts';
import { RichTextView } from './RichTextInput.tsx';
import type { RecordLabels } from './types.ts';

type Row = Record<string, unknown>;

/** The text of a scalar value as a reader sees it: names for ids, local time for instants, grouped digits. */
function useDisplayText(labels: RecordLabels | undefined) {
  const { i18n } = useTranslation();
  const directory = useDirectory();
  return (field: FieldDef, value: unknown): string => {
    const id = String(value);
    switch (field.type) {
      case 'number':
      case 'amount':
        return typeof value === 'number' ? numberText(field, value, i18n.language) : String(value);
      case 'datetime': {
        const time = Date.parse(String(value));
        return Number.isNaN(time) ? String(value) : new Date(time).toLocaleString(i18n.language);
      }
      case 'member':
        return labels?.users?.[id] ?? directory?.users.find((u) => u.id === id)?.name ?? `#${id}`;
      case 'department':
        return labels?.departments?.[id] ?? (directory ? departmentPaths(directory.departments).get(id) : undefined) ?? `#${id}`;
      case 'relation':
        return labels?.relations?.[field.key]?.[id] ?? `#${id}`;
      default:
        return Array.isArray(value) ? value.join(', ') : String(value);
    }
  };
}

/** A field's value for reading (readOnly record form): no inputs, nothing the reader could mistake for one. */
export function ReadOnlyValue({ field, value, labels }: { field: FieldDef; value: unknown; labels?: RecordLabels }) {
  const { t } = useTranslation();
  const display = useDisplayText(labels);
  if (isEmptyValue(value)) return <Typography.Text type="secondary">{t('forms.ui.input.empty')}</Typography.Text>;
  switch (field.type) {
    case 'multiselect':
    case 'checkbox':
      return <>{(Array.isArray(value) ? value : [value]).map((v) => <Tag key={String(v)} className="qp-rf-tag">{String(v)}</Tag>)}</>;
    case 'attachment':
    case 'image':
      return <FileList files={asFiles(value)} image={field.type === 'image'} />;
    case 'richtext':
      return <RichTextView html={String(value)} />;
    case 'textarea':
      return <div className="qp-rf-multiline">{String(value)}</div>;
    case 'subtable': {
      const rows = Array.isArray(value) ? (value as Row[]) : [];
      const columns = (field.columns ?? []).map((column) => ({
        title: column.label,
        render: (_: unknown, row: Row) => <ReadOnlyValue field={column} value={row[column.key]} labels={labels} />,
      }));
      return <Table size="small" border={{ wrapper: true, cell: true }} columns={columns} data={rows} rowKey={(row: Row) => String(rows.indexOf(row))} pagination={false} />;
    }
    default:
      return <span>{display(field, value)}</span>;
  }
}
