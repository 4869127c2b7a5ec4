import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MICRO_APPS } from '../apps.ts';
import { ROLES } from '../roles.ts';
import { parsePattern } from './match.ts';
import { ROUTES } from './table.ts';
import type { RouteEntry } from './types.ts';

const words = (text: string) => text.trim().split(/\s+/);

/** The pages of spec §2, as this table reads them (see the comments in table/*.ts for the readings). */
const SPEC = {
  data: words(`etl etl/datasource etl/datasource/dataExplorer etl/taskDesign etl/taskflow etl/taskJob etl/taskflow/job
    dam dataAsset/management dataAsset/management/category etl/dataGovernance/technicalmetadata/consanguinityanalysis
    damportal etl/dataExchange esb esb/config/!/{cid}`),
  rules: words(`rulesengine rulesengine/create/base rulesengine/create/starttype rulesengine/create/startrules
    rulesengine/create/resulttype rulesengine/create/resultrules rulesengine/create/end console/tmp/rulesengine
    ruledesigner ruledesigner/designer/{id}/{systemId}/{releaseId?} saasconsole/system/addrule qlangRuleDesignerList
    qlangRuleDesigner`),
  // Decision 0095 adds a page outside §2.4's list: sysop/jobs, the kernel's job queue across spaces.
  root: words(`root/opNotice root/offlineNotice root/systemConfig root/role root/perMange root/oplog root/application
    apiaccess privateaccess sysop/smsservice sysop/smssignature sysop/smsplatform sysop/miniprogram sysop/financialshop
    sysop/financialshop/edit sysop/financialchannel sysop/financialproduct sysop/financialtype sysop/financialbill
    sysop/saas sysop/addSaas sysop/interFaceWatch sysop/configurePoint sysop/buryingAnalysis sysop/interFaceAnalysis
    sysop/watchDetail sysop/helperCenter sysop/helperDetail sysop/user sysop/user/edit sysop/apkconfig
    paasConsole/officialVersionApp paasConsole/experienceVersionApp appstore/setupbanner
    sysop/enterprise sysop/enterprise/add sysop/enterprise/edit sysop/enterprise/space sysop/jobs`),
  shared: words(`news/list news/show qpaas/helpCenter developercenter elec/module entRegist solutions/IntelligentPlant
    home/modifyPassword home/user setting/center preview`),
  // Decision 0095 adds an enterprise console page outside §2.6's list: console/jobs, the space's scheduled jobs.
  enterprise: words(`sysop/structure sysop/roleManage sysop/enterUserRegist devicelist deviceTwin pointParse video
    eventEngine videoAnalysis ota manageConfiguration cardManage deviceManage areamanage arearealdata alarmmanage
    historyPosition infoCenter iotPlugin newWebEntry webConfigEntry/{id} appEntry infoSetting baseConfig logo watermark
    themeColor workTime emailTemplateConfig shareData supplier webchatConfig aisetting permissionmanage
    organization/usercontactinfo organization/contacts enterprise/emailTemplateConfigEdit enterprise/roleManage
    saasconsole/AccountSecurity saasconsole/PasswordSecurity companyinfo companyinfo/newuser companyinfo/systemDetails
    companyinfo/activeuser console/infoSetting console/stylesheet console/elementManage console/privatization
    console/systemDataManagement console/orgManage console/postManage/{id?} console/roleGroup console/webEntry
    console/newWebEntry console/appEntry console/webConfigEntry/{id} console/systemManagement console/consolePermission
    console/releaseManage element/orgManage element/postManage/{id?} element/roleGroup element/setting/{page}
    securityaudit/management
    sysop/setting saasconsole systemmanagement devmanagement languagesetting applanguagesetting enterpriseoverview
    extension system/dev system/portal system/push system/manage summarize summarize/customerDetails
    summarize/productDetails sysop/workSheet sysop/TripartiteAccess/IdentificationResolution sysop/memberAdmin
    sysop/security/audit sysop/safety/audit sysop/entCompanyinfo entToJurisdiction toBeSupplier toJurisdiction
    toLanguage application saas/saasNotice saas/addSaasNotice sysop/resourceManagement sysop/serviceManagement
    saasconsole/roleGroup saasconsole/appConfig console/jobs`),
  user: words(`user/workbench/{id?} user/messagecenter user/subscribeManage qpaasArchitecture appcenter
    appcenter/appsystem/{appId} appstore appstore/myapps appstore/upload appstore/history appstore/audit
    ai/condtionAnalysis qChat form {app}/detail/{form?} app/!/{module?}/{appId} file/app/!/{module?}/{appId}
    appconfig/sysbutton/{module}/{appId} appconfig/appagent app/monitor ratioview/config/{module}/{appId}
    customview/config/{module}/{appId} app/edit/cascadesview app/edit/cascadesviewv2 apprecycle/{appId}/{module}
    dataview/screen dataview/screenmanager dataview/designer dataview/combineDesigner dataview/viewer dataview/search
    dashboard form/app/setting/!/{appType}/{appId}/{version}/{tableId} open/bee watermark/preview app/usage/survey
    recycleDatas datacenter/table/list/{table} designer-preview/{spaceId}/{module}/{appId}/{tableId}/{version}
    view-preview/{module}/{appId}/{terminal?} app/qrcode app/config console/tmp/qrcode console/tmp/datacenter
    console/tmp/datacenter/monitoring console/tmp/workflow/monitoring console/tmp/appcenter console/tmp/dashboard
    console/tmp/store/permissionmanage console/tmp/appstore/audit console/tmp/ruledesigner console/tmp/modulePermission
    console/tmp/modelAnalysisPermission`),
  frame: words('home/login home/invitation/{token} home/forgotPassword maintenance nopermission notfound'),
  // The mobile terminal's phone pages under `/m/` (decision 0064), outside §2's list.
  // The forms pages among them (renderer/apps/forms/mobile): apps, a form's records, a record, create/edit.
  mobile: words(`m/login m/home m/todo m/messages m/me
    m/apps m/app/{appId}/{formId} m/app/{appId}/{formId}/{recordId} m/app/{appId}/{formId}/edit/{recordId?}`),
};

const byPattern = new Map(ROUTES.map((route) => [route.pattern, route]));
function entries(patterns: readonly string[]): RouteEntry[] {
  return patterns.map((pattern) => {
    const route = byPattern.get(pattern);
    if (!route) throw new Error(`no route for spec page "${pattern}"`);
    return route;
  });
}
const readJson = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../i18n/${lang}/routes.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('route table', () => {
  it('has an entry for every page of spec §2 and nothing else', () => {
    const all = Object.values(SPEC).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(entries(all)).toHaveLength(all.length);
    expect(ROUTES.map((route) => route.pattern).sort()).toEqual([...all].sort());
  });

  it('has unique ids of the form <app>.<name>, matching title key and page module', () => {
    const ids = ROUTES.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of ROUTES) {
      expect(route.id).toMatch(new RegExp(`^${route.app}\\.[a-z][A-Za-z0-9]*$`));
      expect(route.title).toBe(`routes.${route.id}`);
      expect(route.page).toMatch(/^[a-z]+\/[A-Z][A-Za-z0-9]*$/);
      expect(MICRO_APPS).toContain(route.page.split('/')[0]);
    }
    // A route served by another app's page names that app's chunk (decision 0091); each such route is deliberate.
    const elsewhere = ROUTES.filter((route) => !route.page.startsWith(`${route.app}/`)).map((route) => `${route.id} ${route.page}`);
    expect(elsewhere).toEqual(['forms.ratioView dashboards/RatioViewConfigPage', 'forms.recycle appcenter/AppRecyclePage', 'forms.viewPreview portal/ViewPreviewPage']);
  });

  it('uses only known micro-apps, roles, layouts and statuses', () => {
    for (const route of ROUTES) {
      expect(MICRO_APPS).toContain(route.app);
      for (const role of route.roles) expect(ROLES).toContain(role);
      expect(new Set(route.roles).size).toBe(route.roles.length);
      expect(['index', 'root', 'customer', 'access', 'mobile']).toContain(route.layout);
      expect(['built', 'planned']).toContain(route.status);
    }
  });

  it('has a Chinese and an English title for every entry, and no extra keys', () => {
    const keys = ROUTES.map((route) => route.title).sort();
    for (const lang of ['zh-CN', 'en']) {
      const dict = readJson(lang);
      expect(Object.keys(dict).sort()).toEqual(keys);
      for (const value of Object.values(dict)) expect(typeof value === 'string' && value.trim() !== '').toBe(true);
    }
    const zh = readJson('zh-CN');
    expect(keys.filter((key) => /[\u4e00-\u9fff]/.test(String(zh[key]))).length).toBe(keys.length);
  });

  it('has well-formed patterns: no leading or trailing slash, params {name} or {name?}, names unique', () => {
    for (const route of ROUTES) {
      expect(route.pattern).not.toMatch(/^\/|\/$|\/\//);
      for (const segment of route.pattern.split('/')) {
        expect(segment).toMatch(/^(\{[A-Za-z][A-Za-z0-9]*\??\}|[A-Za-z0-9!_-]+)$/);
      }
      const names = [...route.pattern.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1]);
      expect(new Set(names).size).toBe(names.length);
      expect(() => parsePattern(route.pattern)).not.toThrow();
    }
  });

  it('has no two entries with the same normalised shape (case folded, params anonymous, optionals expanded)', () => {
    const seen = new Map<string, string>();
    for (const route of ROUTES) {
      let shapes = [''];
      for (const segment of parsePattern(route.pattern)) {
        const token = segment.kind === 'literal' ? segment.lower : '{}';
        const withIt = shapes.map((shape) => `${shape}/${token}`);
        shapes = segment.kind === 'param' && segment.optional ? [...withIt, ...shapes] : withIt;
      }
      for (const shape of shapes) {
        expect(seen.get(shape), `${route.id} and ${seen.get(shape)} share ${shape}`).toBeUndefined();
        seen.set(shape, route.id);
      }
    }
  });
});

describe('spec §2 roles and flags', () => {
  it('§2.4: root pages are root only, root layout, never space-prefixed; no other page is unspaced', () => {
    for (const route of entries(SPEC.root)) {
      expect(route).toMatchObject({ roles: ['root'], spaced: false, layout: 'root', app: 'console' });
    }
    const unspaced = ROUTES.filter((route) => !route.spaced).map((route) => route.pattern);
    expect(unspaced.sort()).toEqual([...SPEC.root].sort());
    expect(ROUTES.filter((route) => route.layout === 'root')).toHaveLength(SPEC.root.length);
  });

  it('§2.2: every data and integration page is open to admin; ETL task and gateway pages to admin only', () => {
    for (const route of entries(SPEC.data)) expect(route.roles).toContain('admin');
    const adminOnly = words('etl etl/taskDesign etl/taskflow etl/taskJob etl/taskflow/job esb esb/config/!/{cid}');
    for (const route of entries(adminOnly)) expect(route.roles).toEqual(['admin']);
    expect(entries(SPEC.data).filter((route) => route.roles.includes('saas')).length).toBeGreaterThan(0);
    for (const route of entries(SPEC.data)) expect(['etl', 'gateway']).toContain(route.app);
  });

  it('§2.3: rulesengine is for admin and user', () => {
    expect(entries(['rulesengine'])[0]!.roles).toEqual(['admin', 'user']);
  });

  it('§2.6: enterprise pages are sandboxed with the section roles unless narrowed', () => {
    for (const route of entries(SPEC.enterprise)) {
      expect(route.sandbox).toBe(true);
      expect(route.layout).toBe('customer');
      expect(route.roles.length).toBeGreaterThan(0);
      for (const role of route.roles) expect(['saas', 'admin', 'user', 'safe', 'audit']).toContain(role);
    }
    expect(entries(['permissionmanage'])[0]!.roles).toEqual(['admin']);
    expect(entries(['securityaudit/management'])[0]!.roles).toEqual(['safe']);
    for (const route of entries(SPEC.enterprise.filter((p) => p.startsWith('console/')))) {
      expect(route).toMatchObject({ roles: ['admin'], belong: 'console' });
    }
    expect(entries(['devicelist'])[0]!.app).toBe('iot');
    expect(entries(['sysop/structure'])[0]!.roles).toEqual(['saas', 'admin', 'user', 'safe', 'audit']);
  });

  it('§6: news, developer centre, entRegist and preview are public with no roles; other shared pages are not', () => {
    const open = words('news/list news/show developercenter entRegist preview');
    for (const route of entries(open)) expect(route).toMatchObject({ public: true, roles: [] });
    const shared = SPEC.shared.filter((pattern) => !open.includes(pattern));
    for (const route of entries(shared)) expect(route.public).toBeFalsy();
    const publicPatterns = ROUTES.filter((route) => route.public).map((route) => route.pattern);
    expect(publicPatterns.sort()).toEqual([...open, 'home/login', 'home/invitation/{token}', 'home/forgotPassword', 'maintenance', 'notfound', 'm/login'].sort());
  });

  it('§6: usage survey and console pages are admin only; new-window pages are flagged', () => {
    expect(entries(['app/usage/survey'])[0]!.roles).toEqual(['admin']);
    // Workflow monitoring is opened by process managers too (plain members named by a flow), offered in menus to admins only.
    for (const route of entries(SPEC.user.filter((p) => p.startsWith('console/tmp/') && p !== 'console/tmp/workflow/monitoring'))) {
      expect(route.roles).toEqual(['admin']);
    }
    expect(entries(['console/tmp/workflow/monitoring'])[0]).toMatchObject({ roles: ['admin', 'user'], menuRoles: ['admin'] });
    const newWindow = words(`dataview/designer dataview/combineDesigner dataview/viewer
      designer-preview/{spaceId}/{module}/{appId}/{tableId}/{version} view-preview/{module}/{appId}/{terminal?}`);
    for (const route of entries(newWindow)) expect(route.newWindow).toBe(true);
  });

  it('frame pages belong to the shell; login uses the access layout', () => {
    for (const route of entries(SPEC.frame)) expect(route.app).toBe('shell');
    expect(entries(['home/login'])[0]).toMatchObject({ layout: 'access', public: true });
    expect(entries(['nopermission'])[0]!.public).toBeFalsy();
  });
});
