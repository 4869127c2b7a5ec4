import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('the space\'s own wording in a real browser', () => {
  it('the admin changes a dictionary string; it shows on screen, for them and for a member of the space', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await page.getByTestId('menu-item-org.languageSetting').click();
    const active = page.locator('.qp-page[data-active="true"]');
    await active.getByTestId('language-table').waitFor();
    await active.locator('input[aria-label="按键名或文字搜索"]').fill('routes.org.structure');
    await active.getByTestId('language-edit-routes.org.structure').click();
    await expectAccessible(page, 'language settings');
    await page.getByTestId('language-text-zh-CN').fill('');
    await page.getByTestId('language-text-zh-CN').fill('组织架构图');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await active.getByTestId('language-table').filter({ hasText: '组织架构图' }).waitFor();
    await page.reload();
    await page.getByTestId('menu-item-org.structure').filter({ hasText: '组织架构图' }).waitFor();

    const member = await signInPage(browser, platform.url, 'acme.user');
    await member.getByTestId('menu-item-org.structure').filter({ hasText: '组织架构图' }).waitFor();
    expect(await member.getByTestId('menu-item-org.structure').innerText()).toContain('组织架构图');
    await member.context().close();
    await page.context().close();
  });
});
