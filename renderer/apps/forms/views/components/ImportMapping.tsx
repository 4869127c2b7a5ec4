import { Select, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '../types.ts';

interface Props {
  preview: ImportPreview;
  /** Sheet column index → field key ('' = skip). */
  mapping: Record<string, string>;
  onChange(mapping: Record<string, string>): void;
}

const SKIP = '';
const cellText = (cell: unknown) => (cell === null || cell === undefined ? '' : cell instanceof Object ? JSON.stringify(cell) : String(cell));

/** Step 2 of an import: each sheet column goes to a field or is skipped; a field takes one column at most. */
export function ImportMapping({ preview, mapping, onChange }: Props) {
  const { t } = useTranslation();
  const used = new Set(Object.values(mapping).filter(Boolean));
  const rows = preview.header.map((cell, index) => ({ index: String(index), header: cellText(cell) || t('forms.views.import.columnN', { n: index + 1 }) }));
  const columns = [
    { title: t('forms.views.import.sheetColumn'), dataIndex: 'header', width: 200 },
    {
      title: t('forms.views.import.sample'),
      render: (_: unknown, row: { index: string }) => (
        <span className="qp-fv-sample">{preview.sample.slice(0, 3).map((r) => cellText(r[Number(row.index)])).filter(Boolean).join(' · ') || '—'}</span>
      ),
    },
    {
      title: t('forms.views.import.targetField'),
      width: 240,
      render: (_: unknown, row: { index: string }) => (
        <Select
          data-testid={`import-map-${row.index}`}
          value={mapping[row.index] ?? SKIP}
          onChange={(key: string) => onChange({ ...mapping, [row.index]: key })}
          options={[
            { value: SKIP, label: t('forms.views.import.skip') },
            ...preview.fields.map((f) => ({ value: f.key, label: f.label || f.key, disabled: used.has(f.key) && mapping[row.index] !== f.key })),
          ]}
        />
      ),
    },
  ];
  return <Table rowKey="index" size="small" columns={columns} data={rows} pagination={false} scroll={{ y: 360 }} border={{ wrapper: true, cell: true }} />;
}
