import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TEST_DEMO_PASSWORD } from '../support/client.ts';
import { activePage, openMenu, setApprovers, shown } from '../support/workflow-browser.ts';

/**
 * The mobile terminal, the shell part (decision 0064): a phone — 390×844, touch — signs in at `/m/login` by
 * taps, lands on `/m/home` with no loading bar ever drawn, sees its pending to-do on the to-dos tab and approves it
 * there, marks a message read in the message centre, switches the home to the applet terminal and opens "me". The
 * to-do comes from the screens too: the admin, at a desk, designs a form with a one-step flow for acme.user and
 * submits a record; and he gives the app terminal a portal, which the phone's home draws in one column.
 */

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
const suffix = Math.random().toString(36).slice(2, 7);
const SYSTEM = `车间 ${suffix}`;
const APP = `点检申请 ${suffix}`;
const TITLE = `主轴点检 ${suffix}`;
const PORTAL = `车间 App 门户 ${suffix}`;
const SHOTS = path.resolve('tests/e2e/screenshots');
/** What the phone shows, kept for a person to look at (the phone's layout is judged by eye as well). */
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `mobile-shell-${name}.png`) });

let admin: Page;
let phoneContext: BrowserContext;
let phone: Page;

beforeAll(async () => {
  if (missing) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  admin = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
});
afterAll(async () => {
  await phoneContext?.close();
});

/** Loading bars drawn since the phone's first page, kept across its full page loads (the sign-in reloads). */
const COUNT_BARS = () => {
  const key = 'qp-test-loading-bars';
  const seen = (node: Node) => node instanceof Element && (node.matches('.qp-loading-bar') || node.querySelector('.qp-loading-bar') !== null);
  new MutationObserver((changes) => {
    const added = changes.flatMap((change) => [...change.addedNodes]).filter(seen).length;
    if (added) sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + added));
  }).observe(document, { childList: true, subtree: true });
};
const barsSeen = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('qp-test-loading-bars') ?? 0));

/** Nothing of the page shown is wider than the phone (no sideways scrolling). */
async function fitsTheWidth(page: Page) {
  const widths = await page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('.qp-page[data-active="true"]')!;
    return { document: document.documentElement.scrollWidth, page: box.scrollWidth, inner: box.clientWidth };
  });
  expect(widths.document).toBeLessThanOrEqual(390);
  expect(widths.page).toBeLessThanOrEqual(widths.inner);
}

describe.skipIf(!!missing)('the mobile terminal’s shell in a phone browser', () => {
  it('at a desk, the admin designs a form with a one-step flow for acme.user and submits a record to it', async () => {
    const byId = (id: string) => shown(admin, id);
    await byId('menu-item-appcenter.home').click();
    await byId('system-create').click();
    await byId('appcenter-form-name').fill(SYSTEM);
    await byId('appcenter-form-ok').click();
    await byId('appcenter-editor').waitFor({ state: 'hidden' });
    const section = admin.locator('[data-testid^="system-section-"]:visible', { hasText: SYSTEM });
    await section.locator('[data-testid^="app-create-"]').click();
    await byId('appcenter-form-name').fill(APP);
    await byId('appcenter-form-roles').click();
    await admin.locator('.arco-select-option', { hasText: /^普通用户$/ }).click();
    await byId('appcenter-form-name').click();
    await admin.locator('.arco-select-popup').first().waitFor({ state: 'hidden' });
    await byId('appcenter-form-ok').click();
    await byId('appcenter-editor').waitFor({ state: 'hidden' });
    await section.locator('[data-testid^="app-tile-"]', { hasText: APP }).click();
    await byId('form-create').click();
    await byId('form-name-input').fill('点检单');
    await admin.locator('[data-testid="form-name-modal"] .arco-btn-primary').click();
    await byId('form-design-link').click();
    await byId('palette-text').click();
    await byId('prop-label').fill('设备');
    await byId('prop-required').click();
    await byId('prop-title').click();
    await byId('designer-save').click();
    await byId('designer-publish').click();
    await admin.getByText('第 1 版').first().waitFor();

    await byId('designer-workflow').click();
    await byId('flow-designer').waitFor();
    await byId('flow-select-n1').click();
    await byId('flow-prop-name').fill('班组长审批');
    await setApprovers(admin, ['acme user']);
    await byId('flow-publish').click();
    await expect.poll(() => byId('flow-version').textContent()).toBe('第 1 版');
    await byId('flow-back').click();
    await byId('designer-back').click();

    await byId('new-record').click();
    const drawer = shown(admin, 'flow-start');
    await drawer.waitFor();
    await drawer.locator('[data-testid="record-field-f1"] input').fill(TITLE);
    await shown(admin, 'flow-start-submit').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('at a desk, the admin gives the app terminal a default portal with messages, my work and a shortcut', async () => {
    await openMenu(admin, 'portal', 'portal.manage');
    await activePage(admin).getByTestId('portal-terminal-app').click();
    await activePage(admin).getByTestId('portal-create').click();
    await admin.getByTestId('portal-info-name').fill(PORTAL);
    await admin.getByTestId('portal-info-ok').click();
    const row = activePage(admin).locator('tr', { hasText: PORTAL });
    const design = row.locator('[data-testid^="portal-design-"]');
    const portalId = (await design.getAttribute('data-testid'))!.replace('portal-design-', '');
    await design.click();
    const designer = admin.getByTestId('portal-designer');
    await designer.getByTestId('palette-messageAlert').click();
    await designer.getByTestId('palette-myWork').click();
    await designer.getByTestId('palette-quickEntry').click();
    await designer.getByTestId('quick-add').click();
    await designer.getByTestId('quick-item-0-name').fill('供应商平台');
    await designer.getByTestId('designer-save').click();
    await designer.getByTestId('designer-saved').waitFor();
    await designer.getByTestId('designer-close').click();
    await designer.waitFor({ state: 'detached' });
    // The phone's home opens the terminal's default portal (the others are offered by its switch).
    await activePage(admin).getByTestId(`portal-set-default-${portalId}`).click();
    await activePage(admin).getByTestId(`portal-default-${portalId}`).waitFor();
  });

  it('a guest opening /m/home signs in at /m/login by taps and lands on /m/home with the app portal, never a loading bar', async () => {
    phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true, baseURL: platform.url });
    await phoneContext.addInitScript(COUNT_BARS);
    phone = await phoneContext.newPage();
    await phone.goto('/m/home');
    await phone.waitForURL((url) => url.pathname === '/m/login' && url.searchParams.get('url') === '/m/home');
    await phone.getByTestId('m-login').waitFor();
    await expectAccessible(phone, 'phone sign-in');
    await shot(phone, 'login');
    await phone.locator('input[name="loginId"]').tap();
    await phone.locator('input[name="loginId"]').fill('acme.user');
    await phone.locator('input[name="password"]').tap();
    await phone.locator('input[name="password"]').fill(TEST_DEMO_PASSWORD);
    await phone.getByTestId('m-login-submit').tap();
    await phone.waitForURL((url) => url.pathname === '/m/home');
    await activePage(phone).getByTestId('greeting').waitFor();
    expect(await phone.locator('.qp-header, .qp-sider').count()).toBe(0);
    expect(await phone.getByTestId('m-title').innerText()).toBe('首页');
    const view = activePage(phone).getByTestId('portal-view');
    await view.waitFor();
    expect(await view.innerText()).toContain('供应商平台');
    await fitsTheWidth(phone);
    await expectAccessible(phone, 'phone home, app portal');
    await shot(phone, 'home');
    // Each tab is a touch target of at least 44 px.
    for (const tab of await phone.locator('[data-testid^="m-tab-"][href]').all()) expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await barsSeen(phone)).toBe(0);
  });

  it('the to-dos tab shows the pending to-do; acme.user opens and approves it by taps', async () => {
    const tab = phone.getByTestId('m-tab-todo');
    await expect.poll(() => tab.getAttribute('data-count')).toBe('1');
    expect(await tab.innerText()).toContain('待办');
    await tab.tap();
    const row = activePage(phone).getByTestId('todo-row').filter({ hasText: TITLE });
    await row.waitFor();
    await fitsTheWidth(phone);
    await expectAccessible(phone, 'phone to-dos');
    await row.getByTestId('todo-open').tap();
    await activePage(phone).getByTestId('flow-panel').waitFor();
    expect(await phone.getByTestId('m-title').innerText()).toBe(TITLE);
    expect(await activePage(phone).locator('[data-testid^="flow-values"]').innerText()).toContain(TITLE);
    await fitsTheWidth(phone);
    await expectAccessible(phone, 'phone to-do with its flow actions');
    await shot(phone, 'todo');
    const approve = activePage(phone).getByTestId('flow-action-approve');
    expect((await approve.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await approve.tap();
    const dialog = phone.getByTestId('flow-dialog-approve');
    await dialog.waitFor();
    await dialog.getByTestId('flow-dialog-reason').fill('设备正常');
    await expectAccessible(phone, 'phone approve dialog');
    // Drawn into <body>, outside the frame, the dialog fits the phone all the same, its buttons touch-sized (measured
    // once its zoom-in has ended, which the accessibility check waits for).
    const box = (await phone.locator('.arco-modal', { has: phone.getByTestId('flow-dialog-ok') }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect((await dialog.getByTestId('flow-dialog-ok').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shot(phone, 'approve');
    await dialog.getByTestId('flow-dialog-ok').tap();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => activePage(phone).getByTestId('flow-state').innerText()).toBe('已通过');

    await phone.getByTestId('m-back').tap();
    await activePage(phone).getByTestId('todo-empty').waitFor();
    await expect.poll(() => tab.getAttribute('data-count')).toBe('0');
    expect(await barsSeen(phone)).toBe(0);
  });

  it('the message centre shows the to-do’s message; acme.user marks it read by a tap', async () => {
    await phone.getByTestId('m-tab-messages').tap();
    const message = activePage(phone).getByTestId('message-row').filter({ hasText: `待办：${TITLE}` });
    await message.waitFor();
    await fitsTheWidth(phone);
    await expectAccessible(phone, 'phone message centre');
    await shot(phone, 'messages');
    expect(await message.getAttribute('data-read')).toBe('false');
    const before = Number(await phone.getByTestId('m-tab-messages').getAttribute('data-count'));
    await message.getByTestId('message-mark-read').tap();
    await expect.poll(() => message.getAttribute('data-read')).toBe('true');
    await expect.poll(async () => Number(await phone.getByTestId('m-tab-messages').getAttribute('data-count'))).toBe(before - 1);
  });

  it('the home switches to the applet terminal in the same page, and "me" shows who is signed in', async () => {
    await phone.getByTestId('m-tab-home').tap();
    await activePage(phone).getByTestId('m-terminal-applet').tap();
    await phone.waitForURL((url) => url.pathname === '/m/home' && url.searchParams.get('terminal') === 'applet');
    const home = activePage(phone).getByTestId('m-home');
    await expect.poll(() => home.getAttribute('data-terminal')).toBe('applet');
    // No applet portal in this space: the ways to one's work instead.
    await activePage(phone).getByTestId('m-no-portal').waitFor();
    expect(await activePage(phone).getByTestId('m-home-todo').getAttribute('href')).toBe('/m/todo');
    await expectAccessible(phone, 'phone home, applet terminal without a portal');

    await phone.getByTestId('m-tab-me').tap();
    await activePage(phone).getByTestId('m-me').waitFor();
    expect(await activePage(phone).getByTestId('m-me-name').innerText()).toBe('acme user');
    await expectAccessible(phone, 'phone me');
    await shot(phone, 'me');
    expect(await barsSeen(phone)).toBe(0);
  });
});
