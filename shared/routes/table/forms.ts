import type { RouteEntry } from '../types.ts';
import { CONSOLE, ENTERPRISE_ROLES, routeGroup } from './define.ts';

const route = routeGroup('forms');

/** Form, record and view pages of spec §2.7, plus the shared `preview` page of §2.5 (public per §6). */
export const FORMS_ROUTES: RouteEntry[] = [
  route('detail', '{app}/detail/{form?}', 'FormDetailPage', { status: 'built' }),
  route('appView', 'app/!/{module?}/{appId}', 'AppViewPage', { status: 'built' }),
  route('fileAppView', 'file/app/!/{module?}/{appId}', 'FileAppViewPage'),
  route('sysButton', 'appconfig/sysbutton/{module}/{appId}', 'SysButtonConfigPage'),
  // A member granted monitoring on one form may open it by URL; menus offer it to admins, who choose the form.
  route('monitor', 'app/monitor', 'AppMonitorPage', { menuRoles: ['admin'], status: 'built' }),
  // Ratio views are charts: the dashboards app's page, loaded with its chunk.
  route('ratioView', 'ratioview/config/{module}/{appId}', 'dashboards/RatioViewConfigPage', { status: 'built' }),
  route('customView', 'customview/config/{module}/{appId}', 'CustomViewConfigPage', { status: 'built' }),
  // Opened from a form's views (it needs `formId`), so it is no menu entry.
  route('cascadesView', 'app/edit/cascadesview', 'CascadesViewPage', { inMenu: false, status: 'built' }),
  route('cascadesViewV2', 'app/edit/cascadesviewv2', 'CascadesViewV2Page'),
  // The app recycle bin of one application system: `{appId}` is read as the SYSTEM id whose deleted apps are
  // listed, and `{module}` must be the literal 'app' (the only kind of item this bin holds). The page is built by
  // the application centre (renderer/apps/appcenter/AppRecyclePage.tsx) and loaded with its chunk.
  route('recycle', 'apprecycle/{appId}/{module}', 'appcenter/AppRecyclePage', { status: 'built' }),
  route('tableSetting', 'form/app/setting/!/{appType}/{appId}/{version}/{tableId}', 'TableSettingPage', { status: 'built' }),
  route('recycleData', 'recycleDatas', 'RecycleDataPage', { roles: [...ENTERPRISE_ROLES], status: 'built' }),
  // The data centre's page of one table, `{table}` being the form id (decision 0068): opened from the data centre.
  route('dataTable', 'datacenter/table/list/{table}', 'DataTablePage', { ...CONSOLE, inMenu: false, status: 'built' }),
  route('designerPreview', 'designer-preview/{spaceId}/{module}/{appId}/{tableId}/{version}', 'DesignerPreviewPage', {
    newWindow: true,
    status: 'built',
  }),
  // Opened from portal management (module `portal`, decision 0061); other modules say there is nothing to preview.
  // The page is the portal app's, loaded with its chunk.
  route('viewPreview', 'view-preview/{module}/{appId}/{terminal?}', 'portal/ViewPreviewPage', { newWindow: true, inMenu: false, status: 'built' }),
  // Opened from a list's selected records, so it is no menu entry.
  route('qrcode', 'app/qrcode', 'QrcodePage', { newWindow: true, inMenu: false, status: 'built' }),
  // Record permission rules: administrators only (§6), as its page and API say.
  route('appConfig', 'app/config', 'AppConfigPage', { roles: ['admin'], permission: 'forms.design', status: 'built' }),
  route('preview', 'preview', 'PreviewPage', { public: true }),
  // The mobile terminal's phone pages (outside spec §2's list): the forms a member uses on the shop floor, in the mobile frame.
  // The phone's own tab bar leads to them, never the web menus.
  route('mobileApps', 'm/apps', 'MobileAppsPage', { layout: 'mobile', inMenu: false, status: 'built' }),
  route('mobileList', 'm/app/{appId}/{formId}', 'MobileListPage', { layout: 'mobile', inMenu: false, status: 'built' }),
  route('mobileDetail', 'm/app/{appId}/{formId}/{recordId}', 'MobileDetailPage', { layout: 'mobile', inMenu: false, status: 'built' }),
  route('mobileEdit', 'm/app/{appId}/{formId}/edit/{recordId?}', 'MobileEditPage', { layout: 'mobile', inMenu: false, status: 'built' }),
  route('consoleQrcode', 'console/tmp/qrcode', 'QrcodePage', CONSOLE),
  route('consoleDataCenter', 'console/tmp/datacenter', 'DataCenterPage', { ...CONSOLE, status: 'built' }),
  route('consoleDataMonitoring', 'console/tmp/datacenter/monitoring', 'DataMonitoringPage', { ...CONSOLE, status: 'built' }),
  route('consoleModulePermission', 'console/tmp/modulePermission', 'ModulePermissionPage', CONSOLE),
];
