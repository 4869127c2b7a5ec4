import type { RouteEntry } from '../types.ts';
import { CONSOLE, routeGroup } from './define.ts';

const route = routeGroup('forms');

/** Form, record and view pages of spec §2.7, plus the shared `preview` page of §2.5 (public per §6). */
export const FORMS_ROUTES: RouteEntry[] = [
  route('form', 'form', 'FormPage'),
  route('detail', '{app}/detail/{form?}', 'FormDetailPage'),
  route('appView', 'app/!/{module?}/{appId}', 'AppViewPage'),
  route('fileAppView', 'file/app/!/{module?}/{appId}', 'FileAppViewPage'),
  route('sysButton', 'appconfig/sysbutton/{module}/{appId}', 'SysButtonConfigPage'),
  route('monitor', 'app/monitor', 'AppMonitorPage'),
  route('ratioView', 'ratioview/config/{module}/{appId}', 'RatioViewConfigPage'),
  route('customView', 'customview/config/{module}/{appId}', 'CustomViewConfigPage'),
  route('cascadesView', 'app/edit/cascadesview', 'CascadesViewPage'),
  route('cascadesViewV2', 'app/edit/cascadesviewv2', 'CascadesViewV2Page'),
  route('recycle', 'apprecycle/{appId}/{module}', 'AppRecyclePage'),
  route('tableSetting', 'form/app/setting/!/{appType}/{appId}/{version}/{tableId}', 'TableSettingPage'),
  route('recycleData', 'recycleDatas', 'RecycleDataPage'),
  route('dataTable', 'datacenter/table/list/{table}', 'DataTablePage'),
  route('designerPreview', 'designer-preview/{spaceId}/{module}/{appId}/{tableId}/{version}', 'DesignerPreviewPage', {
    newWindow: true,
  }),
  route('viewPreview', 'view-preview/{module}/{appId}/{terminal?}', 'ViewPreviewPage', { newWindow: true }),
  route('qrcode', 'app/qrcode', 'QrcodePage', { newWindow: true }),
  route('appConfig', 'app/config', 'AppConfigPage'),
  route('preview', 'preview', 'PreviewPage', { public: true }),
  route('consoleQrcode', 'console/tmp/qrcode', 'QrcodePage', CONSOLE),
  route('consoleDataCenter', 'console/tmp/datacenter', 'DataCenterPage', CONSOLE),
  route('consoleDataMonitoring', 'console/tmp/datacenter/monitoring', 'DataMonitoringPage', CONSOLE),
  route('consoleModulePermission', 'console/tmp/modulePermission', 'ModulePermissionPage', CONSOLE),
];
