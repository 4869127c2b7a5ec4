import type { RouteEntry } from '../types.ts';
import { CONSOLE, routeGroup } from './define.ts';

const route = routeGroup('portal');

/** Workbench (§2.7) and the shared information pages of §2.5; §6 opens news and developer centre to guests. */
export const PORTAL_ROUTES: RouteEntry[] = [
  route('workbench', 'user/workbench/{id?}', 'WorkbenchPage', { status: 'built' }),
  // Portal management (decision 0061): the console's page, on the address §2.6 lists under the enterprise.
  route('manage', 'system/portal', 'PortalManagePage', { ...CONSOLE, sandbox: true, permission: 'portal.manage', status: 'built' }),
  // Outside the spec's list: the mobile terminal's home, the app (or `?terminal=applet`) portal (decision 0064).
  route('mobileHome', 'm/home', 'MobileHomePage', { layout: 'mobile', status: 'built', inMenu: false }),
  route('architecture', 'qpaasArchitecture', 'ArchitecturePage', { system: 'qpaas' }),
  route('newsList', 'news/list', 'NewsListPage', { public: true, status: 'built' }),
  route('newsShow', 'news/show', 'NewsShowPage', { public: true, status: 'built' }),
  route('helpCenter', 'qpaas/helpCenter', 'HelpCenterPage', { system: 'qpaas', status: 'built' }),
  route('elecModule', 'elec/module', 'ElecModulePage'),
  route('intelligentPlant', 'solutions/IntelligentPlant', 'IntelligentPlantPage'),
  route('openBee', 'open/bee', 'OpenBeePage'),
];
