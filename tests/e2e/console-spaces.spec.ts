import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { activePage, expectAccessible, openMenu, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { chooseOption, inputOf } from '../support/chart-browser.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('root’s providers and spaces in a real browser', () => {
  it('creates a provider, a space for it with its administrator, suspends and resumes the space', async () => {
    const page = await signInPage(browser, platform.url, 'root', { height: 1000 });

    // A provider with its first saas account, through sysop/saas → sysop/addSaas.
    await openMenu(page, 'console', 'console.saas');
    await activePage(page).getByTestId('provider-list').waitFor();
    await expectAccessible(page, 'sysop/saas');
    await activePage(page).getByTestId('provider-new').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.addSaas"]').waitFor();
    const add = activePage(page);
    await add.getByTestId('provider-id').waitFor();
    await expectAccessible(page, 'sysop/addSaas');
    // Bad input first: the server's refusal shows in the page, nothing is made.
    await add.getByTestId('provider-id').fill('northsp');
    await add.getByTestId('provider-name').fill('华北服务商');
    await add.getByTestId('provider-account-login').fill('acme.admin');
    await add.getByTestId('provider-account-name').fill('North Li');
    await add.getByTestId('provider-account-password').fill('North@2026x');
    await add.getByTestId('provider-save').click();
    await expect.poll(() => add.getByTestId('provider-add-error').textContent()).toContain('acme.admin');
    await add.getByTestId('provider-account-login').fill('north.sp');
    await add.getByTestId('provider-save').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.saas"]').waitFor();
    await activePage(page).getByTestId('provider-toggle-northsp').waitFor();
    expect(await activePage(page).getByTestId('provider-rows').textContent()).toContain('north.sp');

    // A space for it, with its first administrator and a members quota, through sysop/enterprise → /add.
    await openMenu(page, 'console', 'console.enterprises');
    await activePage(page).getByTestId('space-list').waitFor();
    await expectAccessible(page, 'sysop/enterprise');
    await activePage(page).getByTestId('space-new').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.enterpriseAdd"]').waitFor();
    const form = activePage(page);
    await form.getByTestId('space-name').waitFor();
    await expectAccessible(page, 'sysop/enterprise/add');
    await form.getByTestId('space-name').fill('华北一厂');
    await form.getByTestId('space-id').fill('northco');
    await chooseOption(page, 'space-owner', '华北服务商');
    await inputOf(page, 'quota-members').fill('5');
    await form.getByTestId('space-admin-login').fill('northco.admin');
    await form.getByTestId('space-admin-name').fill('North Admin');
    await form.getByTestId('space-admin-password').fill('Northco@2026');
    await form.getByTestId('space-save').click();

    // The space's page: owner, members (its admin and the provider's account), quota.
    await page.locator('.qp-page[data-active="true"][data-page="console.enterpriseSpace"]').waitFor();
    const space = activePage(page);
    await space.getByTestId('space-page').waitFor();
    await expect.poll(() => space.getByTestId('space-members').textContent()).toBe('2');
    expect(await space.textContent()).toContain('华北服务商');
    await expectAccessible(page, 'sysop/enterprise/space');

    // Suspend with a reason: the status and the reason show, and the administrator cannot sign in.
    await space.getByTestId('space-suspend').click();
    await page.locator('textarea[data-testid="space-change-reason"]').fill('欠费停用');
    await page.getByTestId('space-change-ok').click();
    await expect.poll(() => space.getByTestId('space-reason').textContent()).toBe('欠费停用');
    expect(await space.getByTestId('space-status').textContent()).toBe('已停用');
    const refused = await fetch(`${platform.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'web' }, body: JSON.stringify({ loginId: 'northco.admin', password: 'Northco@2026' }) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { text: string }).text).toBe('您所在的企业空间已被停用：欠费停用');

    // Resume: active again, and the administrator signs in.
    await space.getByTestId('space-resume').click();
    await page.getByTestId('space-change-ok').click();
    await expect.poll(() => space.getByTestId('space-status').textContent()).toBe('正常');
    const admitted = await fetch(`${platform.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'web' }, body: JSON.stringify({ loginId: 'northco.admin', password: 'Northco@2026' }) });
    expect(admitted.status).toBe(200);

    // The edit page refuses a quota below what the space uses, in the page, then saves a valid one.
    await space.getByTestId('space-edit').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.enterpriseEdit"]').waitFor();
    const edit = activePage(page);
    await edit.getByTestId('space-name').waitFor();
    await expectAccessible(page, 'sysop/enterprise/edit');
    await inputOf(page, 'quota-members').fill('1');
    await edit.getByTestId('space-save').click();
    await expect.poll(() => edit.getByTestId('space-edit-error').textContent()).toBe('成员数上限 1 低于空间已有的 2 名成员');
    await inputOf(page, 'quota-members').fill('3');
    await edit.getByTestId('space-save').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.enterpriseSpace"]').waitFor();
    await expect.poll(() => activePage(page).textContent()).toContain('2 / 3');

    // Back on the list, the provider filter finds the new space.
    await openMenu(page, 'console', 'console.enterprises');
    await chooseOption(page, 'space-filter-provider', '华北服务商');
    await activePage(page).getByTestId('space-filter-apply').click();
    await activePage(page).getByTestId('space-open-northco').waitFor();
    await page.context().close();
  }, 180_000);

  it('approves an enterprise registration made on entRegist: its administrator then signs in', async () => {
    const guest = await (await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 1000 }, bypassCSP: true })).newPage();
    await guest.goto('/entRegist');
    await guest.getByTestId('ent-regist').waitFor();
    await guest.getByRole('tab', { name: '注册新企业' }).click();
    const form = guest.locator('form').filter({ hasText: '提交注册申请' });
    const fields = { enterpriseName: '南方新材', contactName: '周南', phone: '13900001111', email: 'south@example.com', adminLoginId: 'south.admin', password: 'South@2026ok', confirmPassword: 'South@2026ok' };
    for (const [field, value] of Object.entries(fields)) await form.locator(`input[id$="${field}_input"]`).fill(value);
    await form.locator('button[type="submit"]').click();
    await guest.getByTestId('registration-status').waitFor();

    const page = await signInPage(browser, platform.url, 'root', { height: 1000 });
    await openMenu(page, 'console', 'console.enterprises');
    const requests = activePage(page).getByTestId('space-requests');
    await requests.filter({ hasText: '南方新材' }).waitFor();
    await requests.locator('[data-testid^="request-approve-"]').first().click();
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await activePage(page).getByTestId('space-rows').filter({ hasText: '南方新材' }).waitFor();
    const admitted = await fetch(`${platform.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'web' }, body: JSON.stringify({ loginId: 'south.admin', password: 'South@2026ok' }) });
    expect(admitted.status).toBe(200);
    await guest.context().close();
    await page.context().close();
  }, 120_000);
});
