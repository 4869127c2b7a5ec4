import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noticeWorkers } from '../../server/apps/console/operator/notice-worker.ts';
import type { Platform } from '../../server/platform.ts';
import { activePage, expectAccessible, openMenu, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { inputOf } from '../support/chart-browser.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

/** Types a date and time into an Arco date picker as a user does, and confirms it. */
async function pickTime(page: Page, testId: string, when: Date): Promise<void> {
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} ${pad(when.getHours())}:${pad(when.getMinutes())}:00`;
  const input = inputOf(page, testId);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(text);
}

describe.skipIf(!!missing)('the operator’s notices, accounts and settings in a real browser', () => {
  it('schedules an announcement and a maintenance, locks and unlocks an account, and closes registration', async () => {
    const page = await signInPage(browser, platform.url, 'root', { height: 1000 });

    // An announcement: a time in the past is refused in the page, a future one is scheduled.
    await openMenu(page, 'console', 'console.opNotice');
    const notices = activePage(page);
    await notices.getByTestId('operator-notices').waitFor();
    await expectAccessible(page, 'root/opNotice');
    await inputOf(page, 'notice-title-zh').fill('新版本上线');
    await inputOf(page, 'notice-title-en').fill('New release live');
    await pickTime(page, 'notice-starts', new Date(Date.now() - 3_600_000));
    await notices.getByTestId('notice-submit').click();
    await expect.poll(() => notices.getByTestId('notice-error').textContent()).toBe('开始时间不能早于现在。');
    await pickTime(page, 'notice-starts', new Date(Date.now() + 2 * 3_600_000));
    await notices.getByTestId('notice-submit').click();
    await expect.poll(() => notices.getByTestId('notice-table').textContent()).toContain('新版本上线');
    expect(await notices.getByTestId('notice-table').textContent()).toContain('待发布');

    // A planned maintenance: it counts down on the page and in the banner.
    await openMenu(page, 'console', 'console.offlineNotice');
    const offline = activePage(page);
    await offline.getByTestId('operator-offline').waitFor();
    await inputOf(page, 'notice-title-zh').fill('数据库升级');
    await inputOf(page, 'notice-title-en').fill('Database upgrade');
    await pickTime(page, 'notice-starts', new Date(Date.now() + 3_600_000));
    await offline.getByTestId('notice-submit').click();
    await offline.getByTestId('plan-countdown').waitFor();
    const first = await offline.getByTestId('plan-countdown').textContent();
    await expect.poll(() => offline.getByTestId('plan-countdown').textContent(), { timeout: 5000 }).not.toBe(first);
    expect(await offline.getByTestId('maintenance-state').textContent()).toBe('正常运行');

    // Lock and unlock an account from the account list.
    await openMenu(page, 'console', 'console.users');
    const users = activePage(page);
    await users.getByTestId('user-table').waitFor();
    await expectAccessible(page, 'sysop/user');
    await inputOf(page, 'user-search').fill('nova.user');
    await inputOf(page, 'user-search').press('Enter');
    await users.getByTestId('user-lock-nova.user').click();
    await page.locator('.arco-popconfirm:visible .arco-btn-primary').click();
    await users.getByTestId('user-unlock-nova.user').waitFor();
    expect(await users.getByTestId('user-table').textContent()).toContain('已锁定');
    const refused = await fetch(`${platform.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'web' }, body: JSON.stringify({ loginId: 'nova.user', password: 'Demo@2026' }) });
    expect(refused.status).toBe(403);
    await users.getByTestId('user-unlock-nova.user').click();
    await users.getByTestId('user-lock-nova.user').waitFor();

    // The account's own page: its space and role.
    await users.getByTestId('user-edit-nova.user').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.userEdit"]').waitFor();
    await activePage(page).getByTestId('memberships').waitFor();
    expect(await activePage(page).getByTestId('memberships').textContent()).toContain('nova');

    // Close registration of enterprises.
    await openMenu(page, 'console', 'console.systemConfig');
    const config = activePage(page);
    await config.getByTestId('operator-settings').waitFor();
    await expectAccessible(page, 'root/systemConfig');
    await config.getByTestId('setting-registration').click();
    await config.getByTestId('settings-save').click();
    await expect.poll(async () => ((await (await fetch(`${platform.url}/api/console/platform`)).json()) as { data: { registrationOpen: boolean } }).data.registrationOpen).toBe(false);

    // A member sees the maintenance countdown in the banner above their pages.
    const member = await signInPage(browser, platform.url, 'acme.user');
    await member.getByTestId('maintenance-countdown').waitFor();
    expect(await member.getByTestId('maintenance-countdown').textContent()).toContain('数据库升级');

    // Its time comes (the plan is moved to now rather than waiting an hour) and the worker switches maintenance on:
    // the member's next call lands on the maintenance page; root ends the maintenance from that page.
    await platform.kernel.databases.owner.query(`update console_notice set starts_at = now() where kind = 'maintenance' and state = 'scheduled'`);
    expect(await noticeWorkers.get(platform.kernel)!.tick()).toBe(1);
    // A reload makes that call, unless a call of the open page got the 503 first: the shell then goes to the
    // maintenance page by itself (boot.ts), and that navigation aborts the reload.
    await member.reload().catch((error: Error) => expect(error.message).toContain('ERR_ABORTED'));
    await member.getByTestId('maintenance-page').waitFor();
    await page.goto('/maintenance');
    await page.getByTestId('maintenance-end').click();
    await page.getByTestId('greeting').waitFor();
    expect(platform.kernel.maintenance.on).toBe(false);
    await member.reload();
    await member.getByTestId('greeting').waitFor();
  });
});
