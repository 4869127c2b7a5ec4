import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TEST_DEMO_PASSWORD } from '../support/client.ts';

/**
 * Which version of the site a device is given (decision 0115): a phone opening the site root is sent to the phone
 * sign-in and, signed in, to the phone home; `/m/` is that home, not "page not found"; the phone's "desktop version"
 * sticks on that browser until a phone page is opened again; a desktop opening the root keeps the desktop sign-in,
 * and one opening `/m/` stays there, offered the desktop version.
 */

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

async function open(options: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await browser.newContext({ ...options, bypassCSP: true, baseURL: platform.url });
  contexts.push(context);
  return context.newPage();
}
/** The page the shell draws now, by its route id. */
const shownPage = (page: Page, routeId: string) => page.locator(`.qp-page[data-active="true"][data-page="${routeId}"]`);

describe.skipIf(!!missing)('a phone is given the phone pages, a desktop the desktop ones', () => {
  it('a phone at the site root signs in on the phone, lands on its home, and keeps the desktop version once chosen', async () => {
    const phone = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE });
    await phone.goto('/');
    await phone.waitForURL((url) => url.pathname === '/m/login' && url.searchParams.get('url') === '/m/home');
    await phone.getByTestId('m-login').waitFor();
    await phone.locator('input[name="loginId"]').tap();
    await phone.locator('input[name="loginId"]').fill('acme.user');
    await phone.locator('input[name="password"]').tap();
    await phone.locator('input[name="password"]').fill(TEST_DEMO_PASSWORD);
    await phone.getByTestId('m-login-submit').tap();
    await phone.waitForURL((url) => url.pathname === '/m/home');
    await shownPage(phone, 'portal.mobileHome').waitFor();
    expect(await phone.locator('.qp-header').count()).toBe(0);

    // `/m/` itself, as a person types it: the phone home, not "page not found".
    for (const address of ['/m/', '/m']) {
      await phone.goto(address);
      await phone.waitForURL((url) => url.pathname === '/m/home');
      await shownPage(phone, 'portal.mobileHome').waitFor();
      expect(await phone.locator('.qp-page[data-page="shell.notFound"]').count()).toBe(0);
    }
    // The signed-in phone at the desktop workbench is sent to its twin.
    await phone.goto('/user/workbench');
    await phone.waitForURL((url) => url.pathname === '/m/home');

    // "Desktop version" in the top bar: the desktop workbench, and it sticks across new visits to the root.
    await phone.getByTestId('m-desktop-version').tap();
    await phone.waitForURL((url) => url.pathname === '/user/workbench');
    await phone.locator('.qp-header').waitFor();
    await shownPage(phone, 'portal.workbench').waitFor();
    await phone.goto('/');
    await phone.waitForURL((url) => url.pathname === '/user/workbench');
    await shownPage(phone, 'portal.workbench').waitFor();
    await phone.reload();
    await shownPage(phone, 'portal.workbench').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/user/workbench');

    // Opening a phone page again is choosing the phone version again.
    await phone.goto('/m/');
    await shownPage(phone, 'portal.mobileHome').waitFor();
    await phone.goto('/');
    await phone.waitForURL((url) => url.pathname === '/m/home');
    await shownPage(phone, 'portal.mobileHome').waitFor();
  });

  it('a phone guest choosing the desktop sign-in keeps it', async () => {
    const phone = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE });
    await phone.goto('/home/login');
    await phone.waitForURL((url) => url.pathname === '/m/login');
    await phone.getByTestId('m-desktop-version').tap();
    await phone.waitForURL((url) => url.pathname === '/home/login');
    await shownPage(phone, 'shell.login').waitFor();
    await phone.goto('/');
    await phone.waitForURL((url) => url.pathname === '/home/login');
    await shownPage(phone, 'shell.login').waitFor();
  });

  it('a desktop at the root gets the desktop sign-in, and at `/m/` stays on the phone pages with a way back', async () => {
    const desk = await open({ viewport: { width: 1280, height: 800 } });
    await desk.goto('/');
    await desk.waitForURL((url) => url.pathname === '/home/login' && url.searchParams.get('url') === '/user/workbench');
    await shownPage(desk, 'shell.login').waitFor();

    await desk.goto('/m/');
    await desk.waitForURL((url) => url.pathname === '/m/login' && url.searchParams.get('url') === '/m/home');
    await desk.getByTestId('m-login').waitFor();
    await desk.waitForTimeout(300);
    expect(new URL(desk.url()).pathname).toBe('/m/login');
    await desk.getByTestId('m-desktop-version').click();
    await desk.waitForURL((url) => url.pathname === '/home/login' && url.searchParams.get('url') === '/user/workbench');
    await shownPage(desk, 'shell.login').waitFor();
  });
});
