import type { RouteEntry } from '../types.ts';
import { CONSOLE, ENTERPRISE_ROLES, routeGroup } from './define.ts';

const route = routeGroup('appcenter');

/**
 * Application centre and app store (spec §2.7). "/appstore, myapps, upload, history, audit" is read as sub-pages of
 * appstore: the console twin `console/tmp/appstore/audit` names the same path.
 */
export const APPCENTER_ROUTES: RouteEntry[] = [
  // Space members only (permission appcenter.read): the platform operator has no apps of their own.
  route('home', 'appcenter', 'AppCenterPage', { roles: [...ENTERPRISE_ROLES], status: 'built' }),
  route('system', 'appcenter/appsystem/{appId}', 'AppSystemPage', { roles: [...ENTERPRISE_ROLES], status: 'built' }),
  route('store', 'appstore', 'AppStorePage', { roles: ['admin'], status: 'built' }),
  route('myApps', 'appstore/myapps', 'MyAppsPage', { roles: ['admin'], status: 'built' }),
  route('upload', 'appstore/upload', 'AppUploadPage', { roles: ['admin'], status: 'built' }),
  // The export history of §2.8 and §4 (the issue names it `history`): the last 3 days, latest per application.
  route('history', 'appstore/history', 'AppHistoryPage', { roles: [...ENTERPRISE_ROLES], status: 'built' }),
  route('audit', 'appstore/audit', 'AppAuditPage', { roles: ['admin'], status: 'built' }),
  route('usageSurvey', 'app/usage/survey', 'UsageSurveyPage', { roles: ['admin'] }),
  route('consoleAppCenter', 'console/tmp/appcenter', 'AppCenterPage', CONSOLE),
  route('consoleStorePermission', 'console/tmp/store/permissionmanage', 'StorePermissionPage', CONSOLE),
  route('consoleStoreAudit', 'console/tmp/appstore/audit', 'AppAuditPage', { ...CONSOLE, status: 'built' }),
];
