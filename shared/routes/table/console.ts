import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

/** Spec §2.4: operator pages are root only and never space-prefixed. */
const route = routeGroup('console', { layout: 'root', roles: ['root'], spaced: false });

export const CONSOLE_ROUTES: RouteEntry[] = [
  route('opNotice', 'root/opNotice', 'OpNoticePage', { status: 'built' }),
  route('offlineNotice', 'root/offlineNotice', 'OfflineNoticePage', { status: 'built' }),
  route('systemConfig', 'root/systemConfig', 'SystemConfigPage', { status: 'built' }),
  route('role', 'root/role', 'RootRolePage', { status: 'built' }),
  route('perManage', 'root/perMange', 'PermissionManagePage', { status: 'built' }),
  route('opLog', 'root/oplog', 'OpLogPage', { status: 'built' }),
  route('application', 'root/application', 'RootApplicationPage', { status: 'built' }),
  route('apiAccess', 'apiaccess', 'ApiAccessPage', { status: 'built' }),
  route('privateAccess', 'privateaccess', 'PrivateAccessPage', { status: 'built' }),
  route('smsService', 'sysop/smsservice', 'SmsServicePage', { status: 'built' }),
  route('smsSignature', 'sysop/smssignature', 'SmsSignaturePage', { status: 'built' }),
  route('smsPlatform', 'sysop/smsplatform', 'SmsPlatformPage', { status: 'built' }),
  route('miniProgram', 'sysop/miniprogram', 'MiniProgramPage', { status: 'built' }),
  route('financialShop', 'sysop/financialshop', 'FinancialShopPage', { status: 'built' }),
  route('financialShopEdit', 'sysop/financialshop/edit', 'FinancialShopEditPage', { status: 'built', inMenu: false }),
  route('financialChannel', 'sysop/financialchannel', 'FinancialChannelPage', { status: 'built' }),
  route('financialProduct', 'sysop/financialproduct', 'FinancialProductPage', { status: 'built' }),
  route('financialType', 'sysop/financialtype', 'FinancialTypePage', { status: 'built' }),
  route('financialBill', 'sysop/financialbill', 'FinancialBillPage', { status: 'built' }),
  route('saas', 'sysop/saas', 'SaasListPage', { status: 'built' }),
  route('addSaas', 'sysop/addSaas', 'SaasAddPage', { status: 'built' }),
  // Root's spaces' lifecycle (decision 0072): moved here from the org table, patterns unchanged.
  route('enterprises', 'sysop/enterprise', 'EnterpriseListPage', { status: 'built' }),
  route('enterpriseAdd', 'sysop/enterprise/add', 'EnterpriseAddPage', { inMenu: false, status: 'built' }),
  route('enterpriseEdit', 'sysop/enterprise/edit', 'EnterpriseEditPage', { inMenu: false, status: 'built' }),
  route('enterpriseSpace', 'sysop/enterprise/space', 'EnterpriseSpacePage', { inMenu: false, status: 'built' }),
  route('interfaceWatch', 'sysop/interFaceWatch', 'InterfaceWatchPage', { status: 'built' }),
  // The kernel's job queue across spaces (decision 0095): outside §2.4's list, beside the other watch of the platform.
  route('jobs', 'sysop/jobs', 'JobsPage', { status: 'built' }),
  route('configurePoint', 'sysop/configurePoint', 'ConfigurePointPage', { status: 'built' }),
  route('buryingAnalysis', 'sysop/buryingAnalysis', 'BuryingAnalysisPage', { status: 'built' }),
  route('interfaceAnalysis', 'sysop/interFaceAnalysis', 'InterfaceAnalysisPage', { status: 'built' }),
  route('watchDetail', 'sysop/watchDetail', 'WatchDetailPage', { status: 'built' }),
  route('helperCenter', 'sysop/helperCenter', 'HelperCenterPage', { status: 'built' }),
  route('helperDetail', 'sysop/helperDetail', 'HelperDetailPage', { status: 'built', inMenu: false }),
  route('users', 'sysop/user', 'UserListPage', { status: 'built' }),
  route('userEdit', 'sysop/user/edit', 'UserEditPage', { status: 'built', inMenu: false }),
  route('apkConfig', 'sysop/apkconfig', 'ApkConfigPage', { status: 'built' }),
  route('officialVersionApp', 'paasConsole/officialVersionApp', 'OfficialVersionAppPage', { status: 'built' }),
  route('experienceVersionApp', 'paasConsole/experienceVersionApp', 'ExperienceVersionAppPage', { status: 'built' }),
  route('storeBanner', 'appstore/setupbanner', 'StoreBannerPage', { status: 'built' }),
];
