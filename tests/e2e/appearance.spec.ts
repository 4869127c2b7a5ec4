import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tileLines } from '../../renderer/shell/watermark-image.ts';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let page: Page;

beforeAll(async () => {
  if (missing) return;
  page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
});

const byTestId = (id: string, on: Page = page) => on.locator(`[data-testid="${id}"]:visible`);
const MARK = '[data-qp-watermark]';
/** What the watermark over the page says (its marks are an image: the lines are read back from it). */
const markLines = async (on: Page = page) => tileLines((await on.locator(MARK).getAttribute('style')) ?? '');
/** Read back what the screens did (nothing is set up through the API). */
const appearance = async () => ok((await signedIn(platform.url, 'acme.user')).get('/api/org/appearance'));

describe.skipIf(!!missing)('space appearance in a real browser (§2.6 watermark, themeColor, webchatConfig)', () => {
  it('puts a watermark on the demo app: chosen in the menu’s watermark page, previewed unsaved, saved', async () => {
    await byTestId('menu-item-org.watermark').click();
    await byTestId('watermark-setting').waitFor();
    expect(await page.locator(MARK).count()).toBe(0);
    await byTestId('watermark-enabled').click();
    await byTestId('watermark-scope-apps').click();
    await byTestId('watermark-apps').click();
    await page.locator('.arco-select-option:visible', { hasText: '设备点检' }).first().click();
    await byTestId('watermark-setting').locator('p.qp-muted').click(); // closes the app list
    await page.locator('.arco-select-popup').first().waitFor({ state: 'hidden' });
    await expectAccessible(page, 'watermark settings');

    await byTestId('watermark-preview').click();
    await byTestId('watermark-preview-page').waitFor();
    expect(await byTestId('watermark-preview-says').innerText()).toMatch(/acme admin · acme\.admin · \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect((await appearance()).watermark.enabled).toBe(false); // a preview saves nothing
    await expectAccessible(page, 'watermark preview');
    await byTestId('watermark-preview-back').click();
    await byTestId('watermark-setting').waitFor();
    expect(await byTestId('watermark-enabled').getAttribute('aria-checked')).toBe('true');

    await byTestId('watermark-save').click();
    await expect.poll(async () => (await appearance()).watermark).toMatchObject({ enabled: true, scope: 'apps' });
    expect((await appearance()).watermark.appIds).toHaveLength(1);
    // The settings page is no page of the chosen app: no mark here.
    expect(await page.locator(MARK).count()).toBe(0);
  });

  it('shows the admin’s name, login and time over the app’s records page, lets clicks through, and comes back when deleted', async () => {
    await byTestId('menu-item-appcenter.home').click();
    await page.locator('[data-testid^="app-tile-"]:visible', { hasText: '设备点检' }).first().click();
    const row = page.locator('[data-testid^="record-row-"]:visible').first();
    await row.waitFor();
    await page.locator(MARK).waitFor({ state: 'attached' });
    const lines = await markLines();
    expect(lines.slice(0, 2)).toEqual(['acme admin', 'acme.admin']);
    expect(lines[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await page.locator(MARK).getAttribute('aria-hidden')).toBe('true');
    await expectAccessible(page, 'records page under the watermark');

    // Deleted or hidden in the developer tools, it is drawn again.
    await page.evaluate((selector) => document.querySelector(selector)?.remove(), MARK);
    await page.locator(MARK).waitFor({ state: 'attached' });
    await page.evaluate((selector) => document.querySelector<HTMLElement>(selector)!.style.setProperty('display', 'none', 'important'), MARK);
    await expect.poll(() => page.locator(MARK).evaluate((node) => getComputedStyle(node).display)).toBe('block');
    // It covers the page yet takes no click: the first record opens under it, and the record page is the app's too.
    await row.click();
    await byTestId('form-detail').waitFor();
    expect((await markLines())[0]).toBe('acme admin');

    // Printed pages carry it: a fixed layer repeats on every sheet, its image kept in print.
    await page.emulateMedia({ media: 'print' });
    const printed = await page.locator(MARK).evaluate((node) => ({ display: getComputedStyle(node).display, adjust: getComputedStyle(node).printColorAdjust, position: getComputedStyle(node).position }));
    expect(printed).toEqual({ display: 'block', adjust: 'exact', position: 'fixed' });
    await page.emulateMedia({ media: 'screen' });

    // Pages outside the chosen app stay clear.
    await byTestId('menu-item-portal.workbench').click();
    await byTestId('greeting').waitFor();
    expect(await page.locator(MARK).count()).toBe(0);
  });

  it('sets the space skin; a member without a choice of their own sees it, and cannot change it once the admin says so', async () => {
    await byTestId('menu-item-org.themeColor').click();
    await byTestId('theme-setting').waitFor();
    await byTestId('theme-skin-interstellarBlue').click();
    await byTestId('theme-members-choose').click();
    await expectAccessible(page, 'theme colour');
    await byTestId('theme-save').click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.skin)).toBe('interstellarBlue');
    expect((await appearance()).theme).toEqual({ skin: 'interstellarBlue', membersChoose: false });
    expect(await page.getByTestId('skin-switch').isDisabled()).toBe(true);

    const member = await signInPage(browser, platform.url, 'acme.user');
    expect(await member.evaluate(() => document.body.dataset.skin)).toBe('interstellarBlue');
    expect(await member.getByTestId('skin-switch').isDisabled()).toBe(true);
    await expectAccessible(member, 'workbench in the space skin, skin switch locked');
    // The watermark is on the demo app's pages only: the member's workbench has none.
    expect(await member.locator(MARK).count()).toBe(0);
    await member.context().close();
  });

  it('switches web chat on; while off the page shows the §8 message members get', async () => {
    await byTestId('menu-item-org.webchatConfig').click();
    await byTestId('webchat-setting').waitFor();
    expect(await byTestId('webchat-state').innerText()).toContain('未开启网页聊天功能');
    await expectAccessible(page, 'web chat setting');
    await byTestId('webchat-enabled').click();
    await byTestId('webchat-save').click();
    await expect.poll(async () => (await appearance()).webchat.enabled).toBe(true);
    expect(await byTestId('webchat-state').innerText()).toContain('已开启');
  });
});
