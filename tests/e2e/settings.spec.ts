import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { pickMember } from '../support/picker-browser.ts';
import { openMenu } from '../support/workflow-browser.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');

/** The personal settings, reached as a member does: the account menu, then a tab. */
async function openSettings(page: Page, tab: string) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-settings').click();
  await active(page).getByTestId('settings-center').waitFor();
  await active(page).getByTestId(`settings-tab-${tab}`).click();
}

describe.skipIf(!!missing)('personal settings in a real browser', () => {
  it('a member edits his info, crops an avatar that the header then shows, and keeps a private group', async () => {
    // The administrator decides what members edit about themselves: here he lets them set their avatar.
    const admin = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await openMenu(admin, 'org', 'org.consoleElementManage');
    await active(admin).getByTestId('element-open-member').click();
    await active(admin).getByTestId('self-edit-portrait').click();
    const saved = admin.waitForResponse((r) => r.url().includes('/api/org/member-self-edit') && r.request().method() === 'PUT');
    await active(admin).getByTestId('self-edit-save').click();
    expect((await saved).status()).toBe(200);
    await admin.context().close();

    const page = await signInPage(browser, platform.url, 'acme.user', { height: 900 });
    await openSettings(page, 'info');
    const info = active(page).getByTestId('my-info');
    await info.waitFor();
    await expectAccessible(page, 'my info');
    await info.getByTestId('my-info-input-signature').fill('x'.repeat(41));
    await info.getByTestId('my-info-save').click();
    await expect.poll(() => info.textContent()).toContain('40');
    await info.getByTestId('my-info-input-signature').fill('安全第一，质量至上');
    await info.getByTestId('my-info-save').click();
    await page.reload();
    await active(page).getByTestId('my-info').waitFor();
    expect(await active(page).getByTestId('my-info-input-signature').inputValue()).toBe('安全第一，质量至上');

    // A 400×300 photo: cropped to a square in the browser, then shown in the header.
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    await active(page).getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await page.getByTestId('avatar-cropper').waitFor();
    await page.getByTestId('avatar-crop-ok').click();
    await active(page).getByTestId('my-avatar-image').waitFor();
    await page.reload();
    await page.getByTestId('account-portrait').waitFor();

    await active(page).getByTestId('settings-tab-groups').click();
    await active(page).getByTestId('my-groups').waitFor();
    await active(page).getByTestId('my-group-add').click();
    await page.getByTestId('my-group-save').click();
    await expect.poll(() => page.locator('.arco-modal:visible').textContent()).toMatch(/名称|name/i);
    await page.getByTestId('my-group-name').fill('夜班小组');
    await pickMember(page, 'my-group-scope', 'acme admin');
    await page.getByTestId('my-group-save').click();
    await active(page).getByTestId('my-group-edit-夜班小组').waitFor();
    await expectAccessible(page, 'my groups');
    await page.context().close();
  });

  it('a member applies for developer authorisation from the settings, and the reason is held to 20 words', async () => {
    const page = await signInPage(browser, platform.url, 'nova.user');
    await openSettings(page, 'developer');
    const tab = active(page).getByTestId('developer-tab');
    await tab.waitFor();
    await tab.locator('textarea').fill(Array.from({ length: 21 }, (_, i) => `w${i}`).join(' '));
    await expect.poll(() => tab.getByTestId('developer-word-count').textContent()).toContain('21');
    await tab.locator('textarea').fill('对接车间 MES 系统读取设备点检记录');
    await tab.getByTestId('developer-submit').click();
    await tab.getByTestId('developer-pending').waitFor();
    await expectAccessible(page, 'developer authorisation');
    await page.context().close();
  });
});
