import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let zhangSan: string;

beforeAll(async () => {
  if (missing) return;
  // The people are there already: what is tested is finding and picking them in the browser.
  const admin = await signedIn(platform.url, 'acme.admin');
  const plant = await ok(admin.post('/api/org/departments', { name: '总装车间', code: 'E-ASM' }));
  const line = await ok(admin.post('/api/org/departments', { name: '一号线', code: 'E-L1', parentId: plant.id }));
  zhangSan = (await ok(admin.post('/api/org/members', { loginId: 'zhang.san', name: '张三', phone: '13900000001', password: 'Welcome@2026', departmentIds: [line.id] }))).id;
  await ok(admin.post('/api/org/members', { loginId: 'li.si', name: '李四', phone: '13900000002', password: 'Welcome@2026', departmentIds: [plant.id] }));
});

const active = (page: Page, selector: string) => page.locator(`.qp-page[data-active="true"] ${selector}`);
const rows = (page: Page) => active(page, '[data-testid="contact-row"]');

describe.skipIf(!!missing)('address book and people picker in a real browser', () => {
  it('a member opens the address book from the menu, browses a department, finds 张三 by "zs" and opens the card', async () => {
    const page = await signInPage(browser, platform.url, 'acme.user', { height: 900 });
    await page.getByTestId('menu-item-org.contacts').click();
    await rows(page).filter({ hasText: '李四' }).waitFor();
    await expectAccessible(page, 'address book');

    // The tree opens one level at a time: the line appears once its workshop is expanded.
    await active(page, '[data-testid="contacts-dept-node-总装车间"]').click();
    await rows(page).filter({ hasText: '李四' }).waitFor();
    expect(await rows(page).filter({ hasText: '张三' }).count()).toBe(0);
    await active(page, '[data-testid="contacts-dept-tree"] .arco-tree-node-switcher-icon').first().click();
    await active(page, '[data-testid="contacts-dept-node-一号线"]').click();
    await rows(page).filter({ hasText: '张三' }).waitFor();
    await active(page, '[data-testid="contacts-all"]').click();

    const search = active(page, 'input[aria-label="按姓名、账号、手机号或拼音首字母搜索"]');
    await search.fill('zs');
    await rows(page).filter({ hasText: '张三' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().click();
    const card = page.locator('[data-testid="contact-card"]:visible');
    await card.filter({ hasText: '13900000001' }).waitFor();
    expect(await card.innerText()).toContain('一号线');
    expect(await card.innerText()).not.toContain('身份证号');
    await expectAccessible(page, 'member card');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('an administrator picks a member with the picker in the record-permission rule dialog', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await page.getByTestId('menu-item-forms.appConfig').click();
    await active(page, '[data-testid="picker-app"]').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '设备点检' }).click();
    await active(page, '[data-testid="picker-form"]').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '点检记录' }).click();
    await active(page, '[data-testid="rule-new"]').click();
    const dialog = page.locator('.arco-modal:visible').first();
    await dialog.locator('[data-testid="rule-name"]').fill('张三看全部');
    await dialog.locator('label', { hasText: '成员' }).first().click();
    await dialog.locator('[data-testid="rule-member-open"]').click();

    const picker = page.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
    await picker.locator('[data-testid="rule-member-member-option"]', { hasText: '李四' }).waitFor();
    await expectAccessible(page, 'people picker');
    await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill('zs');
    await expect.poll(() => picker.locator('[data-testid="rule-member-member-option"]').count()).toBe(1);
    await picker.locator('[data-testid="rule-member-member-option"]', { hasText: '张三' }).locator('label').click();
    await picker.locator('[data-testid="rule-member-chosen"]', { hasText: '张三' }).waitFor();
    await picker.locator('[data-testid="rule-member-ok"]').click();
    await dialog.locator('[data-testid="rule-member-tag"]', { hasText: '张三' }).waitFor();
    await expectAccessible(page, 'rule dialog with a picked member');
    await dialog.locator('[data-testid="rule-save"]').click();
    await active(page, '[data-testid="rules-table"]').filter({ hasText: '张三看全部' }).waitFor();

    // The rule as stored: the picked member's id is the subject.
    const formId = new URL(page.url()).searchParams.get('formId');
    const admin = await signedIn(platform.url, 'acme.admin');
    const { rules } = await ok(admin.get(`/api/forms/forms/${formId}/rules`));
    expect(rules.find((r: { name: string }) => r.name === '张三看全部')).toMatchObject({ subjectKind: 'user', subject: zhangSan });
    await page.context().close();
  });
});
