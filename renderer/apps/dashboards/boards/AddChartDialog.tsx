import { Alert, Button, Input, Modal, Space, Table, type TableColumnProps } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shell/services.tsx';
import { boardsApi, type ChartSummary } from './boards-api.ts';

/**
 * Picking one of the member's charts (GET /charts: those he may open) to put on a board, searched by name. Charts
 * are made in the chart designer, which "New chart" opens in its own window; this list is read again each time it
 * opens, so a chart saved there is here when the editor comes back.
 */
export function AddChartDialog({ newChartHref, onPick, onClose }: { newChartHref: string; onPick(chart: ChartSummary): void; onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<ChartSummary[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setRows(null);
    boardsApi(api)
      .charts(search)
      .then(
        (page) => live && (setRows(page.items), setNext(page.next)),
        (failure: Error) => live && (setRows([]), setError(failure.message)),
      );
    return () => {
      live = false;
    };
  }, [api, search]);

  async function more() {
    if (!next) return;
    try {
      const page = await boardsApi(api).charts(search, next);
      setRows((old) => [...(old ?? []), ...page.items]);
      setNext(page.next);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const columns: TableColumnProps<ChartSummary>[] = [
    { title: t('dashboards.boards.chart.name'), render: (_, row) => row.name },
    { title: t('dashboards.boards.chart.type'), render: (_, row) => t(`dashboards.chartUi.type.${row.type}`) },
    { title: t('dashboards.boards.chart.form'), render: (_, row) => row.formName ?? '—' },
    { title: t('dashboards.boards.list.creator'), render: (_, row) => row.createdByName },
    {
      title: t('dashboards.boards.actions'),
      render: (_, row) => (
        <Button size="mini" type="primary" onClick={() => onPick(row)} data-testid={`add-chart-${row.id}`} aria-label={t('dashboards.boards.chart.addNamed', { name: row.name })}>
          {t('dashboards.boards.chart.add')}
        </Button>
      ),
    },
  ];

  return (
    <Modal visible title={t('dashboards.boards.chart.addTitle')} footer={null} onCancel={onClose} style={{ width: 760, maxWidth: '96vw' }} unmountOnExit>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Input.Search allowClear placeholder={t('dashboards.boards.chart.search')} onSearch={setSearch} onClear={() => setSearch('')} style={{ width: 260 }} aria-label={t('dashboards.boards.chart.search')} data-testid="add-chart-search" />
          <Button href={newChartHref} data-testid="add-chart-new">{t('dashboards.boards.chart.new')}</Button>
        </Space>
        {error && <Alert type="error" content={error} />}
        <Table rowKey="id" size="small" loading={rows === null} data={rows ?? []} columns={columns} pagination={false} noDataElement={t('dashboards.boards.chart.none')} data-testid="add-chart-list" />
        {next && <Button long onClick={() => void more()}>{t('dashboards.boards.more')}</Button>}
      </Space>
    </Modal>
  );
}
