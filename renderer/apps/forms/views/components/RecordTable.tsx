import { Table, type TableColumnProps } from '@arco-design/web-react';
import { useEffect, useMemo, useRef, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { RecordLabels } from '../../record-form/types.ts';
import { labelOf, valueOf } from '../model/records.ts';
import { sortableKeys } from '../model/view-config.ts';
import type { RecordRow, SortSpec } from '../types.ts';
import { CellValue } from './CellValue.tsx';

/** Types that read badly in a narrow cell are left out of the default columns (they stay choosable). */
const WIDE_TYPES = new Set(['subtable', 'richtext', 'textarea']);
const DEFAULT_COLUMN_COUNT = 8;

/** A list's columns when the view names none: the first form fields, then the creation time. */
export function defaultColumns(fields: readonly FieldDef[]): string[] {
  return [...fields.filter((f) => !WIDE_TYPES.has(f.type)).slice(0, DEFAULT_COLUMN_COUNT).map((f) => f.key), 'createdAt'];
}

interface Props {
  fields: readonly FieldDef[];
  columns: readonly string[];
  records: RecordRow[];
  labels: RecordLabels;
  loading: boolean;
  spaceUri: string;
  sort: SortSpec | undefined;
  /** null: sorting off (search results come ranked). */
  onSort: ((sort: SortSpec | undefined) => void) | null;
  selected: string[];
  onSelect(ids: string[]): void;
  onOpen(record: RecordRow): void;
  /** Client-side pages (search results arrive all at once); false when the server pages. */
  pageSize: number | false;
  empty: ReactNode;
}

/** Records as table rows: header sort, row selection, a click opens the record. */
export function RecordTable({ fields, columns, records, labels, loading, spaceUri, sort, onSort, selected, onSelect, onOpen, pageSize, empty }: Props) {
  const { t } = useTranslation();
  const sortable = useMemo(() => new Set(sortableKeys(fields)), [fields]);
  const tableColumns: TableColumnProps<RecordRow>[] = columns.map((key) => {
    const field = fields.find((f) => f.key === key);
    return {
      key,
      dataIndex: key,
      title: labelOf(fields, key, t),
      ellipsis: true,
      width: field?.type === 'datetime' || key === 'createdAt' || key === 'updatedAt' ? 180 : undefined,
      sorter: onSort !== null && sortable.has(key),
      sortOrder: sort?.field === key ? (sort.dir === 'asc' ? 'ascend' : 'descend') : undefined,
      render: (_: unknown, record: RecordRow) => <CellValue field={field} column={key} value={valueOf(record, key)} labels={labels} spaceUri={spaceUri} />,
    };
  });

  // Arco's selection checkboxes have no text: each row's names its record, and the header's (which Arco gives no
  // props) is named here once it is drawn (axe: label).
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    wrapper.current?.querySelector('thead .arco-checkbox')?.setAttribute('aria-label', t('forms.views.selectAll'));
  });

  return (
    <div ref={wrapper}>
      <Table<RecordRow>
        className="qp-fv-table"
        rowKey="id"
        size="middle"
        border={{ wrapper: true, cell: false }}
        scroll={{ x: Math.max(800, columns.length * 150) }}
        loading={loading}
        columns={tableColumns}
        data={records}
        pagination={pageSize ? { pageSize, sizeCanChange: false, hideOnSinglePage: true } : false}
        noDataElement={empty}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(String)),
          checkboxProps: (record) => ({ 'aria-label': t('forms.views.selectRecord', { id: record.id }) }),
        }}
        rowClassName={() => 'qp-fv-row'}
        onRow={(record) =>
          ({
            // The selection checkbox and file links sit inside the row: their clicks must not open the record.
            onClick: (e: MouseEvent) => !(e.target as HTMLElement).closest('.arco-checkbox, .arco-table-selection-col, a') && onOpen(record),
            'data-testid': `record-row-${record.id}`,
          }) as HTMLAttributes<HTMLElement>
        }
        onChange={(_pagination, sorter) => {
          if (!onSort || Array.isArray(sorter)) return;
          onSort(sorter.direction && sorter.field ? { field: String(sorter.field), dir: sorter.direction === 'ascend' ? 'asc' : 'desc' } : undefined);
        }}
      />
    </div>
  );
}
