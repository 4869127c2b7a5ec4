import { Alert, Card, Grid, Select, Space, Table } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../../shared/routes/table.ts';
import type { TopClick, TopPage } from '../../../../shared/api/console-watch.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { FunnelCard } from './FunnelCard.tsx';
import { useLoad } from '../../../shell/use-load.ts';
import { watchApi } from './watch-api.ts';

const DAYS = [1, 7, 30, 90];

/** `/sysop/buryingAnalysis`: one space's top pages and tracked clicks, and funnels over its pages. */
export function BuryingAnalysisPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const calls = watchApi(api);
  const spaces = useLoad(() => calls.spaces(), []);
  const [spaceId, setSpaceId] = useState<string | undefined>();
  const [days, setDays] = useState(7);
  useEffect(() => {
    if (!spaceId && spaces.data?.length) setSpaceId(spaces.data[0]!.id);
  }, [spaces.data, spaceId]);
  const top = useLoad(async () => (spaceId ? calls.top(spaceId, days) : null), [spaceId, days]);

  // Pages are reported by route id; shown by their title where this build knows the route.
  const label = (page: string) => {
    const route = ROUTES.find((r) => r.id === page);
    return route ? `${t(route.title)} (${page})` : page;
  };
  const error = spaces.error ?? top.error;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('console.track.title')} data-testid="burying-analysis">
        <p className="qp-muted">{t('console.track.hint')}</p>
        <Space wrap className="qp-gap">
          <Select style={{ width: 280 }} value={spaceId} onChange={setSpaceId} placeholder={t('console.track.pickSpace')} aria-label={t('console.track.space')} data-testid="track-space"
            options={(spaces.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))} />
          <Select style={{ width: 140 }} value={days} onChange={setDays} aria-label={t('console.track.days')} data-testid="track-days"
            options={DAYS.map((n) => ({ value: n, label: t('console.track.lastDays', { n }) }))} />
        </Space>
        {error && <Alert type="error" className="qp-gap" content={t('console.watch.loadFailed', { message: error })} />}
        <Grid.Row gutter={16}>
          <Grid.Col span={14}>
            <h4>{t('console.track.topPages')}</h4>
            <Table rowKey="page" loading={top.loading && !!spaceId} data={top.data?.pages ?? []} pagination={false} noDataElement={t('console.track.noPages')} data-testid="track-top-pages"
              columns={[
                { title: t('console.track.page'), dataIndex: 'page', render: (p: string) => label(p) },
                { title: t('console.track.views'), dataIndex: 'views', align: 'right', sorter: (a: TopPage, b: TopPage) => a.views - b.views },
                { title: t('console.track.sessions'), dataIndex: 'sessions', align: 'right', sorter: (a: TopPage, b: TopPage) => a.sessions - b.sessions },
                { title: t('console.track.users'), dataIndex: 'users', align: 'right' },
              ]} />
          </Grid.Col>
          <Grid.Col span={10}>
            <h4>{t('console.track.topClicks')}</h4>
            <Table rowKey={(c: TopClick) => `${c.page}|${c.target}`} loading={top.loading && !!spaceId} data={top.data?.clicks ?? []} pagination={false} noDataElement={t('console.track.noClicks')} data-testid="track-top-clicks"
              columns={[
                { title: t('console.track.target'), dataIndex: 'target', render: (v: string) => <code>{v}</code> },
                { title: t('console.track.page'), dataIndex: 'page', render: (p: string) => label(p) },
                { title: t('console.track.clicks'), dataIndex: 'clicks', align: 'right' },
              ]} />
          </Grid.Col>
        </Grid.Row>
      </Card>
      {spaceId && <FunnelCard key={`${spaceId}-${days}`} pages={(top.data?.pages ?? []).map((p) => p.page)} label={label} compute={(steps) => calls.funnel(spaceId, days, steps)} />}
    </Space>
  );
}
