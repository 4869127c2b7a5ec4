import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartResult, ChartType } from '../../../../shared/dashboards/model.ts';
import type { PageProps } from '../../types.ts';
import { byTestId, cleanup, fakeApi, renderPage, settle } from '../../../testing/page-kit.tsx';
import { ChartView, type ChartViewProps } from './ChartView.tsx';

// jsdom has no canvas: the ECharts half is replaced by a stand-in that shows what it was given and can be clicked.
vi.mock('./EChartsCanvas.tsx', () => ({
  default: ({ built, onPick }: { built: { option: { series: Array<{ type: string }> }; rowAt(s: number, d: number): number | null }; onPick?: (row: number) => void }) => (
    <button type="button" data-testid="echarts" onClick={() => onPick?.(built.rowAt(0, 1) ?? -1)}>
      {built.option.series.map((s) => s.type).join(',')}
    </button>
  ),
}));

afterEach(cleanup);

const RESULT: ChartResult = {
  columns: [{ key: 'd0', label: 'Status', role: 'dimension', kind: 'text' }, { key: 'm1', label: 'Count', role: 'measure', kind: 'number' }],
  rows: [['Open', 3], ['Closed', 5]],
  keys: [['open'], ['closed']],
  capped: null,
  at: '2026-03-01T00:00:00Z',
};

async function draw(type: ChartType, props: Partial<ChartViewProps> = {}, language: 'en' | 'zh-CN' = 'en') {
  const Host = (_: PageProps) => <ChartView chart={{ name: 'C', type, options: { decimals: 1 }, query: { formId: '7', dimensions: [], measures: [] } }} result={RESULT} {...props} />;
  await renderPage(Host, '/space-acme/dataview/search', fakeApi({}).api, language);
  await settle();
}

describe('ChartView', () => {
  it('draws a bar through ECharts and turns a click into the row it stands for', async () => {
    const picked: number[] = [];
    await draw('bar', { onPick: (row) => picked.push(row) });
    expect(byTestId('echarts')!.textContent).toBe('bar');
    await act(async () => byTestId('echarts')!.click());
    expect(picked).toEqual([1]);
  });

  it('draws a table with clickable rows and no picture to export', async () => {
    const picked: number[] = [];
    const ready = vi.fn();
    await draw('table', { onPick: (row) => picked.push(row), onReady: ready });
    expect(document.querySelector('.arco-table')!.textContent).toContain('Closed');
    await act(async () => byTestId('chart-row-1')!.click());
    expect(picked).toEqual([1]);
    expect(ready).toHaveBeenCalledWith(null);
  });

  it('number card shows the first measure with its decimals', async () => {
    await draw('number');
    expect(byTestId('chart-number')!.textContent).toBe('3.0Count');
  });

  it('says when there is nothing to draw, and when the groups were capped, in the user language', async () => {
    await draw('pie', { result: { ...RESULT, rows: [], keys: [] } }, 'zh-CN');
    expect(byTestId('chart-view')!.textContent).toContain('该图表暂无数据');
    cleanup();
    await draw('pivot', { result: { ...RESULT, capped: { rows: 1000, columns: 100 } } });
    expect(byTestId('chart-capped')!.textContent).toContain('first 1000');
    expect(byTestId('chart-row-0')!.textContent).toContain('Open');
  });
});
