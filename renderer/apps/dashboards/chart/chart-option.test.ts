import { describe, expect, it } from 'vitest';
import type { ChartResult, ChartType, ResultColumn } from '../../../../shared/dashboards/model.ts';
import { numberCard, pivotTable } from './chart-data.ts';
import { buildOption, categorise, niceMax, type DrawnChart } from './chart-option.ts';
import { CHINA_PROVINCES, provinceName } from './provinces.ts';

const ctx = { theme: 'light' as const, empty: '(empty)', locale: 'en' };
const dim = (key: string, label = key): ResultColumn => ({ key, label, role: 'dimension', kind: 'text' });
const measure = (key: string, label = key): ResultColumn => ({ key, label, role: 'measure', kind: 'number' });
const result = (columns: ResultColumn[], rows: ChartResult['rows']): ChartResult => ({ columns, rows, keys: [], capped: null, at: '2026-03-01T00:00:00Z' });
const chart = (type: ChartType, options: DrawnChart['options'] = {}, measures: DrawnChart['query']['measures'] = []): DrawnChart => ({
  name: 'Sales', type, options, query: { formId: '7', dimensions: [], measures },
});
const BY_MONTH = result([dim('d0', 'Month'), measure('m1', 'Count'), measure('m2', 'Amount')], [['Jan', 3, 30], ['Feb', 5, 55], [null, 1, 10]]);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const series = (option: unknown) => (option as { series: any[] }).series;

describe('categorise', () => {
  it('one dimension: categories in the server order, a series per value column, empty groups labelled', () => {
    const c = categorise(BY_MONTH, '(empty)');
    expect(c.categories).toEqual(['Jan', 'Feb', '(empty)']);
    expect(c.series.map((s) => [s.name, s.data])).toEqual([['Count', [3, 5, 1]], ['Amount', [30, 55, 10]]]);
  });
  it('two dimensions: a series per value of the second, gaps where a group is missing', () => {
    const r = result([dim('d0'), dim('d1'), measure('m1')], [['Jan', 'East', 1], ['Jan', 'West', 2], ['Feb', 'West', 4]]);
    const c = categorise(r, '-');
    expect(c.categories).toEqual(['Jan', 'Feb']);
    expect(c.series.map((s) => [s.name, s.data, s.rows])).toEqual([['East', [1, null], [0, null]], ['West', [2, 4], [1, 2]]]);
  });
  it('no dimension: one category per value column', () => {
    const c = categorise(result([measure('m1', 'Count'), measure('m2', 'Sum')], [[4, 9]]), '-');
    expect(c.categories).toEqual(['Count', 'Sum']);
    expect(c.series[0]!.data).toEqual([4, 9]);
  });
});

describe('buildOption', () => {
  it('bar: stacked and horizontal swap the axes, clicks map to rows', () => {
    const built = buildOption(chart('bar', { stacked: true, horizontal: true, showLabels: true }), BY_MONTH, ctx)!;
    const option = built.option as { xAxis: { type: string }; yAxis: { type: string; data: string[] } };
    expect(option.xAxis.type).toBe('value');
    expect(option.yAxis.data).toEqual(['Jan', 'Feb', '(empty)']);
    expect(series(built.option).every((s) => s.type === 'bar' && s.stack === 'total' && s.label.show)).toBe(true);
    expect(built.rowAt(1, 1)).toBe(1);
    expect(built.rowAt(5, 0)).toBeNull();
  });
  it('line is smooth when asked; area fills', () => {
    expect(series(buildOption(chart('line', { smooth: true }), BY_MONTH, ctx)!.option)[0]).toMatchObject({ type: 'line', smooth: true });
    expect(series(buildOption(chart('area'), BY_MONTH, ctx)!.option)[0].areaStyle).toBeDefined();
  });
  it('combo: each measure draws as its series says, lines on a second axis', () => {
    const c = chart('combo', {}, [{ id: 'm1', aggregate: 'count', field: null, series: 'bar' }, { id: 'm2', aggregate: 'sum', field: 'f2', series: 'line' }]);
    const built = buildOption(c, BY_MONTH, ctx)!;
    expect(series(built.option).map((s) => [s.type, s.yAxisIndex])).toEqual([['bar', 0], ['line', 1]]);
    expect(Array.isArray((built.option as { yAxis: unknown }).yAxis)).toBe(true);
  });
  it('pie and donut: slices of the first value column', () => {
    const pie = series(buildOption(chart('pie'), BY_MONTH, ctx)!.option)[0];
    expect(pie.data).toEqual([{ name: 'Jan', value: 3 }, { name: 'Feb', value: 5 }, { name: '(empty)', value: 1 }]);
    expect(pie.radius[0]).toBe(0);
    expect(series(buildOption(chart('pie', { donut: true }), BY_MONTH, ctx)!.option)[0].radius[0]).toBe('42%');
    expect(buildOption(chart('pie'), BY_MONTH, ctx)!.rowAt(0, 2)).toBe(2);
  });
  it('funnel: sorted descending', () => {
    expect(series(buildOption(chart('funnel'), BY_MONTH, ctx)!.option)[0]).toMatchObject({ type: 'funnel', sort: 'descending' });
  });
  it('scatter: two measures make x and y of each group', () => {
    const s = series(buildOption(chart('scatter'), BY_MONTH, ctx)!.option)[0];
    expect(s.data[1]).toEqual({ name: 'Feb', value: [5, 55] });
    const single = series(buildOption(chart('scatter'), result([dim('d0'), measure('m1')], [['a', 1]]), ctx)!.option)[0];
    expect(single.data).toEqual([1]);
  });
  it('gauge: the first value against gaugeMax, or a round maximum', () => {
    const r = result([measure('m1', 'Rate')], [[73]]);
    expect(series(buildOption(chart('gauge', { gaugeMax: 80 }), r, ctx)!.option)[0]).toMatchObject({ max: 80, data: [{ value: 73, name: 'Rate' }] });
    expect(series(buildOption(chart('gauge'), r, ctx)!.option)[0].max).toBe(100);
    expect([niceMax(1234), niceMax(0), niceMax(5)]).toEqual([2000, 100, 5]);
  });
  it('map: provinces matched by any spelling, unknown places skipped, rows kept for clicks', () => {
    const r = result([dim('d0', 'Province'), measure('m1')], [['甘肃省', 4], ['Atlantis', 9], ['Guangdong', 7], ['新疆维吾尔自治区', 2]]);
    const built = buildOption(chart('map'), r, ctx)!;
    expect(built.needsChinaMap).toBe(true);
    expect(series(built.option)[0].data).toEqual([{ name: '甘肃', value: 4 }, { name: '广东', value: 7 }, { name: '新疆', value: 2 }]);
    expect(built.rowAt(0, 1)).toBe(2);
    expect((built.option as { visualMap: { max: number } }).visualMap.max).toBe(7);
  });
  it('dark theme takes the bright palette; HTML types have no option', () => {
    const dark = buildOption(chart('bar'), BY_MONTH, { ...ctx, theme: 'dark' })!.option as { color: string[] };
    expect(dark.color[0]).toBe('#3C7EFF');
    for (const type of ['table', 'pivot', 'number'] as const) expect(buildOption(chart(type), BY_MONTH, ctx)).toBeNull();
  });
});

describe('tables and cards', () => {
  it('number card: the first measure with its decimals', () => {
    expect(numberCard(result([measure('m1', 'Total')], [[1234.5]]), 2, 'en')).toEqual({ label: 'Total', text: '1,234.50', value: 1234.5 });
    expect(numberCard(result([measure('m1')], []), 0).text).toBe('–');
  });
  it('pivot: first dimension down, the others across, measure cells', () => {
    const r = result([dim('d0', 'Month'), dim('d1', 'Region'), measure('m1', 'Count')], [['Jan', 'East', 1], ['Jan', 'West', 2], ['Feb', 'West', 4]]);
    const pivot = pivotTable(r, '-');
    expect(pivot.corner).toBe('Month');
    expect(pivot.columns.map((c) => c.label)).toEqual(['East', 'West']);
    expect(pivot.rows).toEqual([{ label: 'Jan', cells: [1, 2], rowIndex: 0 }, { label: 'Feb', cells: [null, 4], rowIndex: 2 }]);
  });
  it('pivot with several measures repeats each column group per measure', () => {
    const r = result([dim('d0'), dim('d1'), measure('m1', 'Count'), measure('m2', 'Sum')], [['Jan', 'East', 1, 10]]);
    expect(pivotTable(r, '-').columns.map((c) => c.label)).toEqual(['East · Count', 'East · Sum']);
  });
});

describe('provinceName', () => {
  it.each([
    ['甘肃', '甘肃'], ['甘肃省', '甘肃'], ['Gansu', '甘肃'], ['Gansu Province', '甘肃'], ['北京市', '北京'], ['Shaanxi', '陕西'],
    ['Shanxi', '山西'], ['广西壮族自治区', '广西'], ['内蒙古自治区', '内蒙古'], ['Inner Mongolia', '内蒙古'], ['香港特别行政区', '香港'],
    ['Hong Kong SAR', '香港'], ['Nowhere', null], [null, null], ['', null],
  ])('%s → %s', (value, expected) => expect(provinceName(value, CHINA_PROVINCES)).toBe(expected));
});
