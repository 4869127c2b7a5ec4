import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TEST_DEMO_PASSWORD } from '../support/client.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));


/** Opens a page from the side menu, as a user would, and waits until it has settled. */
async function openFromMenu(page: Page, routeId: string) {
  await page.getByTestId(`menu-item-${routeId}`).click();
  await page.locator(`.qp-page[data-active="true"][data-page="${routeId}"]`).waitFor();
  await page.waitForLoadState('networkidle');
}

async function checkSignedInPages(page: Page, skin: string) {
  await expectAccessible(page, `workbench (${skin})`);
  await openFromMenu(page, 'appcenter.home');
  await expectAccessible(page, `application centre (${skin})`);
  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-modify-password').click();
  await page.locator('.qp-page[data-active="true"][data-page="account.modifyPassword"]').waitFor();
  await expectAccessible(page, `change password (${skin})`);
  await openFromMenu(page, 'portal.workbench');
}

describe.skipIf(!!missing)('WCAG 2 A/AA (axe-core) on the main pages, light and dark', () => {
  it('sign-in, workbench, application centre and change password pass in the light and the dark skin', async () => {
    const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto('/home/login');
    await page.locator('input[name="loginId"]').waitFor();
    await expectAccessible(page, 'sign-in (light)');
    // The sign-in background fills the window and the card is centred in it, not glued to the top.
    const frame = (await page.locator('.qp-login').boundingBox())!;
    const card = (await page.locator('.qp-login-card').boundingBox())!;
    expect(frame.height).toBeGreaterThanOrEqual(800);
    expect(Math.abs(card.y + card.height / 2 - 400)).toBeLessThan(20);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect((await page.request.get('/favicon.svg')).headers()['content-type']).toContain('svg');
    await page.fill('input[name="loginId"]', 'acme.admin');
    await page.fill('input[name="password"]', TEST_DEMO_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/user/workbench');
    await page.getByTestId('greeting').waitFor();
    await checkSignedInPages(page, 'light');

    await page.getByTestId('skin-switch').click();
    await page.getByTestId('skin-deepBlack').click();
    await page.getByTestId('skin-deepBlack').waitFor({ state: 'hidden' });
    // The pointer leaves the skin button, so its tooltip (a transient overlay) is not part of the page checked.
    await page.mouse.move(640, 500);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.arco-tooltip')].every((tip) => tip.offsetParent === null));
    expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark');
    await checkSignedInPages(page, 'dark');
    await page.getByTestId('account-menu').click();
    await page.getByTestId('sign-out').click();
    await page.locator('input[name="loginId"]').waitFor();
    expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark');
    await expectAccessible(page, 'sign-in (dark)');
    await context.close();
  });
});
