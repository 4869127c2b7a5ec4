import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { chromiumMissing, expectAccessible, launchChromium, signInPage } from '../support/browser.ts';
import { startTestPlatform } from '../support/platform.ts';

const missing = chromiumMissing();
if (missing) console.log(missing);

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  if (missing) return;
  platform = await startTestPlatform();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');
const badge = (page: Page) => page.getByTestId('message-bell-badge').getAttribute('data-count').then(Number);
const row = (page: Page, title: string) => active(page).getByTestId('message-row').filter({ hasText: title });

/** Opens the message centre from the header's bell (a header page: the side menu does not offer it). */
async function openCentre(page: Page) {
  await page.getByTestId('message-bell').click();
  await active(page).getByTestId('message-center').waitFor();
}

/** The admin's announcement through the message centre's dialog, to members picked by login ID. */
async function sendNotice(page: Page, title: string, logins: string[], check?: string) {
  await active(page).getByTestId('messages-send-notice').click();
  const dialog = page.locator('.arco-modal:visible', { hasText: '发布公告' });
  await dialog.getByTestId('notice-recipients-open').click();
  const picker = page.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
  for (const login of logins) {
    await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill(login);
    await expect.poll(() => picker.locator('[data-testid="notice-recipients-member-option"]').count()).toBe(1);
    await picker.locator('[data-testid="notice-recipients-member-option"]').locator('label').click();
  }
  await picker.getByTestId('notice-recipients-ok').click();
  await dialog.getByTestId('notice-subject').fill(title);
  await dialog.getByTestId('notice-body').fill('请全体人员在集合点集合。');
  if (check) await expectAccessible(page, check);
  await dialog.getByTestId('notice-send').click();
  await active(page).getByTestId('messages-feedback').filter({ hasText: `接收人数：${logins.length}` }).waitFor();
}

describe.skipIf(!!missing)('message centre and subscriptions in a real browser', () => {
  it('a notice arrives live with the centre open; read, unsubscribe, and the next one stays away', async () => {
    const admin = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    const member = await signInPage(browser, platform.url, 'acme.user', { height: 900 });
    await openCentre(member);
    await openCentre(admin);
    const before = await badge(member);
    await expectAccessible(member, 'message centre');
    // A second window of the same member, on another page: its own socket, its own badge.
    const other = await member.context().newPage();
    await other.goto('/user/workbench');
    await other.getByTestId('greeting').waitFor();
    expect(await badge(other)).toBe(before);

    await sendNotice(admin, '消防演练 15:00', ['acme.user'], 'send-notice dialog');
    // No reload: the socket brings the message and the counts.
    await row(member, '消防演练 15:00').waitFor();
    await expect.poll(() => badge(member)).toBe(before + 1);
    await expect.poll(() => badge(other)).toBe(before + 1);
    expect(await member.getByTestId('messages-count-notice').innerText()).not.toBe('');
    expect(await row(member, '消防演练 15:00').getAttribute('data-read')).toBe('false');
    await expectAccessible(member, 'message centre with a new message');

    await row(member, '消防演练 15:00').getByTestId('message-toggle-read').click();
    await expect.poll(() => row(member, '消防演练 15:00').getAttribute('data-read')).toBe('true');
    await expect.poll(() => badge(member)).toBe(before);
    await expect.poll(() => badge(other)).toBe(before);

    await active(member).getByTestId('messages-subscriptions-link').click();
    await active(member).getByTestId('subscriptions').waitFor();
    await expectAccessible(member, 'subscriptions');
    const inApp = active(member).getByTestId('sub-notice-all-inApp');
    expect(await inApp.getAttribute('aria-checked')).toBe('true');
    await inApp.click();
    await expect.poll(() => inApp.getAttribute('aria-checked')).toBe('false');
    expect(await active(member).getByTestId('subscriptions-refused').count()).toBe(0);
    // Saved on the server: a fresh page shows the switch off.
    await member.reload();
    await active(member).getByTestId('subscriptions').waitFor();
    await expect.poll(() => active(member).getByTestId('sub-notice-all-inApp').getAttribute('aria-checked')).toBe('false');
    expect(await active(member).getByTestId('sub-todo-all-inApp').isDisabled()).toBe(true);

    await openCentre(member);
    // The admin, still subscribed, receives the same notice: once it is in their list, delivery has happened.
    await sendNotice(admin, '第二次通知', ['acme.user', 'acme.admin']);
    await row(admin, '第二次通知').waitFor();
    await member.waitForTimeout(1500);
    expect(await row(member, '第二次通知').count()).toBe(0);
    expect(await badge(member)).toBe(before);
    await member.reload();
    await active(member).getByTestId('message-center').waitFor();
    await row(member, '消防演练 15:00').waitFor();
    expect(await row(member, '第二次通知').count()).toBe(0);
    await expectAccessible(admin, 'message centre (admin)');

    await member.context().close();
    await admin.context().close();
  }, 120_000);
});
