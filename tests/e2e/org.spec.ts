import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TEST_DEMO_PASSWORD, signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let page: Page;

beforeAll(async () => {
  if (missing) return;
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
  page = await context.newPage();
  await page.goto('/home/login');
  await page.fill('input[name="loginId"]', 'acme.admin');
  await page.fill('input[name="password"]', TEST_DEMO_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL('**/user/workbench');
});

const byTestId = (id: string) => page.locator(`[data-testid="${id}"]:visible`);
const dept = (name: string) => page.locator(`.qp-page[data-active="true"] [data-testid="dept-${name}"]`);
/** Read back what the screens did (nothing is created through the API). */
const departments = async () => (await ok((await signedIn(platform.url, 'acme.admin')).get('/api/org/departments'))).departments as Array<{ id: string; name: string; parentId: string | null }>;
const parentOf = async (name: string) => {
  const all = await departments();
  const child = all.find((d) => d.name === name);
  return all.find((d) => d.id === child?.parentId)?.name ?? null;
};

async function chooseOption(select: string, text: string) {
  await byTestId(select).click();
  await page.locator('.arco-select-option:visible', { hasText: text }).first().click();
}

async function createDepartment(name: string, code: string) {
  await byTestId('department-name').fill(name);
  await byTestId('department-code').fill(code);
  await page.locator('.arco-modal:visible .arco-btn-primary').click();
  await dept(name).waitFor();
}

describe.skipIf(!!missing)('organisation structure in a real browser', () => {
  it('opens organisation management from the menu and builds departments: top level and a child', async () => {
    await byTestId('menu-item-org.elementOrgManage').click();
    await dept('生产部 Production').waitFor();
    await expectAccessible(page, 'organisation management');
    await page.locator('.qp-page[data-active="true"] .arco-card-header .arco-btn-primary').first().click();
    await createDepartment('包装部', 'PACK');
    await dept('包装部').click();
    await byTestId('department-panel').waitFor();
    await page.locator('[data-testid="department-panel"]:visible button', { hasText: '新建子部门' }).click();
    await createDepartment('一车间', 'WS1');
    expect(await parentOf('一车间')).toBe('包装部');
  });

  it('drags a department under another; a drop under its own descendant changes nothing', async () => {
    await dept('一车间').dragTo(dept('质量部 Quality'));
    await expect.poll(() => parentOf('一车间')).toBe('质量部 Quality');
    // The tree does not offer a drop under the department's own descendant (the server refuses it too: structure.int).
    await dept('质量部 Quality').dragTo(dept('一车间'));
    await page.waitForLoadState('networkidle');
    expect(await parentOf('质量部 Quality')).toBe(null);
    expect(await parentOf('一车间')).toBe('质量部 Quality');
  });

  it('adds a post to a department, and deleting the department moves its sub-departments and posts to the chosen one', async () => {
    await dept('质量部 Quality').click();
    await byTestId('post-add').click();
    await byTestId('post-name').fill('质检员');
    await byTestId('post-code').fill('QC');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await page.locator('[data-testid="post-table"]:visible', { hasText: '质检员' }).waitFor();
    await expectAccessible(page, 'department panel with a post');

    await page.locator('[data-testid="department-panel"]:visible button', { hasText: '删除' }).first().click();
    await chooseOption('transfer-target', '生产部 Production');
    await page.locator('.arco-modal:visible .arco-btn-status-danger').click();
    await expect.poll(async () => (await departments()).some((d) => d.name === '质量部 Quality')).toBe(false);
    expect(await parentOf('一车间')).toBe('生产部 Production');
  });

  it('lists every post on the post page, with its new department', async () => {
    await byTestId('menu-item-org.elementPostManage').click();
    await byTestId('post-manage').waitFor();
    const row = page.locator('[data-testid="post-table"]:visible tr', { hasText: '质检员' });
    await row.waitFor();
    expect(await row.innerText()).toContain('生产部 Production');
    await expectAccessible(page, 'post management');
  });

  it('the auditor, and only the auditor, finds the admin’s department changes in the operation log and exports them', async () => {
    expect(await page.locator('[data-testid="menu-item-org.securityAuditLog"]').count()).toBe(0);
    const auditor = await signInPage(browser, platform.url, 'acme.audit', { height: 900, acceptDownloads: true });
    await auditor.locator('[data-testid="menu-item-org.securityAuditLog"]:visible').click();
    await auditor.locator('[data-testid="audit-entries"]:visible').waitFor();
    await auditor.locator('input[data-testid="audit-action"]:visible').fill('org.department');
    await auditor.locator('[data-testid="audit-apply"]:visible').click();
    // The action reads in words; its id, which the filter takes, is the tooltip.
    const created = auditor.locator('[data-testid="audit-entries"]:visible tr', { hasText: '新建部门' });
    await created.first().waitFor();
    expect(await created.first().innerText()).toContain('acme.admin');
    expect(await created.first().innerText()).not.toContain('org.department.create');
    expect(await created.first().locator('[title="org.department.create"]').count()).toBe(1);
    expect(await auditor.locator('[data-testid="audit-entries"]:visible tbody tr:has([title="account.login"])').count()).toBe(0);
    await expectAccessible(auditor, 'operation log audit');
    const [download] = await Promise.all([auditor.waitForEvent('download'), auditor.locator('[data-testid="audit-export"]:visible').click()]);
    const saved = await download.path();
    expect(fs.readFileSync(saved!).subarray(0, 2).toString()).toBe('PK');
    await auditor.context().close();
  });

  it('sets the work time: Saturday as a working day, a shorter morning, a holiday; an overlap is refused with its reason', async () => {
    await byTestId('menu-item-org.workTime').click();
    await byTestId('work-time').waitFor();
    await byTestId('work-weekday-6').click();
    await byTestId('work-end-0').fill('11:30');
    await byTestId('work-start-1').fill('11:00');
    await byTestId('work-save').click();
    await byTestId('work-time-error').waitFor();
    expect(await byTestId('work-time-error').innerText()).toContain('11:00');
    await byTestId('work-start-1').fill('13:00');
    await byTestId('work-add-day').click();
    await byTestId('work-day-0').fill('2026-10-01');
    await byTestId('work-day-name-0').fill('国庆节');
    await expectAccessible(page, 'work time');
    await byTestId('work-save').click();
    await expect.poll(async () => (await ok((await signedIn(platform.url, 'acme.user')).get('/api/org/work-time'))).days).toEqual([{ day: '2026-10-01', kind: 'holiday', name: '国庆节' }]);
    await page.reload();
    await byTestId('work-time').waitFor();
    expect(await byTestId('work-end-0').inputValue()).toBe('11:30');
    expect(await byTestId('work-day-0').inputValue()).toBe('2026-10-01');
    expect(await page.locator('[data-testid="work-weekday-6"]:visible input').isChecked()).toBe(true);
  });

  it('creates a user group with a member on the organisation page, and sees it counted', async () => {
    await byTestId('menu-item-org.elementOrgManage').click();
    await page.locator('.qp-page[data-active="true"] [role="tab"]', { hasText: '用户组' }).click();
    await byTestId('group-add').click();
    await byTestId('group-name').fill('巡检组');
    await byTestId('group-members').click();
    await page.locator('.arco-select-option:visible', { hasText: 'acme.user' }).first().click();
    await byTestId('group-name').click(); // closes the member list
    await page.locator('.arco-select-popup').first().waitFor({ state: 'hidden' });
    await expectAccessible(page, 'user group editor');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    const row = page.locator('[data-testid="group-table"]:visible tr', { hasText: '巡检组' });
    await row.waitFor();
    expect(await row.innerText()).toContain('1');
    await expectAccessible(page, 'user groups');
  });

  it('keeps the enterprise information: industry and contact saved, a bad phone refused with its reason', async () => {
    await byTestId('menu-item-org.infoSetting').click();
    await byTestId('info-setting').waitFor();
    expect(await byTestId('info-name').inputValue()).toContain('Acme');
    await byTestId('info-industry').click();
    await page.locator('.arco-select-option:visible', { hasText: '机械设备' }).click();
    await byTestId('info-shortName').fill('艾克美');
    await byTestId('info-contactPhone').fill('call me');
    await byTestId('info-save').click();
    await byTestId('info-error').waitFor();
    expect(await byTestId('info-error').innerText()).toContain('联系电话');
    await byTestId('info-contactPhone').fill('0512-66668888');
    await byTestId('info-save').click();
    await expect.poll(async () => (await ok((await signedIn(platform.url, 'acme.user')).get('/api/org/enterprise-info'))).industry).toBe('machinery');
    await expectAccessible(page, 'enterprise information');
    await page.reload();
    await byTestId('info-setting').waitFor();
    expect(await byTestId('info-shortName').inputValue()).toBe('艾克美');
    expect(await byTestId('info-contactPhone').inputValue()).toBe('0512-66668888');
  });

  it('a member sees the structure read-only: departments, their posts and members, nothing to change', async () => {
    const member = await signInPage(browser, platform.url, 'acme.user', { height: 900 });
    expect(await member.locator('[data-testid="menu-item-org.elementOrgManage"]').count()).toBe(0);
    await member.locator('[data-testid="menu-item-org.structure"]:visible').click();
    await member.locator('[data-testid="structure-view"]:visible [data-testid="dept-生产部 Production"]').click();
    const people = member.locator('[data-testid="structure-department"]:visible [data-testid="department-members"]');
    await people.locator('tr', { hasText: 'acme.user' }).waitFor();
    expect(await member.locator('[data-testid="structure-department"]:visible').innerText()).toContain('质检员');
    expect(await people.locator('tbody button').count()).toBe(0);
    expect(await people.locator('th', { hasText: '操作' }).count()).toBe(0);
    expect(await member.locator('[data-testid="structure-view"]:visible [draggable="true"]').count()).toBe(0);
    await expectAccessible(member, 'organisation structure as a member');
    await member.context().close();
  });
});

