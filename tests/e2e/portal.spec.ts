import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');

/** Picks an option of an Arco select by its visible text. */
async function choose(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: text }).first().click();
}

/** A role group with one role holding acme.user, built through the role screens (as the admin does it). */
async function roleGroupWithUser(page: Page, group: string, role: string) {
  await page.getByTestId('menu-item-org.roleManage').click();
  await active(page).getByTestId('role-manage').waitFor();
  await active(page).getByTestId('role-group-add').click();
  await page.getByTestId('role-group-name').fill(group);
  await page.locator('.arco-modal:visible .arco-btn-primary').click();
  await active(page).getByTestId(`role-group-${group}`).click();
  await active(page).getByTestId('role-add').click();
  await page.getByTestId('role-name').fill(role);
  await page.locator('.arco-modal:visible .arco-btn-primary').click();
  await active(page).getByTestId(`role-${role}`).click();
  await active(page).getByTestId('role-members-add').click();
  await page.getByTestId('role-add-members').locator('input').fill('acme.user');
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'acme.user' }).first().click();
  await page.keyboard.press('Escape');
  await page.locator('.arco-modal:visible .arco-btn-primary').click();
  await active(page).getByTestId('role-members').filter({ hasText: 'acme.user' }).waitFor();
}

describe.skipIf(!!missing)('portals in a real browser', () => {
  it('the admin designs a web portal for a role group and makes it the default; a member of the group sees it, a member outside does not', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
    await roleGroupWithUser(page, '门户读者组', '门户读者');

    await page.getByTestId('menu-item-portal.manage').click();
    await active(page).getByTestId('portal-manage').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'portal management');

    // Create: name, and the scope through the org picker's role-group pane.
    await active(page).getByTestId('portal-create').click();
    await page.getByTestId('portal-info-name').fill('车间门户');
    await page.getByTestId('portal-info-scope-open').click();
    const picker = page.locator('.arco-modal:visible', { hasText: '门户读者组' });
    await picker.locator('[data-testid="portal-info-scope-roleGroup-option"]', { hasText: '门户读者组' }).locator('label').click();
    await page.getByTestId('portal-info-scope-ok').click();
    await page.getByTestId('portal-info-scope-tag').filter({ hasText: '门户读者组' }).waitFor();
    await expectAccessible(page, 'new portal dialog');
    await page.getByTestId('portal-info-ok').click();
    const row = active(page).locator('tr', { hasText: '车间门户' });
    await row.waitFor();
    expect(await row.innerText()).toContain('门户读者组');
    const design = row.locator('[data-testid^="portal-design-"]');
    const portalId = (await design.getAttribute('data-testid'))!.replace('portal-design-', '');

    // Design: four component types from the palette; the single-use ones grey out once placed.
    await design.click();
    const designer = page.getByTestId('portal-designer');
    await designer.waitFor();
    await designer.getByTestId('palette-messageAlert').click();
    await designer.getByTestId('palette-myWork').click();
    expect(await designer.getByTestId('palette-messageAlert').isDisabled()).toBe(true);
    expect(await designer.getByTestId('palette-myWork').isDisabled()).toBe(true);
    await designer.getByTestId('palette-quickEntry').click();
    await designer.getByTestId('quick-add').click();
    await designer.getByTestId('quick-item-0-name').fill('供应商平台');
    await choose(page, 'quick-item-0-link-type', '网址');
    await designer.getByTestId('quick-item-0-link-url').fill('https://supplier.example.com');
    await designer.getByTestId('palette-appData').click();
    // An empty label is refused before anything is sent, at its component.
    await designer.getByTestId('designer-save').click();
    await designer.getByTestId('settings-problems').waitFor();
    await designer.getByTestId('settings-name').fill('点检记录');
    await designer.getByTestId('label-add').click();
    await choose(page, 'label-0-app', '设备点检');
    await choose(page, 'label-0-form', '点检记录');
    await choose(page, 'label-0-title', '设备');
    await expectAccessible(page, 'portal designer');
    await designer.getByTestId('designer-save').click();
    await designer.getByTestId('designer-saved').waitFor();
    await designer.getByTestId('designer-close').click();
    await designer.waitFor({ state: 'detached' });

    await active(page).getByTestId(`portal-set-default-${portalId}`).click();
    await active(page).getByTestId(`portal-default-${portalId}`).waitFor();
    await page.context().close();

    // A member of the role group: the portal on the workbench, each component with its data.
    const member = await signInPage(browser, platform.url, 'acme.user');
    const view = active(member).locator(`[data-testid="portal-view"][data-portal="${portalId}"]`);
    await view.waitFor();
    await active(member).getByTestId('greeting').waitFor();
    const records = view.locator('section', { hasText: '点检记录' });
    await records.locator('[data-testid^="portal-rows-"] li').first().waitFor();
    expect(await view.locator('[data-testid^="portal-component-error-"]').count()).toBe(0);
    const link = view.locator('a', { hasText: '供应商平台' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await expectAccessible(member, 'workbench with a portal');
    await member.context().close();

    // A member outside the group: not this portal (another one in scope, or the built-in workbench).
    const outsider = await signInPage(browser, platform.url, 'acme.audit');
    await active(outsider).getByTestId('greeting').waitFor();
    await outsider.waitForLoadState('networkidle');
    await active(outsider).locator('[data-testid="portal-view"], [data-testid="workbench-builtin"]').first().waitFor();
    expect(await active(outsider).locator(`[data-testid="portal-view"][data-portal="${portalId}"]`).count()).toBe(0);
    await outsider.context().close();
  });
});
