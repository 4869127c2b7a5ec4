import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { activePage, expectAccessible, openMenu, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { inputOf } from '../support/chart-browser.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('platform access in a real browser (decisions 0082 and 0084)', () => {
  it('root creates an API key and sees its secret once, then edits a help article that the help centre shows', async () => {
    const page = await signInPage(browser, platform.url, 'root', { height: 1000 });

    // A platform API key: named, scoped; the secret is shown once and works against the platform API.
    await openMenu(page, 'console', 'console.apiAccess');
    const keys = activePage(page);
    await keys.getByTestId('key-table').waitFor();
    await expectAccessible(page, 'apiaccess');
    await keys.getByTestId('key-add').click();
    await inputOf(page, 'key-name').fill('Billing export');
    await page.getByTestId('key-scope-spaces.read').click();
    await page.locator('.arco-modal-footer .arco-btn-primary:visible').click();
    const shown = page.getByTestId('key-secret');
    await shown.waitFor();
    const secret = (await shown.textContent())?.match(/qpk_[A-Za-z0-9_-]{43}/)?.[0];
    expect(secret).toBeTruthy();
    const call = await fetch(`${platform.url}/api/platform/v1/spaces`, { headers: { authorization: `Bearer ${secret}` } });
    expect(call.status).toBe(200);
    await page.locator('.arco-modal-footer .arco-btn-primary:visible').click();
    await shown.waitFor({ state: 'detached' });
    await expect.poll(() => keys.getByTestId('key-table').textContent()).toContain('Billing export');
    expect(await keys.getByTestId('key-table').textContent()).toContain(`qpk_…${secret!.slice(-4)}`);
    expect(await page.content()).not.toContain(secret!);

    // A help article: edited in the rich-text editor, saved, and read in the help centre.
    await openMenu(page, 'console', 'console.helperCenter');
    const list = activePage(page);
    await list.getByTestId('article-table').waitFor();
    await expectAccessible(page, 'sysop/helperCenter');
    await list.locator('tr', { hasText: '第一次登录' }).locator('[data-testid^="article-edit-"]').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.helperDetail"]').waitFor();
    const detail = activePage(page);
    await detail.getByTestId('article-title-Zh').waitFor();
    const editor = detail.locator('[data-testid="article-body-Zh"] [contenteditable="true"]');
    await expect.poll(() => editor.textContent()).toContain('使用管理员给你的账号和密码登录');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('忘记密码时请联系企业管理员重置。');
    await detail.getByTestId('article-save').click();
    await detail.getByTestId('article-saved').waitFor();

    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-help').click();
    await activePage(page).getByTestId('help-center').waitFor();
    await expect.poll(() => activePage(page).getByTestId('help-article').textContent()).toContain('忘记密码时请联系企业管理员重置。');
    expect(await activePage(page).getByTestId('help-article').textContent()).toContain('使用管理员给你的账号和密码登录');
    await page.context().close();
  });
});
