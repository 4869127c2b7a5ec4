import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes/table.ts';
import { APP_MODULES } from './index.ts';

describe('built routes', () => {
  it('every route marked built has its page exported by its micro-app chunk', async () => {
    const built = ROUTES.filter((r) => r.status === 'built');
    expect(built.map((r) => r.id).sort()).toEqual(
      ['account.modifyPassword', 'account.profile', 'account.settings', 'account.systemDev', 'account.devManagement', 'account.developerCenter', 'chat.qchat', 'appcenter.history', 'appcenter.home', 'appcenter.system', 'console.opLog', 'forms.appConfig', 'forms.appView', 'forms.cascadesView', 'forms.customView', 'forms.ratioView', 'dashboards.combineDesigner', 'dashboards.dashboard', 'dashboards.consoleDashboard', 'dashboards.screen', 'dashboards.screenManager', 'dashboards.designer', 'dashboards.viewer', 'dashboards.search', 'forms.designerPreview', 'forms.detail', 'forms.consoleDataCenter', 'forms.consoleDataMonitoring', 'forms.dataTable', 'forms.mobileApps', 'forms.mobileDetail', 'forms.mobileEdit', 'forms.mobileList', 'forms.monitor', 'forms.qrcode', 'forms.recycle', 'forms.recycleData', 'forms.tableSetting', 'forms.viewPreview', 'iot.areaRealData', 'messages.center', 'messages.subscriptions', 'messages.systemPush', 'org.aiSetting', 'org.permissionManage', 'org.consolePermission', 'org.shareData', 'org.appLanguageSetting', 'org.baseConfig', 'org.companyInfo', 'org.companySystemDetails', 'org.enterpriseOverview', 'org.enterUserRegist', 'org.entRegist', 'org.languageSetting', 'org.logo', 'org.companyActiveUser', 'org.companyNewUser', 'org.memberAdmin', 'org.consoleInfoSetting', 'org.consoleElementManage', 'org.elementSetting', 'org.extension', 'org.consoleOrgManage', 'org.consoleRoleGroup', 'org.elementRoleGroup', 'org.enterpriseRoleManage', 'org.roleManage', 'org.securityAudit', 'org.consolePostManage', 'org.consoleStylesheet', 'org.contacts', 'org.emailTemplateConfig', 'org.emailTemplateEdit', 'org.elementOrgManage', 'org.elementPostManage', 'org.infoSetting', 'org.safetyAudit', 'org.securityAuditLog', 'org.structure', 'org.userContactInfo', 'org.themeColor', 'org.watermark', 'org.watermarkPreview', 'org.webchatConfig', 'org.workTime', 'org.newWebEntry', 'org.webConfigEntry', 'org.appEntry', 'org.consoleWebEntry', 'org.consoleNewWebEntry', 'org.consoleAppEntry', 'org.consoleWebConfigEntry', 'portal.helpCenter', 'portal.manage', 'portal.newsList', 'portal.newsShow', 'portal.workbench', 'shell.forgotPassword', 'shell.invitation', 'shell.login', 'shell.maintenance', 'shell.noPermission', 'shell.notFound', 'workflow.appAgent', 'workflow.consoleMonitoring', 'workflow.todoCenter', 'shell.mobileLogin', 'portal.mobileHome', 'workflow.mobileTodo', 'messages.mobileCenter', 'account.mobileMe'].sort(),
    );
    for (const route of built) {
      const load = APP_MODULES[route.app];
      expect(load, route.app).toBeTypeOf('function');
      const module = await load!();
      expect(module.pages[route.page.split('/')[1]!], route.page).toBeTypeOf('function');
    }
  }, 60_000); // transforms every app chunk: seconds on a loaded 2-core machine, not a speed claim
});
