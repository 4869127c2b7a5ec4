import type { RouteEntry } from '../types.ts';
import { ENTERPRISE_ROLES, routeGroup } from './define.ts';

/** IoT device pages sit in spec §2.6: enterprise roles, customer frame, sandbox. */
const route = routeGroup('iot', { layout: 'customer', roles: [...ENTERPRISE_ROLES], sandbox: true });

export const IOT_ROUTES: RouteEntry[] = [
  route('deviceList', 'devicelist', 'DeviceListPage'),
  route('deviceTwin', 'deviceTwin', 'DeviceTwinPage'),
  route('pointParse', 'pointParse', 'PointParsePage'),
  route('video', 'video', 'VideoPage'),
  route('eventEngine', 'eventEngine', 'EventEnginePage'),
  route('videoAnalysis', 'videoAnalysis', 'VideoAnalysisPage'),
  route('ota', 'ota', 'OtaPage'),
  route('manageConfiguration', 'manageConfiguration', 'ManageConfigurationPage'),
  route('cardManage', 'cardManage', 'CardManagePage'),
  route('deviceManage', 'deviceManage', 'DeviceManagePage'),
  route('areaManage', 'areamanage', 'AreaManagePage'),
  route('areaRealData', 'arearealdata', 'AreaRealDataPage', { status: 'built' }),
  route('alarmManage', 'alarmmanage', 'AlarmManagePage'),
  route('historyPosition', 'historyPosition', 'HistoryPositionPage'),
  route('infoCenter', 'infoCenter', 'InfoCenterPage'),
  route('plugins', 'iotPlugin', 'IotPluginPage'),
];
