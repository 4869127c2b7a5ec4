import type { RouteEntry } from '../types.ts';
import { CONSOLE, ENTERPRISE_ROLES, routeGroup } from './define.ts';

// Members of a space (the platform operator has none): the dashboards API answers the same roles.
const route = routeGroup('dashboards', { roles: [...ENTERPRISE_ROLES] });

/** Data screens, dashboards and analysis (spec §2.7); screen viewer and designers always open a new window. */
export const DASHBOARDS_ROUTES: RouteEntry[] = [
  route('opinionAnalysis', 'ai/condtionAnalysis', 'OpinionAnalysisPage'),
  route('screen', 'dataview/screen', 'ScreenPage', { status: 'built' }),
  route('screenManager', 'dataview/screenmanager', 'ScreenManagerPage', { status: 'built' }),
  // The screen designer and viewer need a screen (`?id=`): opened from the screens list, not the menu.
  route('designer', 'dataview/designer', 'ScreenDesignerPage', { newWindow: true, inMenu: false, status: 'built' }),
  route('combineDesigner', 'dataview/combineDesigner', 'CombineDesignerPage', { newWindow: true, status: 'built' }),
  route('viewer', 'dataview/viewer', 'ScreenViewerPage', { newWindow: true, inMenu: false, status: 'built' }),
  route('search', 'dataview/search', 'ScreenSearchPage', { status: 'built' }),
  route('dashboard', 'dashboard', 'DashboardPage', { status: 'built' }),
  route('consoleDashboard', 'console/tmp/dashboard', 'DashboardPage', { ...CONSOLE, status: 'built' }),
  route('consoleModelPermission', 'console/tmp/modelAnalysisPermission', 'ModelPermissionPage', CONSOLE),
];
