import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

/** Spec §2.4: operator pages are root only and never space-prefixed. */
const route = routeGroup('console', { layout: 'root', roles: ['root'], spaced: false });

export const CONSOLE_ROUTES: RouteEntry[] = [
  route('opNotice', 'root/opNotice', 'OpNoticePage'),
  route('offlineNotice', 'root/offlineNotice', 'OfflineNoticePage'),
  route('systemConfig', 'root/systemConfig', 'SystemConfigPage'),
  route('role', 'root/role', 'RootRolePage'),
  route('perManage', 'root/perMange', 'PermissionManagePage'),
  route('opLog', 'root/oplog', 'OpLogPage', { status: 'built' }),
  route('application', 'root/application', 'RootApplicationPage'),
  route('apiAccess', 'apiaccess', 'ApiAccessPage'),
  route('privateAccess', 'privateaccess', 'PrivateAccessPage'),
  route('smsService', 'sysop/smsservice', 'SmsServicePage'),
  route('smsSignature', 'sysop/smssignature', 'SmsSignaturePage'),
  route('smsPlatform', 'sysop/smsplatform', 'SmsPlatformPage'),
  route('miniProgram', 'sysop/miniprogram', 'MiniProgramPage'),
  route('financialShop', 'sysop/financialshop', 'FinancialShopPage'),
  route('financialShopEdit', 'sysop/financialshop/edit', 'FinancialShopEditPage'),
  route('financialChannel', 'sysop/financialchannel', 'FinancialChannelPage'),
  route('financialProduct', 'sysop/financialproduct', 'FinancialProductPage'),
  route('financialType', 'sysop/financialtype', 'FinancialTypePage'),
  route('financialBill', 'sysop/financialbill', 'FinancialBillPage'),
  route('saas', 'sysop/saas', 'SaasListPage'),
  route('addSaas', 'sysop/addSaas', 'SaasAddPage'),
  route('interfaceWatch', 'sysop/interFaceWatch', 'InterfaceWatchPage'),
  route('configurePoint', 'sysop/configurePoint', 'ConfigurePointPage'),
  route('buryingAnalysis', 'sysop/buryingAnalysis', 'BuryingAnalysisPage'),
  route('interfaceAnalysis', 'sysop/interFaceAnalysis', 'InterfaceAnalysisPage'),
  route('watchDetail', 'sysop/watchDetail', 'WatchDetailPage'),
  route('helperCenter', 'sysop/helperCenter', 'HelperCenterPage'),
  route('helperDetail', 'sysop/helperDetail', 'HelperDetailPage'),
  route('users', 'sysop/user', 'UserListPage'),
  route('userEdit', 'sysop/user/edit', 'UserEditPage'),
  route('apkConfig', 'sysop/apkconfig', 'ApkConfigPage'),
  route('officialVersionApp', 'paasConsole/officialVersionApp', 'OfficialVersionAppPage'),
  route('experienceVersionApp', 'paasConsole/experienceVersionApp', 'ExperienceVersionAppPage'),
  route('storeBanner', 'appstore/setupbanner', 'StoreBannerPage'),
];
