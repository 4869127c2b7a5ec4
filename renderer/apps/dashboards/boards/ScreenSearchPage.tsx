import { Alert, Card, Empty, Input, List, Space, Spin, Tag, Typography } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { boardsApi, type BoardSummary, type ChartSummary } from './boards-api.ts';
import { ChartPreviewDialog } from './ChartPreviewDialog.tsx';
import { dashboardPath, screenViewerPath } from './paths.ts';
import './boards.css';

type Found = { charts: ChartSummary[]; boards: BoardSummary[] };

/**
 * Search (`dataview/search`, decision 0067): charts, dashboards and data screens the member may open, by name. A
 * dashboard opens on its page, a screen in the viewer (its own window), a chart drawn in a dialog (with the way to
 * the chart designer for its editors).
 */
export function ScreenSearchPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const initial = typeof match.query.q === 'string' ? match.query.q : '';
  const [text, setText] = useState(initial);
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // `?chart=` (a portal quick entry's chart link, §3) opens that chart at once; the dialog reads its name.
  const linked = typeof match.query.chart === 'string' && /^[0-9]{1,18}$/.test(match.query.chart) ? match.query.chart : null;
  const [preview, setPreview] = useState<Pick<ChartSummary, 'id' | 'name'> | null>(linked ? { id: linked, name: '' } : null);

  useEffect(() => {
    const q = text.trim();
    if (!q) return setFound(null);
    let live = true;
    setBusy(true);
    boardsApi(api)
      .search(q)
      .then(
        (answer) => live && (setFound(answer), setError(null)),
        (failure: Error) => live && setError(failure.message),
      )
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [api, text]);

  const dashboards = found?.boards.filter((b) => b.kind === 'dashboard') ?? [];
  const screens = found?.boards.filter((b) => b.kind === 'screen') ?? [];
  const section = <T,>(title: string, testId: string, rows: T[], render: (row: T) => JSX.Element) => (
    <section aria-label={title} data-testid={testId}>
      <h2 className="qp-search-heading">{title} <Tag>{rows.length}</Tag></h2>
      {rows.length === 0 ? <Typography.Text type="secondary">{t('dashboards.boards.search.none')}</Typography.Text> : <List size="small" dataSource={rows} render={render} />}
    </section>
  );

  return (
    <Card title={<h1 className="qp-boards-title">{t('routes.dashboards.search')}</h1>} data-testid="board-search">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Input.Search allowClear defaultValue={initial} maxLength={100} placeholder={t('dashboards.boards.search.placeholder')} onSearch={setText} onClear={() => setText('')} style={{ maxWidth: 420 }} aria-label={t('dashboards.boards.search.placeholder')} data-testid="board-search-input" />
        {error && <Alert type="error" content={error} />}
        {busy && <Spin />}
        {!found && !busy && <Empty description={t('dashboards.boards.search.prompt')} />}
        {found && (
          <>
            {section(t('dashboards.boards.search.dashboards'), 'search-dashboards', dashboards, (b) => (
              <List.Item key={b.id}>
                <a href={dashboardPath(match, b.id)} data-testid={`search-board-${b.id}`}>{b.name}</a>
                <Typography.Text type="secondary"> · {b.createdByName}</Typography.Text>
              </List.Item>
            ))}
            {section(t('dashboards.boards.search.screens'), 'search-screens', screens, (b) => (
              <List.Item key={b.id}>
                <a href={screenViewerPath(match, b.id)} data-testid={`search-board-${b.id}`}>{b.name}</a>
                <Typography.Text type="secondary"> · {b.createdByName}</Typography.Text>
              </List.Item>
            ))}
            {section(t('dashboards.boards.search.charts'), 'search-charts', found.charts, (c) => (
              <List.Item key={c.id}>
                <button type="button" className="qp-boards-linkbutton" onClick={() => setPreview(c)} data-testid={`search-chart-${c.id}`}>{c.name}</button>
                <Typography.Text type="secondary"> · {t(`dashboards.chartUi.type.${c.type}`)} · {c.formName ?? '—'}</Typography.Text>
              </List.Item>
            ))}
          </>
        )}
      </Space>
      {preview && <ChartPreviewDialog chart={preview} match={match} onClose={() => setPreview(null)} />}
    </Card>
  );
}
