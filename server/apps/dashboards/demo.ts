import { EVERYONE, NOBODY_ELSE, type BoardDraft, type BoardItem, type ChartDraft } from '../../../shared/dashboards/model.ts';
import { boardProblems, chartProblems } from '../../../shared/dashboards/validate.ts';
import { DEMO_TOPIC_ROOT } from '../../../shared/api/iot.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { insertBoard } from './board-store.ts';
import { insertChart } from './store.ts';

interface DemoForm {
  appId: string;
  formId: string;
}

/**
 * Charts over the forms demo's inspection form (server/apps/forms/demo.ts: f2 status, f3 inspection date, f4
 * temperature, f7 line), open to every member: each sees the totals of the records his rules let him see.
 */
function demoCharts(demo: DemoForm): ChartDraft[] {
  const chart = (name: string, type: ChartDraft['type'], query: Omit<ChartDraft['query'], 'formId'>, tips: string, options: ChartDraft['options'] = {}): ChartDraft => ({
    name,
    type,
    appId: demo.appId,
    query: { formId: demo.formId, ...query },
    options,
    tips,
    viewers: EVERYONE,
    editors: NOBODY_ELSE,
  });
  const count = { id: 'm1', aggregate: 'count' as const, field: null, label: '点检数 Inspections' };
  return [
    chart('点检总数 Inspections', 'number', { dimensions: [], measures: [count] }, '您可见的点检记录条数 Inspection records you may see', { decimals: 0 }),
    chart('设备状态 Equipment status', 'pie', { dimensions: [{ field: 'f2' }], measures: [count] }, '按状态统计的点检记录 Inspections by status', { donut: true, showLabels: true }),
    chart(
      '各产线温度 Temperature by line',
      'bar',
      { dimensions: [{ field: 'f7' }], measures: [{ id: 'm1', aggregate: 'avg', field: 'f4', label: '平均温度 Average °C' }, { id: 'm2', aggregate: 'max', field: 'f4', label: '最高温度 Highest °C' }] },
      '各产线设备的平均与最高温度 Average and highest equipment temperature per line',
      { showLabels: true },
    ),
  ];
}

const chartItem = (id: string, chartId: string, place: BoardItem['place']): BoardItem => ({ id, kind: 'chart', chartId, place });

function demoBoards(charts: string[], demo: DemoForm): BoardDraft[] {
  const [total, status, temperature] = charts as [string, string, string];
  const lineFilter = { id: 'line', label: '产线 Line', kind: 'text' as const, targets: [{ formId: demo.formId, field: 'f7' }] };
  const dashboard: BoardDraft = {
    kind: 'dashboard',
    name: '设备点检看板 Inspection dashboard',
    description: '点检数量、设备状态与温度 Inspections, equipment status and temperatures',
    items: [
      { id: 'title', kind: 'text', text: '设备点检 Equipment inspection', place: { x: 0, y: 0, w: 12, h: 1 } },
      chartItem('total', total, { x: 0, y: 1, w: 3, h: 4 }),
      chartItem('status', status, { x: 3, y: 1, w: 4, h: 4 }),
      chartItem('temperature', temperature, { x: 7, y: 1, w: 5, h: 4 }),
    ],
    filters: [lineFilter],
    refreshSeconds: 60,
    screen: null,
    viewers: EVERYONE,
    editors: NOBODY_ELSE,
  };
  const device = (id: string, topic: string, x: number): BoardItem => ({ id, kind: 'device', topic: `${DEMO_TOPIC_ROOT}/${topic}`, place: { x, y: 120, w: 360, h: 200 } });
  const screen: BoardDraft = {
    kind: 'screen',
    name: '一号线大屏 Line 1 screen',
    description: '车间墙面大屏：实时设备数据与点检统计 Workshop wall: live device values and inspections',
    items: [
      { id: 'title', kind: 'text', text: '一号线生产监控 Line 1 monitoring', place: { x: 40, y: 20, w: 1400, h: 80 } },
      { id: 'clock', kind: 'clock', place: { x: 1500, y: 20, w: 380, h: 80 } },
      device('press1', 'press-1/temperature', 40),
      device('press2', 'press-2/temperature', 420),
      device('cooling', 'cooling-tower/water-temperature', 800),
      device('compressor', 'compressor/pressure', 1180),
      device('state', 'line/state', 1560),
      chartItem('total', total, { x: 40, y: 360, w: 560, h: 680 }),
      chartItem('status', status, { x: 640, y: 360, w: 600, h: 680 }),
      chartItem('temperature', temperature, { x: 1280, y: 360, w: 600, h: 680 }),
    ],
    filters: [],
    refreshSeconds: 30,
    screen: { width: 1920, height: 1080, theme: 'dark-blue' },
    viewers: EVERYONE,
    editors: NOBODY_ELSE,
  };
  return [dashboard, screen];
}

/** Runs in the demo space's seeding transaction, after the forms demo whose form the charts read. */
export async function seedDashboardsDemo(trx: Trx, spaceId: string, adminId: string, demo: DemoForm): Promise<void> {
  const charts: string[] = [];
  for (const draft of demoCharts(demo)) {
    const problems = chartProblems(draft);
    if (problems.length) throw new Error(`demo chart breaks its own rules: ${JSON.stringify(problems)}`);
    charts.push(await insertChart(trx, spaceId, adminId, draft));
  }
  for (const draft of demoBoards(charts, demo)) {
    const problems = boardProblems(draft);
    if (problems.length) throw new Error(`demo board breaks its own rules: ${JSON.stringify(problems)}`);
    await insertBoard(trx, spaceId, adminId, draft);
  }
}
