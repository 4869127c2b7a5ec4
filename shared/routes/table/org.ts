import type { RouteEntry } from '../types.ts';
import { AUDIT_ROLES, CONSOLE, ENTERPRISE_ROLES, routeGroup, type RouteOptions } from './define.ts';

/** Spec §2.6: pages without a stricter rule get the section's role list, the customer frame and the sandbox flag. */
const route = routeGroup('org', { layout: 'customer', roles: [...ENTERPRISE_ROLES], sandbox: true });
const plain = routeGroup('org');
const admin: RouteOptions = { roles: ['admin'] };
const audit: RouteOptions = { roles: [...AUDIT_ROLES] };

/**
 * "sysop/structure, roleManage, enterUserRegist" is read like "saasconsole/AccountSecurity, PasswordSecurity": the
 * later names share the first one's prefix. The enterprise console pages live under `console/` so they do not
 * collide with the same-named bare pages.
 */
export const ORG_ROUTES: RouteEntry[] = [
  route('structure', 'sysop/structure', 'StructurePage', { status: 'built' }),
  route('roleManage', 'sysop/roleManage', 'RoleManagePage', { ...admin, status: 'built' }),
  route('enterUserRegist', 'sysop/enterUserRegist', 'EnterUserRegistPage', { roles: ['admin', 'safe', 'audit'], status: 'built' }),
  // Navigation (decision 0044): one list page per terminal and one editor, each on its bare and console address.
  // The editor is opened from the list (and needs an id to edit), so it is no menu entry.
  route('newWebEntry', 'newWebEntry', 'NavigationEditPage', { ...admin, permission: 'org.navigation.manage', status: 'built', inMenu: false }),
  route('webConfigEntry', 'webConfigEntry/{id}', 'NavigationEditPage', { ...admin, permission: 'org.navigation.manage', status: 'built', inMenu: false }),
  route('appEntry', 'appEntry', 'NavigationListPage', { ...admin, permission: 'org.navigation.manage', status: 'built' }),
  route('infoSetting', 'infoSetting', 'InfoSettingPage', { ...admin, permission: 'org.settings.manage', status: 'built' }),
  route('baseConfig', 'baseConfig', 'BaseConfigPage', { ...admin, permission: 'org.settings.manage', status: 'built' }),
  route('logo', 'logo', 'LogoPage', { ...admin, permission: 'org.settings.manage', status: 'built' }),
  route('watermark', 'watermark', 'WatermarkPage', { ...admin, permission: 'org.settings.manage', status: 'built' }),
  route('themeColor', 'themeColor', 'ThemeColorPage', { ...admin, permission: 'org.settings.manage', status: 'built' }),
  route('workTime', 'workTime', 'WorkTimePage', { ...admin, permission: 'org.settings.manage', status: 'built' }),
  route('emailTemplateConfig', 'emailTemplateConfig', 'EmailTemplateConfigPage', { ...admin, permission: 'org.mail.manage', status: 'built' }),
  route('shareData', 'shareData', 'ShareDataPage', { ...admin, status: 'built' }),
  route('supplier', 'supplier', 'SupplierPage'),
  route('webchatConfig', 'webchatConfig', 'WebchatConfigPage', { ...admin, permission: 'org.settings.manage', status: 'built' }),
  route('aiSetting', 'aisetting', 'AiSettingPage', { ...admin, status: 'built' }),
  // Console page delegation (decision 0045): one page on both addresses, offered once.
  route('permissionManage', 'permissionmanage', 'PermissionManagePage', { ...admin, status: 'built' }),
  // The address book on both addresses (decision 0038): one page, offered once in menus.
  route('userContactInfo', 'organization/usercontactinfo', 'ContactsPage', { status: 'built', inMenu: false }),
  route('contacts', 'organization/contacts', 'ContactsPage', { status: 'built' }),
  route('emailTemplateEdit', 'enterprise/emailTemplateConfigEdit', 'EmailTemplateEditPage', { ...admin, permission: 'org.mail.manage', status: 'built', inMenu: false }),
  route('enterpriseRoleManage', 'enterprise/roleManage', 'RoleManagePage', { ...admin, status: 'built', inMenu: false }),
  route('accountSecurity', 'saasconsole/AccountSecurity', 'AccountSecurityPage'),
  route('passwordSecurity', 'saasconsole/PasswordSecurity', 'PasswordSecurityPage'),
  route('companyInfo', 'companyinfo', 'EnterpriseOverviewPage', { roles: ['admin', 'safe', 'audit'], status: 'built', inMenu: false }),
  route('companyNewUser', 'companyinfo/newuser', 'MemberAdminPage', { roles: ['admin', 'safe', 'audit'], status: 'built' }),
  route('companySystemDetails', 'companyinfo/systemDetails', 'EnterpriseOverviewPage', { roles: ['admin', 'safe', 'audit'], status: 'built', inMenu: false }),
  route('companyActiveUser', 'companyinfo/activeuser', 'MemberAdminPage', { roles: ['admin', 'safe', 'audit'], status: 'built' }),
  route('consoleInfoSetting', 'console/infoSetting', 'InfoSettingPage', { ...CONSOLE, permission: 'org.settings.manage', status: 'built', inMenu: false }),
  // The console's stylesheet is the space's skin setting (themeColor): one page on both addresses, offered once.
  route('consoleStylesheet', 'console/stylesheet', 'ThemeColorPage', { ...CONSOLE, permission: 'org.settings.manage', status: 'built', inMenu: false }),
  // The hub of the organisation elements (decision 0048): cards with live counts leading to the pages below.
  route('consoleElementManage', 'console/elementManage', 'ElementManagePage', { ...CONSOLE, status: 'built' }),
  route('consolePrivatization', 'console/privatization', 'PrivatizationPage', CONSOLE),
  route('consoleSystemData', 'console/systemDataManagement', 'SystemDataManagementPage', CONSOLE),
  // The console's copy of element/orgManage: the same page, reachable by its address, offered once in menus.
  route('consoleOrgManage', 'console/orgManage', 'OrgManagePage', { ...CONSOLE, permission: 'org.structure.manage', status: 'built', inMenu: false }),
  route('consolePostManage', 'console/postManage/{id?}', 'PostManagePage', { ...CONSOLE, permission: 'org.structure.manage', status: 'built', inMenu: false }),
  route('consoleRoleGroup', 'console/roleGroup', 'RoleManagePage', { ...CONSOLE, status: 'built', inMenu: false }),
  // §2.6 names the web list only under console/ (no bare webEntry), so this copy is the one the menu offers.
  route('consoleWebEntry', 'console/webEntry', 'NavigationListPage', { ...CONSOLE, permission: 'org.navigation.manage', status: 'built' }),
  route('consoleNewWebEntry', 'console/newWebEntry', 'NavigationEditPage', { ...CONSOLE, permission: 'org.navigation.manage', status: 'built', inMenu: false }),
  route('consoleAppEntry', 'console/appEntry', 'NavigationListPage', { ...CONSOLE, permission: 'org.navigation.manage', status: 'built', inMenu: false }),
  route('consoleWebConfigEntry', 'console/webConfigEntry/{id}', 'NavigationEditPage', { ...CONSOLE, permission: 'org.navigation.manage', status: 'built', inMenu: false }),
  route('consoleSystemManagement', 'console/systemManagement', 'ConsoleSystemManagementPage', CONSOLE),
  route('consolePermission', 'console/consolePermission', 'PermissionManagePage', { ...CONSOLE, status: 'built', inMenu: false }),
  route('consoleReleaseManage', 'console/releaseManage', 'ReleaseManagePage', CONSOLE),
  // The space's schedules and open jobs of the kernel's queue (decision 0095): outside §2.6's list, admin only.
  route('consoleJobs', 'console/jobs', 'ScheduledJobsPage', { ...CONSOLE, status: 'built' }),
  route('elementOrgManage', 'element/orgManage', 'OrgManagePage', { ...admin, permission: 'org.structure.manage', status: 'built' }),
  route('elementPostManage', 'element/postManage/{id?}', 'PostManagePage', { ...admin, permission: 'org.structure.manage', status: 'built' }),
  route('elementRoleGroup', 'element/roleGroup', 'RoleManagePage', { ...admin, status: 'built', inMenu: false }),
  // {page}: member (self-edit fields), contacts (address-book card), extension (member fields); reached from the hub.
  route('elementSetting', 'element/setting/{page}', 'ElementSettingPage', { ...admin, status: 'built', inMenu: false }),
  route('securityAudit', 'securityaudit/management', 'SecurityAuditPage', { roles: ['safe'], status: 'built' }),
  route('sysopSetting', 'sysop/setting', 'SysopSettingPage'),
  route('saasConsole', 'saasconsole', 'SaasConsolePage', { roles: ['saas'], status: 'built' }),
  route('systemManagement', 'systemmanagement', 'SystemManagementPage', { roles: ['saas'], status: 'built' }),
  route('languageSetting', 'languagesetting', 'LanguageSettingPage', { ...admin, permission: 'org.language.manage', status: 'built' }),
  route('appLanguageSetting', 'applanguagesetting', 'LanguageSettingPage', { ...admin, permission: 'org.language.manage', status: 'built', inMenu: false }),
  route('enterpriseOverview', 'enterpriseoverview', 'EnterpriseOverviewPage', { roles: ['admin', 'safe', 'audit'], status: 'built' }),
  // The space's member extension fields (decision 0048); the same editor as element/setting/extension.
  route('extension', 'extension', 'ExtensionPage', { ...admin, status: 'built' }),
  route('systemManage', 'system/manage', 'SystemManagePage'),
  route('summarize', 'summarize', 'SummarizePage', { roles: ['saas'], status: 'built' }),
  route('customerDetails', 'summarize/customerDetails', 'CustomerDetailsPage', { roles: ['saas'], status: 'built', inMenu: false }),
  route('productDetails', 'summarize/productDetails', 'ProductDetailsPage', { roles: ['saas'], status: 'built' }),
  route('workSheet', 'sysop/workSheet', 'WorkSheetPage'),
  route('identificationResolution', 'sysop/TripartiteAccess/IdentificationResolution', 'IdResolutionPage'),
  route('memberAdmin', 'sysop/memberAdmin', 'MemberAdminPage', { roles: ['admin', 'safe', 'audit'], status: 'built' }),
  // Three-role separation: the operation log is the auditor's alone, narrower than §6's list for the
  // section (admin and safe are the audited). One page on both addresses, offered once.
  route('securityAuditLog', 'sysop/security/audit', 'AuditLogPage', { roles: ['audit'], status: 'built' }),
  route('safetyAudit', 'sysop/safety/audit', 'AuditLogPage', { roles: ['audit'], status: 'built', inMenu: false }),
  route('entCompanyInfo', 'sysop/entCompanyinfo', 'EntCompanyInfoPage'),
  route('entToJurisdiction', 'entToJurisdiction', 'EntToJurisdictionPage'),
  route('toBeSupplier', 'toBeSupplier', 'ToBeSupplierPage'),
  route('toJurisdiction', 'toJurisdiction', 'ToJurisdictionPage'),
  route('toLanguage', 'toLanguage', 'ToLanguagePage'),
  route('application', 'application', 'ApplicationPage'),
  route('saasNotice', 'saas/saasNotice', 'SaasNoticePage', { roles: ['saas'], status: 'built' }),
  route('saasNoticeAdd', 'saas/addSaasNotice', 'SaasNoticeAddPage', { roles: ['saas'], status: 'built', inMenu: false }),
  route('resourceManagement', 'sysop/resourceManagement', 'ResourceManagementPage', { ...audit, status: 'built' }),
  route('serviceManagement', 'sysop/serviceManagement', 'ServiceManagementPage', { ...audit, status: 'built' }),
  route('saasRoleGroup', 'saasconsole/roleGroup', 'SaasRoleGroupPage'),
  route('saasAppConfig', 'saasconsole/appConfig', 'SaasAppConfigPage', { roles: ['saas'], status: 'built' }),
  // Outside §2.6: enterprise registration is a public frame page (§2.5, §6); watermark preview is user-facing (§2.7).
  plain('entRegist', 'entRegist', 'EntRegistPage', { layout: 'access', public: true, status: 'built' }),
  // Opened from the watermark page with the look being edited in its address, so it is no menu entry.
  plain('watermarkPreview', 'watermark/preview', 'WatermarkPreviewPage', { status: 'built', inMenu: false }),
];
