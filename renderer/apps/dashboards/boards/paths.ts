import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { pathTo, queryOne, VALID_ID } from '../../../shell/paths.ts';

/**
 * The board pages' addresses by route id (shared/routes/table/dashboards.ts), in the space the user is looking at.
 * The designer, the combined chart designer and the viewer are `newWindow` routes: a plain link to them opens a
 * window through the shell's link rules.
 */
export const dashboardPath = (match: RouteMatch, id?: string) => pathTo(match, dashboardRouteOf(match), {}, id ? { id } : undefined);
export const screenViewerPath = (match: RouteMatch, id: string) => pathTo(match, 'dashboards.viewer', {}, { id });
export const screenDesignerPath = (match: RouteMatch, id: string) => pathTo(match, 'dashboards.designer', {}, { id });
export const screenListPath = (match: RouteMatch) => pathTo(match, 'dashboards.screen');
export const screenManagerPath = (match: RouteMatch) => pathTo(match, 'dashboards.screenManager');
/** The chart designer (the charts half): `?id=` edits a chart, `?form=&app=` starts one over a form. */
export const chartDesignerPath = (match: RouteMatch, id: string) => pathTo(match, 'dashboards.combineDesigner', {}, { id });
export const newChartPath = (match: RouteMatch) => pathTo(match, 'dashboards.combineDesigner');

/** The console's address (`console/tmp/dashboard`) keeps its own layout: an open board stays under it. */
const dashboardRouteOf = (match: RouteMatch) => (match.route.id === 'dashboards.consoleDashboard' ? 'dashboards.consoleDashboard' : 'dashboards.dashboard');

/** The `?id=` of the page, when it is a well-formed id. */
export function idOf(match: RouteMatch): string {
  const id = queryOne(match, 'id');
  return VALID_ID.test(id) ? id : '';
}
