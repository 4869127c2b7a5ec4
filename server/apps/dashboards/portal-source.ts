import type { ChartData } from '../../../shared/portal/data.ts';
import { fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { viewerOf } from './access.ts';
import { mustView } from './context.ts';
import { loading } from './data-routes.ts';
import type { ChartResults } from './results.ts';

/**
 * The portal's chart component (spec §3, decision 0060): the chart chosen in its config, read for the member opening
 * the portal — only if he may open that chart, and with his own record permissions, from the same per-viewer cache
 * as the dashboards. No chart chosen: `unavailable`. Saving a portal refuses a chart that is not in the space.
 */
export function registerChartSource(kernel: Kernel, results: ChartResults): void {
  kernel.portalSources.register(
    'chart',
    async (trx, principal, component): Promise<ChartData> => {
      if (component.type !== 'chart' || !component.config.chartId) return { type: 'chart', state: 'unavailable' };
      if (!/^[0-9]{1,18}$/.test(component.config.chartId)) throw fail.notFound('dashboards.chart.notFound');
      const viewer = await viewerOf(kernel, trx, principal);
      const chart = await mustView(trx, viewer, component.config.chartId);
      const result = await loading(() => results.of(trx, viewer, chart, null));
      const { id, name, type, options, tips, query } = chart;
      return { type: 'chart', state: 'ready', chart: { id, name, type, options, tips, query }, result };
    },
    async (trx, _principal, component, at) => {
      if (component.type !== 'chart' || component.config.chartId === null) return [];
      const id = component.config.chartId;
      // Any chart of the space will do: the portal's audience may differ from its manager, and each viewer's own
      // access decides what his copy of the component shows.
      const found = /^[0-9]{1,18}$/.test(id) && (await trx.selectFrom('dashboards_chart').select('id').where('id', '=', id).executeTakeFirst());
      return found ? [] : [{ path: `${at}.config.chartId`, key: 'dashboards.validation.chartMissing' }];
    },
  );
}
