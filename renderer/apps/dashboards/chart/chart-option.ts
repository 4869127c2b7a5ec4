import type { BarSeriesOption, FunnelSeriesOption, GaugeSeriesOption, LineSeriesOption, MapSeriesOption, PieSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { Chart, ChartResult } from '../../../../shared/dashboards/model.ts';
import { distinct, formatNumber, labelOf, numberOf, shapeOf, type Cell } from './chart-data.ts';
import { CHINA_PROVINCES, provinceName } from './provinces.ts';

/**
 * ECharts options from a chart and its result, as pure functions (unit-tested without a DOM). Each builder also
 * answers `rowAt(seriesIndex, dataIndex)`: which result row a clicked bar, point or slice stands for (drill-down).
 */
export type ChartOption = ComposeOption<
  | BarSeriesOption | LineSeriesOption | PieSeriesOption | ScatterSeriesOption | FunnelSeriesOption | GaugeSeriesOption | MapSeriesOption
  | GridComponentOption | TooltipComponentOption | LegendComponentOption | VisualMapComponentOption
>;
export type DrawnChart = Pick<Chart, 'name' | 'type' | 'options' | 'query'>;

export interface BuiltOption {
  option: ChartOption;
  rowAt: (seriesIndex: number, dataIndex: number) => number | null;
  /** The map of China must be registered before this option is set. */
  needsChinaMap: boolean;
}

export interface OptionContext {
  theme: 'light' | 'dark';
  /** Text for an empty group ("(empty)") in the viewer's language. */
  empty: string;
  locale?: string;
}

/** Palettes by name (ChartOptions.palette); the dark ones are brighter so bars read on a dark screen. */
export const PALETTES: Record<string, { light: string[]; dark: string[] }> = {
  default: {
    light: ['#165DFF', '#14C9C9', '#F7BA1E', '#722ED1', '#F53F3F', '#00B42A', '#FF7D00', '#3491FA', '#D91AD9', '#86909C'],
    dark: ['#3C7EFF', '#2FE0DE', '#FADC19', '#8D4EDA', '#F76965', '#27C346', '#FF9A2E', '#57A9FB', '#E13EDB', '#A9AEB8'],
  },
  warm: { light: ['#F53F3F', '#FF7D00', '#F7BA1E', '#D91AD9', '#F77234', '#FADC19'], dark: ['#F76965', '#FF9A2E', '#FADC19', '#E13EDB', '#F9925A', '#FBE842'] },
  cool: { light: ['#165DFF', '#14C9C9', '#00B42A', '#3491FA', '#722ED1', '#0FC6C2'], dark: ['#3C7EFF', '#2FE0DE', '#27C346', '#57A9FB', '#8D4EDA', '#33D1C9'] },
};
export const PALETTE_NAMES = Object.keys(PALETTES);

/** The chart types drawn by ECharts (the rest are HTML: table, pivot, number card). */
export const ECHARTS_TYPES = ['line', 'bar', 'area', 'pie', 'scatter', 'funnel', 'gauge', 'map', 'combo'] as const;
export const isEChartsType = (type: string) => (ECHARTS_TYPES as readonly string[]).includes(type);

const base = (chart: DrawnChart, ctx: OptionContext): ChartOption => ({
  color: (PALETTES[chart.options.palette ?? 'default'] ?? PALETTES.default!)[ctx.theme],
  backgroundColor: 'transparent',
  tooltip: { trigger: 'item', confine: true },
  animationDuration: 300,
});

interface Categorised {
  categories: string[];
  series: Array<{ name: string; column: number; data: Array<number | null>; rows: Array<number | null> }>;
}

/**
 * Categories on the axis and one series per value column — or, with two dimensions, one series per value of the
 * second dimension (the first value column), so "by month and by region" draws a bar per region in each month.
 */
export function categorise(result: ChartResult, empty: string): Categorised {
  const { dimensions, values } = shapeOf(result);
  const [first, second] = dimensions;
  if (first === undefined) {
    // No dimension: the totals, one category per value column.
    const row = result.rows[0] ?? [];
    return {
      categories: values.map((v) => result.columns[v]!.label),
      series: [{ name: '', column: values[0] ?? -1, data: values.map((v) => numberOf(row[v])), rows: values.map(() => (result.rows.length ? 0 : null)) }],
    };
  }
  const categories = distinct(result.rows.map((row) => labelOf(row[first], empty)));
  const at = (label: string) => categories.indexOf(label);
  if (second !== undefined && values[0] !== undefined) {
    const column = values[0];
    const names = distinct(result.rows.map((row) => labelOf(row[second], empty)));
    const series = names.map((name) => ({ name, column, data: categories.map(() => null as number | null), rows: categories.map(() => null as number | null) }));
    result.rows.forEach((row, index) => {
      const target = series[names.indexOf(labelOf(row[second], empty))]!;
      const slot = at(labelOf(row[first], empty));
      target.data[slot] = numberOf(row[column]);
      target.rows[slot] = index;
    });
    return { categories, series };
  }
  return {
    categories,
    series: values.map((column) => {
      const data = categories.map(() => null as number | null);
      const rows = categories.map(() => null as number | null);
      result.rows.forEach((row, index) => {
        const slot = at(labelOf(row[first], empty));
        data[slot] = numberOf(row[column]);
        rows[slot] = index;
      });
      return { name: result.columns[column]!.label, column, data, rows };
    }),
  };
}

const rowsLookup = (table: Array<Array<number | null>>) => (seriesIndex: number, dataIndex: number) => table[seriesIndex]?.[dataIndex] ?? null;

/** Line, bar and area (stacked, horizontal, smooth, labels) and the combined bar + line. */
export function cartesianOption(chart: DrawnChart, result: ChartResult, ctx: OptionContext): BuiltOption {
  const { categories, series } = categorise(result, ctx.empty);
  const { stacked, horizontal, smooth, showLabels } = chart.options;
  const combo = chart.type === 'combo';
  const seriesTypeOf = (column: number, index: number): 'bar' | 'line' => {
    if (chart.type === 'bar') return 'bar';
    if (!combo) return 'line';
    const column_ = result.columns[column];
    if (column_?.role === 'ratio') return 'line';
    const measure = chart.query.measures.find((m) => m.id === column_?.key);
    return measure?.series ?? (index === 0 ? 'bar' : 'line');
  };
  const kinds = series.map((s, i) => seriesTypeOf(s.column, i));
  // Combo with both kinds: lines read against a second axis (a rate next to amounts).
  const twoAxes = combo && kinds.includes('bar') && kinds.includes('line');
  const flipped = Boolean(horizontal) && chart.type === 'bar';
  const categoryAxis = { type: 'category' as const, data: categories, boundaryGap: kinds.includes('bar') };
  const valueAxis = { type: 'value' as const };
  const drawn = series.map((s, i) => {
    const label = { show: Boolean(showLabels), position: (flipped ? 'right' : 'top') as 'right' | 'top' };
    if (kinds[i] === 'bar') {
      const bar: BarSeriesOption = { type: 'bar', name: s.name, data: s.data, label, emphasis: { focus: 'series' } };
      if (stacked) bar.stack = 'total';
      if (twoAxes) bar.yAxisIndex = 0;
      return bar;
    }
    const line: LineSeriesOption = { type: 'line', name: s.name, data: s.data, label, smooth: Boolean(smooth), connectNulls: true, emphasis: { focus: 'series' } };
    if (chart.type === 'area') line.areaStyle = { opacity: 0.35 };
    if (stacked && !combo) line.stack = 'total';
    if (twoAxes) line.yAxisIndex = 1;
    return line;
  });
  const option: ChartOption = {
    ...base(chart, ctx),
    tooltip: { trigger: 'axis', confine: true },
    legend: { show: series.length > 1, type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, top: series.length > 1 ? 36 : 16, bottom: 8, containLabel: true },
    xAxis: flipped ? valueAxis : categoryAxis,
    yAxis: flipped ? categoryAxis : twoAxes ? [valueAxis, { ...valueAxis, splitLine: { show: false } }] : valueAxis,
    series: drawn,
  };
  return { option, rowAt: rowsLookup(series.map((s) => s.rows)), needsChinaMap: false };
}

/** Slices of the first dimension by the first value column (pie, donut, funnel); without a dimension, by value column. */
function slices(result: ChartResult, empty: string): { data: Array<{ name: string; value: number | '-' }>; rows: Array<number | null> } {
  const { categories, series } = categorise(result, empty);
  const first = series[0];
  // '-' is ECharts' "no value": the slice is left out rather than drawn as zero.
  const data = categories.map((name, i) => ({ name, value: first?.data[i] ?? ('-' as const) }));
  return { data, rows: first?.rows ?? [] };
}

export function pieOption(chart: DrawnChart, result: ChartResult, ctx: OptionContext): BuiltOption {
  const { data, rows } = slices(result, ctx.empty);
  const series: PieSeriesOption = {
    type: 'pie',
    radius: chart.options.donut ? ['42%', '70%'] : [0, '70%'],
    center: ['50%', '55%'],
    data,
    label: { show: chart.options.showLabels !== false, formatter: '{b}: {d}%' },
  };
  const option: ChartOption = { ...base(chart, ctx), legend: { type: 'scroll', top: 0 }, series: [series] };
  return { option, rowAt: rowsLookup([rows]), needsChinaMap: false };
}

export function funnelOption(chart: DrawnChart, result: ChartResult, ctx: OptionContext): BuiltOption {
  const { data, rows } = slices(result, ctx.empty);
  const series: FunnelSeriesOption = {
    type: 'funnel', sort: 'descending', top: 32, bottom: 8, left: '10%', width: '80%', data,
    label: { show: chart.options.showLabels !== false, position: 'inside' },
  };
  return { option: { ...base(chart, ctx), legend: { type: 'scroll', top: 0 }, series: [series] }, rowAt: rowsLookup([rows]), needsChinaMap: false };
}

/**
 * Scatter: with two value columns each group is a point (x = first, y = second); with one, the points sit over the
 * first dimension's categories.
 */
export function scatterOption(chart: DrawnChart, result: ChartResult, ctx: OptionContext): BuiltOption {
  const { dimensions, values } = shapeOf(result);
  const [x, y] = values;
  const label = { show: Boolean(chart.options.showLabels), formatter: '{b}', position: 'top' as const };
  if (x !== undefined && y !== undefined) {
    const name = (row: Cell[]) => (dimensions[0] === undefined ? '' : labelOf(row[dimensions[0]], ctx.empty));
    const data = result.rows.map((row) => ({ name: name(row), value: [numberOf(row[x]), numberOf(row[y])] as Array<number | null> }));
    const option: ChartOption = {
      ...base(chart, ctx),
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'value', name: result.columns[x]!.label, scale: true },
      yAxis: { type: 'value', name: result.columns[y]!.label, scale: true },
      series: [{ type: 'scatter', data: data as ScatterSeriesOption['data'], label, symbolSize: 12 }],
    };
    return { option, rowAt: (s, i) => (s === 0 && i < result.rows.length ? i : null), needsChinaMap: false };
  }
  const { categories, series } = categorise(result, ctx.empty);
  const option: ChartOption = {
    ...base(chart, ctx),
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: series.map((s) => ({ type: 'scatter' as const, name: s.name, data: s.data, label, symbolSize: 12 })),
  };
  return { option, rowAt: rowsLookup(series.map((s) => s.rows)), needsChinaMap: false };
}

/** A round dial end above the value (gauge without gaugeMax): 73 → 100, 1234 → 2000. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 2, 5, 10];
  return steps.map((s) => s * magnitude).find((m) => m >= value) ?? 10 * magnitude;
}

export function gaugeOption(chart: DrawnChart, result: ChartResult, ctx: OptionContext): BuiltOption {
  const { values } = shapeOf(result);
  const column = values[0];
  const value = column === undefined ? null : numberOf(result.rows[0]?.[column]);
  const max = chart.options.gaugeMax && chart.options.gaugeMax > 0 ? chart.options.gaugeMax : niceMax(value ?? 0);
  const decimals = chart.options.decimals;
  const series: GaugeSeriesOption = {
    type: 'gauge', min: 0, max, progress: { show: true, width: 14 }, axisLine: { lineStyle: { width: 14 } },
    detail: { valueAnimation: true, fontSize: 26, formatter: (v: number) => formatNumber(v, decimals, ctx.locale) },
    data: [{ value: value ?? 0, name: column === undefined ? '' : result.columns[column]!.label }],
  };
  return { option: { ...base(chart, ctx), series: [series] }, rowAt: (s, i) => (s === 0 && i === 0 && result.rows.length ? 0 : null), needsChinaMap: false };
}

/** Map of China: the first dimension names provinces (any spelling provinceName knows), the first value colours them. */
export function mapOption(chart: DrawnChart, result: ChartResult, ctx: OptionContext): BuiltOption {
  const { dimensions, values } = shapeOf(result);
  const [dim] = dimensions;
  const [column] = values;
  const data: Array<{ name: string; value: number | '-' }> = [];
  const rows: number[] = [];
  if (dim !== undefined && column !== undefined) {
    result.rows.forEach((row, index) => {
      const name = provinceName(row[dim] ?? null, CHINA_PROVINCES);
      if (!name) return;
      data.push({ name, value: numberOf(row[column]) ?? '-' });
      rows.push(index);
    });
  }
  const numbers = data.map((d) => d.value).filter((v): v is number => v !== '-');
  const palette = (PALETTES[chart.options.palette ?? 'default'] ?? PALETTES.default!)[ctx.theme];
  const series: MapSeriesOption = {
    type: 'map', map: 'china', roam: true, data, name: column === undefined ? '' : result.columns[column]!.label,
    label: { show: Boolean(chart.options.showLabels) },
  };
  const option: ChartOption = {
    ...base(chart, ctx),
    visualMap: {
      type: 'continuous', min: numbers.length ? Math.min(0, ...numbers) : 0, max: numbers.length ? Math.max(...numbers, 1) : 1,
      left: 8, bottom: 8, calculable: true, inRange: { color: [ctx.theme === 'dark' ? '#1d2b4f' : '#E8F3FF', palette[0]!] },
    },
    series: [series],
  };
  return { option, rowAt: (s, i) => (s === 0 ? (rows[i] ?? null) : null), needsChinaMap: true };
}

/** The option for any ECharts-drawn type; null for table, pivot and number card (drawn as HTML). */
export function buildOption(chart: DrawnChart, result: ChartResult, ctx: OptionContext): BuiltOption | null {
  switch (chart.type) {
    case 'line': case 'bar': case 'area': case 'combo': return cartesianOption(chart, result, ctx);
    case 'pie': return pieOption(chart, result, ctx);
    case 'funnel': return funnelOption(chart, result, ctx);
    case 'scatter': return scatterOption(chart, result, ctx);
    case 'gauge': return gaugeOption(chart, result, ctx);
    case 'map': return mapOption(chart, result, ctx);
    default: return null;
  }
}
