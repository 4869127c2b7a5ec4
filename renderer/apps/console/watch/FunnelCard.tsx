import { Alert, Button, Card, Select, Space, Spin, Table } from '@arco-design/web-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunnelStep } from '../../../../shared/api/console-watch.ts';

const WatchChart = lazy(() => import('./WatchChart.tsx'));

/** The funnel of one space: 2–8 pages in the order chosen, the sessions reaching each step in turn. */
export function FunnelCard({ pages, label, compute }: { pages: string[]; label(page: string): string; compute(steps: string[]): Promise<FunnelStep[]> }) {
  const { t } = useTranslation();
  const [steps, setSteps] = useState<string[]>([]);
  const [result, setResult] = useState<FunnelStep[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    if (steps.length < 2) return setError(t('console.track.funnelTooFew'));
    setBusy(true);
    try {
      setResult(await compute(steps));
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const first = result?.[0]?.sessions ?? 0;
  return (
    <Card title={t('console.track.funnel')} data-testid="track-funnel">
      <p className="qp-muted">{t('console.track.funnelHint')}</p>
      <Space wrap className="qp-gap">
        <Select mode="multiple" style={{ width: 560 }} value={steps} onChange={(v: string[]) => setSteps(v.slice(0, 8))} placeholder={t('console.track.funnelSteps')}
          aria-label={t('console.track.funnelSteps')} data-testid="track-funnel-steps" options={pages.map((p) => ({ value: p, label: label(p) }))} />
        <Button type="primary" loading={busy} onClick={() => void run()} data-testid="track-funnel-run" data-track="funnel-run">{t('console.track.funnelRun')}</Button>
      </Space>
      {error && <Alert type="error" className="qp-gap" content={error} />}
      {result ? (
        <>
          <Table
            rowKey={(s) => String(result.indexOf(s))}
            pagination={false}
            data={result}
            data-testid="track-funnel-result"
            columns={[
              { title: '#', render: (_: unknown, s: FunnelStep) => t('console.track.funnelStep', { n: result.indexOf(s) + 1 }) },
              { title: t('console.track.page'), dataIndex: 'page', render: (p: string) => label(p) },
              { title: t('console.track.sessions'), dataIndex: 'sessions', align: 'right' },
              { title: t('console.track.funnelConversion'), align: 'right', render: (_: unknown, s: FunnelStep) => (first ? `${((s.sessions / first) * 100).toFixed(1)}%` : '—') },
            ]}
          />
          <Suspense fallback={<Spin />}>
            <WatchChart
              height={240}
              testId="track-funnel-chart"
              option={{ tooltip: { trigger: 'item' }, series: [{ type: 'funnel', sort: 'none', left: '10%', width: '80%', label: { formatter: '{b}: {c}' }, data: result.map((s) => ({ name: label(s.page), value: s.sessions })) }] }}
            />
          </Suspense>
        </>
      ) : (
        <p className="qp-muted">{t('console.track.funnelEmpty')}</p>
      )}
    </Card>
  );
}
