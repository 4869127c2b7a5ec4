import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('portal');

/** Workbench (§2.7) and the shared information pages of §2.5; §6 opens news and developer centre to guests. */
export const PORTAL_ROUTES: RouteEntry[] = [
  route('workbench', 'user/workbench/{id?}', 'WorkbenchPage', { status: 'built' }),
  route('architecture', 'qpaasArchitecture', 'ArchitecturePage', { system: 'qpaas' }),
  route('newsList', 'news/list', 'NewsListPage', { public: true }),
  route('newsShow', 'news/show', 'NewsShowPage', { public: true }),
  route('helpCenter', 'qpaas/helpCenter', 'HelpCenterPage', { system: 'qpaas' }),
  route('developerCenter', 'developercenter', 'DeveloperCenterPage', { public: true }),
  route('elecModule', 'elec/module', 'ElecModulePage'),
  route('intelligentPlant', 'solutions/IntelligentPlant', 'IntelligentPlantPage'),
  route('openBee', 'open/bee', 'OpenBeePage'),
];
