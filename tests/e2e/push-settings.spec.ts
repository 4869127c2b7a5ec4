import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');

/** The admin's announcement through the message centre's dialog (opened from the header's bell), to one member. */
async function sendNotice(page: Page, title: string, login: string) {
  await page.getByTestId('message-bell').click();
  await active(page).getByTestId('messages-send-notice').click();
  const dialog = page.locator('.arco-modal:visible', { hasText: '发布公告' });
  await dialog.getByTestId('notice-recipients-open').click();
  const picker = page.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
  await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill(login);
  await expect.poll(() => picker.locator('[data-testid="notice-recipients-member-option"]').count()).toBe(1);
  await picker.locator('[data-testid="notice-recipients-member-option"]').locator('label').click();
  await picker.getByTestId('notice-recipients-ok').click();
  await dialog.getByTestId('notice-subject').fill(title);
  await dialog.getByTestId('notice-send').click();
  await active(page).getByTestId('messages-feedback').filter({ hasText: '接收人数：1' }).waitFor();
}

describe.skipIf(!!missing)('push settings in a real browser (§2.6 system/push)', () => {
  it('the admin fixes e-mail on for notices; the member sees it locked; a notice\'s e-mail fails without SMTP and is listed with its reason', async () => {
    const admin = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await admin.getByTestId('menu-item-messages.systemPush').filter({ hasText: '推送设置' }).click();
    const settings = active(admin);
    await settings.getByTestId('push-defaults').waitFor();
    await expectAccessible(admin, 'push settings: default subscriptions');

    const email = settings.getByTestId('default-notice-all-email');
    expect(await email.getAttribute('aria-checked')).toBe('false');
    await email.click();
    await settings.getByTestId('default-notice-all-email-changeable').click();
    await expect.poll(() => email.getAttribute('aria-checked')).toBe('true');
    expect(await settings.getByTestId('default-notice-all-email-changeable').locator('input').isChecked()).toBe(false);
    await settings.getByTestId('push-defaults-save').click();
    await settings.getByTestId('push-defaults-feedback').filter({ hasText: '默认订阅已保存' }).waitFor();
    await expectAccessible(admin, 'push settings after saving');

    // The member's own subscriptions, from their account menu: e-mail for notices is on and theirs no longer to change.
    const member = await signInPage(browser, platform.url, 'acme.user');
    await member.getByTestId('account-menu').click();
    await member.getByTestId('account-subscriptions').click();
    const mine = active(member);
    await mine.getByTestId('subscriptions').waitFor();
    const memberEmail = mine.getByTestId('sub-notice-all-email');
    expect(await memberEmail.getAttribute('aria-checked')).toBe('true');
    expect(await memberEmail.isDisabled()).toBe(true);
    expect(await mine.getByTestId('sub-notice-all-email-locked').innerText()).toContain('管理员已固定此设置');

    // The space has no SMTP server: the e-mail of the next notice fails on the worker and waits for its retry.
    await sendNotice(admin, '停电通知 20:00', 'acme.user');
    await admin.getByTestId('menu-item-messages.systemPush').click();
    await active(admin).getByTestId('push-tab-failures').click();
    const failures = active(admin);
    await failures.getByTestId('push-failures-panel').or(failures.getByTestId('push-failures-error')).waitFor();
    const row = failures.getByTestId('push-failure-row').filter({ hasText: '停电通知 20:00' });
    await expect
      .poll(
        async () => {
          await failures.getByTestId('push-failures-refresh').click();
          await failures.getByTestId('push-failures-refresh').locator('.arco-icon-loading').waitFor({ state: 'detached' });
          return row.count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    const text = await row.innerText();
    expect(text).toContain('邮件');
    expect(text).toContain('公告通知');
    expect(text).toContain('acme user');
    expect(text).toContain('本企业尚未设置发信服务器');
    expect(await row.getAttribute('data-state')).toMatch(/^(retrying|failed)$/);
    await expectAccessible(admin, 'push settings: delivery failures');

    await member.context().close();
    await admin.context().close();
  }, 120_000);
});
