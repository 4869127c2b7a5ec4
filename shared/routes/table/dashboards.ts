import type { RouteEntry } from '../types.ts';
import { CONSOLE, routeGroup } from './define.ts';

const route = routeGroup('dashboards');

/** Data screens, dashboards and analysis (spec §2.7); screen viewer and designers always open a new window. */
export const DASHBOARDS_ROUTES: RouteEntry[] = [
  route('opinionAnalysis', 'ai/condtionAnalysis', 'OpinionAnalysisPage'),
  route('screen', 'dataview/screen', 'ScreenPage'),
  route('screenManager', 'dataview/screenmanager', 'ScreenManagerPage'),
  route('designer', 'dataview/designer', 'ScreenDesignerPage', { newWindow: true }),
  route('combineDesigner', 'dataview/combineDesigner', 'CombineDesignerPage', { newWindow: true }),
  route('viewer', 'dataview/viewer', 'ScreenViewerPage', { newWindow: true }),
  route('search', 'dataview/search', 'ScreenSearchPage'),
  route('dashboard', 'dashboard', 'DashboardPage'),
  route('consoleDashboard', 'console/tmp/dashboard', 'DashboardPage', CONSOLE),
  route('consoleModelPermission', 'console/tmp/modelAnalysisPermission', 'ModelPermissionPage', CONSOLE),
];
