import { Badge, Button, Popover, Spin, Tag } from '@arco-design/web-react';
import { IconQuestionCircle } from '@arco-design/web-react/icon';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartData, MessageAlertData, MyWorkData } from '../../../../shared/portal/data.ts';
import type { ComponentStyle } from '../../../../shared/portal/model.ts';
import { EmptyState } from './ComponentFrame.tsx';

const when = (at: string) => new Date(at).toLocaleString();
/** Server links are paths of this site; anything else is not followed. */
const local = (href: string | null) => (href && href.startsWith('/') && !href.startsWith('//') ? href : undefined);

/** Message alert: unread counts per category, then the latest messages (list rows or cards). */
export function MessageAlertView({ data, style }: { data: MessageAlertData; style: ComponentStyle }) {
  const { t } = useTranslation();
  const unread = Object.entries(data.unread).filter(([, n]) => (n ?? 0) > 0);
  return (
    <div className="qp-portal-alerts">
      {unread.length > 0 && (
        <div className="qp-portal-counts" data-testid="portal-unread">
          {unread.map(([category, n]) => (
            <Tag key={category} color="arcoblue">
              {t(`messages.ui.category.${category}`)} <Badge count={n} />
            </Tag>
          ))}
        </div>
      )}
      {data.items.length === 0 ? (
        <EmptyState text={t('portal.ui.view.noMessages')} />
      ) : (
        <ul className={`qp-portal-rows qp-portal-rows-${style}`}>
          {data.items.map((item) => (
            <li key={item.id} className={item.read ? 'qp-portal-read' : 'qp-portal-unread'}>
              <a href={local(item.href)}>{item.title}</a>
              <span className="qp-portal-meta">{t(`messages.ui.category.${item.category}`)} · {when(item.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** My work: the four counts (to-dos, entrusted, unread CCs, my running flows) and the pending tasks. */
export function MyWorkView({ data, style }: { data: MyWorkData; style: ComponentStyle }) {
  const { t } = useTranslation();
  const counts = (['todo', 'entrusted', 'cc', 'initiated'] as const).map((key) => ({ key, n: data.counts[key] }));
  return (
    <div className="qp-portal-work">
      <dl className="qp-portal-work-counts">
        {counts.map(({ key, n }) => (
          <div key={key} data-testid={`portal-work-${key}`}>
            <dt>{t(`portal.ui.view.work.${key}`)}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {data.items.length === 0 ? (
        <EmptyState text={t('portal.ui.view.noWork')} />
      ) : (
        <ul className={`qp-portal-rows qp-portal-rows-${style}`}>
          {data.items.map((item) => (
            <li key={item.taskId}>
              <a href={local(item.href)}>{item.title}</a>
              <span className="qp-portal-meta">
                {item.formName} · {item.nodeName} · {when(item.at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// The dashboards app's drawing, loaded only when a portal shows a chart, so the portal chunk does not carry ECharts.
const DashboardChart = lazy(() => import('../../dashboards/chart/ChartView.tsx').then((m) => ({ default: m.ChartView })));

/** A chart component: the chosen chart drawn from the result the portal's data call brought. */
export function ChartView({ data }: { data: ChartData }) {
  const { t } = useTranslation();
  if (data.state !== 'ready' || !data.chart || !data.result) return <EmptyState text={t('dashboards.chartUi.portal.noChart')} />;
  return (
    <div className="qp-portal-chart" data-testid="portal-chart">
      {data.chart.tips && (
        <Popover content={<p className="qp-portal-chart-tips">{data.chart.tips}</p>} trigger="click">
          <Button size="mini" type="text" icon={<IconQuestionCircle />} aria-label={t('dashboards.chartUi.tips.title')} className="qp-portal-chart-tips-button" />
        </Popover>
      )}
      <Suspense fallback={<Spin />}>
        <DashboardChart chart={data.chart} result={data.result} height="100%" />
      </Suspense>
    </div>
  );
}
