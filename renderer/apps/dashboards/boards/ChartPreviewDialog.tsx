import { Button, Modal } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import { boardsApi, failureCode, type BoardChartAnswer, type ChartSummary } from './boards-api.ts';
import { ChartCard } from './ChartCard.tsx';

/**
 * One chart found by the search, drawn on its own (GET /charts/:id and its data) with its tips, export and — for its
 * editors — the way to the chart designer, as on a board. A chart the member may no longer open says so (§8).
 */
export function ChartPreviewDialog({ chart, match, onClose }: { chart: Pick<ChartSummary, 'id' | 'name'>; match: RouteMatch; onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [answer, setAnswer] = useState<BoardChartAnswer | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const calls = boardsApi(api);
    Promise.all([calls.chart(chart.id), calls.chartData(chart.id)]).then(
      ([full, result]) => live && setAnswer({ ok: true, chart: full, result }),
      (failure: Error) => live && setAnswer({ ok: false, error: failure.message, status: failureCode(failure) }),
    );
    return () => {
      live = false;
    };
  }, [api, chart.id]);

  return (
    <Modal visible title={(answer?.ok ? answer.chart.name : '') || chart.name} onCancel={onClose} style={{ width: 820, maxWidth: '96vw' }} unmountOnExit
      footer={<Button type="primary" onClick={onClose}>{t('dashboards.boards.close')}</Button>}
    >
      <div className="qp-chart-preview" data-testid="chart-preview">
        <ChartCard chartId={chart.id} answer={answer} match={match} boardId="" filters={{}} theme="light" height={360} />
      </div>
    </Modal>
  );
}
