import { Alert, Radio, Select, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '../types.ts';

/** What the server's preview adds for the mapping step: the sheets, the first rows and the header row. */
export interface SheetPreview extends ImportPreview {
  sheets?: Array<{ name: string; hidden: boolean }> | null;
  sheet?: number;
  headerRow?: number;
  rows?: Array<{ line: number; cells: unknown[] }>;
  /** xlsx: data rows the sheet hides, and its hidden columns (0-based). */
  hiddenRows?: number;
  hiddenColumns?: number[];
  /** Some numbers have formats of their own: the samples show them as the sheet does, as they import. */
  formatted?: boolean;
}

/** What happens to the rows a sheet hides: imported like the others (the default), or left out. */
export type HiddenRows = 'include' | 'skip';

export interface SheetChoice {
  sheet?: number;
  headerRow?: number;
}

interface Props {
  preview: SheetPreview;
  /** Sheet column index → field key ('' = skip). */
  mapping: Record<string, string>;
  onChange(mapping: Record<string, string>): void;
  /** Another sheet or header row: the dialog asks the server for that preview. */
  onChoose(choice: SheetChoice): void;
  hiddenRows: HiddenRows;
  onHiddenRows(choice: HiddenRows): void;
  busy?: boolean;
}

const SKIP = '';
const cellText = (cell: unknown) => (cell === null || cell === undefined ? '' : cell instanceof Object ? JSON.stringify(cell) : String(cell));
const rowText = (cells: unknown[]) => cells.map(cellText).filter(Boolean).join(' | ').slice(0, 80);

/**
 * Step 2 of an import: the sheet and its header row (detected by the server, changeable — a title row above the
 * header is common), then each column goes to a field or is skipped; a field takes one column at most. The
 * sample values show what the current choice gives.
 */
export function ImportMapping({ preview, mapping, onChange, onChoose, hiddenRows, onHiddenRows, busy }: Props) {
  const { t } = useTranslation();
  const used = new Set(Object.values(mapping).filter(Boolean));
  const hiddenColumns = new Set(preview.hiddenColumns ?? []);
  const rows = preview.header.map((cell, index) => ({ index: String(index), header: cellText(cell) || t('forms.views.import.columnN', { n: index + 1 }) }));
  const sheets = preview.sheets ?? [];
  const columns = [
    {
      title: t('forms.views.import.sheetColumn'),
      width: 200,
      render: (_: unknown, row: { index: string; header: string }) => (
        <Space size="mini">
          {row.header}
          {hiddenColumns.has(Number(row.index)) && <Tag size="small" data-testid={`import-hidden-column-${row.index}`}>{t('forms.views.import.hiddenColumn')}</Tag>}
        </Space>
      ),
    },
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
  return (
    <>
      <Space wrap className="qp-gap" size="large">
        {sheets.length > 1 && (
          <Space>
            <Typography.Text>{t('forms.views.import.sheet')}</Typography.Text>
            <Select
              data-testid="import-sheet"
              style={{ width: 200 }}
              disabled={busy}
              value={preview.sheet ?? 0}
              onChange={(sheet: number) => onChoose({ sheet })}
              options={sheets.map((sheet, index) => ({ value: index, label: sheet.hidden ? t('forms.views.import.hiddenSheet', { name: sheet.name }) : sheet.name }))}
            />
          </Space>
        )}
        {preview.rows && preview.rows.length > 1 && (
          <Space>
            <Typography.Text>{t('forms.views.import.headerRow')}</Typography.Text>
            <Select
              data-testid="import-header-row"
              style={{ width: 360 }}
              disabled={busy}
              value={preview.headerRow ?? preview.rows[0]!.line}
              onChange={(headerRow: number) => onChoose({ sheet: preview.sheet, headerRow })}
              options={preview.rows.map((row) => ({ value: row.line, label: t('forms.views.import.headerRowOption', { line: row.line, text: rowText(row.cells) }) }))}
            />
          </Space>
        )}
      </Space>
      {(preview.hiddenRows ?? 0) > 0 && (
        <Alert
          type="warning"
          className="qp-gap"
          data-testid="import-hidden-rows"
          content={
            <Space direction="vertical">
              {t('forms.views.import.hiddenRows', { n: preview.hiddenRows })}
              <Radio.Group value={hiddenRows} onChange={onHiddenRows} disabled={busy}>
                <Radio value="include" data-testid="import-hidden-include">{t('forms.views.import.hiddenInclude')}</Radio>
                <Radio value="skip" data-testid="import-hidden-skip">{t('forms.views.import.hiddenSkip')}</Radio>
              </Radio.Group>
            </Space>
          }
        />
      )}
      {preview.formatted && (
        <Typography.Paragraph type="secondary" className="qp-gap" data-testid="import-as-shown">
          {t('forms.views.import.asShown')}
        </Typography.Paragraph>
      )}
      <Table rowKey="index" size="small" columns={columns} data={rows} pagination={false} scroll={{ y: 320 }} border={{ wrapper: true, cell: true }} />
    </>
  );
}
