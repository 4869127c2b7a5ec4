import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');
const helpSearch = (page: Page) => active(page).locator('input[data-testid="help-search"], [data-testid="help-search"] input').first();

describe.skipIf(!!missing)('announcements and help in a real browser', () => {
  it('a guest reaches the announcements from the sign-in page, opens one and comes back', async () => {
    // The accessibility check injects its script, which the page's policy forbids: allowed for the test only.
    const context = await browser.newContext({ baseURL: platform.url, bypassCSP: true });
    const page = await context.newPage();
    await page.goto('/home/login');
    await page.getByTestId('login-news').click();
    await active(page).getByTestId('news-list').waitFor();
    await expectAccessible(page, 'news list');
    const first = active(page).locator('[data-testid^="news-"][href*="news/show"]').first();
    await expect.poll(() => first.textContent()).toBe('平台 23.12 版本发布');
    await first.click();
    await active(page).getByTestId('news-show').waitFor();
    await expect.poll(() => active(page).getByTestId('news-show').textContent()).toContain('消息中心把待办');
    await expectAccessible(page, 'news article');
    await active(page).getByTestId('news-back').click();
    await active(page).getByTestId('news-list').waitFor();
    await page.goto('/news/show?id=999999');
    await active(page).getByTestId('news-missing').waitFor();
    await context.close();
  });

  it('a member opens the help centre from the account menu, searches it and reads an article', async () => {
    const page = await signInPage(browser, platform.url, 'acme.user');
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-help').click();
    await active(page).getByTestId('help-center').waitFor();
    await expect.poll(() => active(page).getByTestId('help-article').textContent()).toContain('第一次登录');
    await expectAccessible(page, 'help centre');
    await helpSearch(page).fill('审批');
    const hits = active(page).locator('[data-testid^="help-"][href*="helpCenter"]');
    await expect.poll(() => hits.count()).toBe(1);
    await hits.first().click();
    await expect.poll(() => active(page).getByTestId('help-article').textContent()).toContain('审批意见最多 60 个字');
    await helpSearch(page).fill('no-such-words');
    await active(page).getByTestId('help-no-match').waitFor();
    await page.context().close();
  });
});
