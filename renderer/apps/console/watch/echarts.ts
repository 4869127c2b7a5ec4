import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * Tree-shaken ECharts for the watch pages (as renderer/apps/dashboards/chart/echarts-setup.ts does): only the
 * series and components drawn here. Reached only through the lazy WatchChart, so the console chunk stays small.
 */
echarts.use([BarChart, LineChart, FunnelChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export { echarts };
