import { Table, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DataTableItem } from '../../../../shared/api/forms-datacenter.ts';
import { formatTime } from '../detail/model.ts';
import { countText, sizeText } from './model.ts';

interface Props {
  items: DataTableItem[] | null;
  /** The data table page of a form (its link, so it opens by keyboard and in a new tab too). */
  hrefOf(item: DataTableItem): string;
  onOpen(item: DataTableItem): void;
  empty: string;
  /** Column sorting (the data centre); the monitoring's largest tables keep their order. */
  sortable?: boolean;
  testId: string;
}

const by = <K extends keyof DataTableItem>(key: K) => (a: DataTableItem, b: DataTableItem) => {
  const [x, y] = [a[key] ?? '', b[key] ?? ''];
  return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
};

/** The space's forms as tables, one row each: app, form, records, size, growth and last change. */
export function TablesTable({ items, hrefOf, onOpen, empty, sortable = false, testId }: Props) {
  const { t, i18n } = useTranslation();
  const sorter = (key: keyof DataTableItem) => (sortable ? { sorter: by(key) } : {});
  const count = (n: number, item: DataTableItem) => countText(t, n, item.estimated, i18n.language);
  const columns: TableColumnProps<DataTableItem>[] = [
    { title: t('forms.datacenter.col.app'), dataIndex: 'appName', ...sorter('appName') },
    {
      title: t('forms.datacenter.col.form'),
      dataIndex: 'formName',
      ...sorter('formName'),
      render: (_, item) => (
        <a href={hrefOf(item)} onClick={(event) => (event.preventDefault(), onOpen(item))} data-testid="dc-open">
          {item.formName}
        </a>
      ),
    },
    {
      title: t('forms.datacenter.col.rows'),
      dataIndex: 'rows',
      align: 'right',
      ...sorter('rows'),
      render: (_, item) =>
        item.estimated ? <Tooltip content={t('forms.datacenter.aboutHint')}><span data-testid="dc-rows">{count(item.rows, item)}</span></Tooltip> : <span data-testid="dc-rows">{count(item.rows, item)}</span>,
    },
    { title: t('forms.datacenter.col.size'), dataIndex: 'bytes', align: 'right', ...sorter('bytes'), render: (_, item) => sizeText(item.bytes) },
    { title: t('forms.datacenter.col.added7d'), dataIndex: 'added7d', align: 'right', ...sorter('added7d'), render: (_, item) => item.added7d.toLocaleString(i18n.language) },
    { title: t('forms.datacenter.col.added30d'), dataIndex: 'added30d', align: 'right', ...sorter('added30d'), render: (_, item) => item.added30d.toLocaleString(i18n.language) },
    {
      title: t('forms.datacenter.col.updatedAt'),
      dataIndex: 'updatedAt',
      ...sorter('updatedAt'),
      render: (_, item) => (item.updatedAt ? formatTime(item.updatedAt, i18n.language) : t('forms.datacenter.noChange')),
    },
  ];
  return (
    <Table
      rowKey="formId"
      size="small"
      loading={items === null}
      data={items ?? []}
      columns={columns}
      pagination={items && items.length > 50 ? { pageSize: 50, sizeCanChange: false } : false}
      noDataElement={empty}
      onRow={(item) => ({ onClick: () => onOpen(item), className: 'qp-dc-row', 'data-testid': `dc-row-${item.formId}` })}
      data-testid={testId}
    />
  );
}
