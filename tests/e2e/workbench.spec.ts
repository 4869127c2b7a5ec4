import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../server/kernel/web.ts';
import type { Platform } from '../../server/platform.ts';
import { chromiumMissing, expectAccessible, launchChromium, signInPage } from '../support/browser.ts';
import { startTestPlatform } from '../support/platform.ts';

const missing = chromiumMissing();
if (missing) console.log(missing);

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  if (missing) return;
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('No web build: run `npm run build:web` first.');
  // The demo as `npm start` runs it: with its device line on the embedded broker.
  platform = await startTestPlatform({ demoDevices: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const signIn = (loginId: string): Promise<Page> => signInPage(browser, platform.url, loginId);

async function openFromMenu(page: Page, routeId: string) {
  await page.getByTestId(`menu-item-${routeId}`).click();
  await page.locator(`.qp-page[data-active="true"][data-page="${routeId}"]`).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Back to the workbench through the header search (record and app pages may show no platform menu). */
async function backToWorkbench(page: Page) {
  await page.getByTestId('global-search').fill('工作台');
  await page.getByTestId('search-hit-page:portal.workbench').click();
  await page.locator('.qp-page[data-active="true"][data-page="portal.workbench"]').waitFor();
}

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');

describe.skipIf(!!missing)('the workbench and the demo line in a real browser', () => {
  it('a member stars an app, which stays first after reload; an app opened from the workbench is marked recent, a record opened is listed as recently viewed', async () => {
    const page = await signIn('acme.user');
    const apps = active(page).getByTestId('workbench-apps');
    await apps.waitFor();
    await expectAccessible(page, 'workbench with apps');
    const first = active(page).locator('.qp-workbench-app').first();
    const id = (await first.getAttribute('data-testid'))!.replace('workbench-app-', '');
    const name = await first.locator('.qp-workbench-app-name').innerText();
    expect(name).toContain('设备点检');
    await active(page).getByTestId(`workbench-favourite-${id}`).click();
    await expect.poll(() => active(page).getByTestId(`workbench-favourite-${id}`).getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await active(page).getByTestId(`workbench-favourite-${id}`).waitFor();
    expect(await active(page).getByTestId(`workbench-favourite-${id}`).getAttribute('aria-pressed')).toBe('true');

    await active(page).getByTestId(`workbench-favourite-${id}`).click();
    await expect.poll(() => active(page).getByTestId(`workbench-favourite-${id}`).getAttribute('aria-pressed')).toBe('false');
    await active(page).getByTestId(`workbench-app-${id}`).locator('a').click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.appView"]').waitFor();
    // Open a record (found through the header search): it becomes the member's most recently viewed record.
    await page.getByTestId('global-search').fill('冷却塔');
    await page.locator('[data-testid^="search-hit-record:"]').first().click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.detail"]').waitFor();
    await page.waitForLoadState('networkidle');
    await backToWorkbench(page);
    await page.reload();
    await active(page).getByTestId(`workbench-app-${id}`).waitFor();
    expect(await active(page).getByTestId(`workbench-app-${id}`).innerText()).toContain('最近打开');
    const viewed = active(page).getByTestId('recent-viewed').locator('a').first();
    expect(await viewed.innerText()).toContain('冷却塔');
    await viewed.click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.detail"]').waitFor();
    await backToWorkbench(page);
    await expectAccessible(page, 'workbench, an app recently opened');
    await page.context().close();
  });

  it('the real-time device page shows the values the simulated line publishes', async () => {
    const page = await signIn('acme.user');
    await openFromMenu(page, 'iot.areaRealData');
    const row = active(page).locator('tbody tr', { hasText: '演示产线 Demo line' }).first();
    await row.waitFor();
    expect(await row.innerText()).toMatch(/demo\/line1\//);
    await expectAccessible(page, 'real-time device data');
    await page.context().close();
  });

  it('a QR label shows a long equipment name whole, wrapped over lines (demo data)', async () => {
    const page = await signIn('acme.admin');
    const tile = active(page).locator('.qp-workbench-app', { hasText: '设备点检' }).locator('a');
    await tile.click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.appView"]').waitFor();
    const row = active(page).locator('tr', { hasText: '机械手' }).first();
    await row.locator('.arco-checkbox').click();
    const [labels] = await Promise.all([page.context().waitForEvent('page'), active(page).getByTestId('batch-qrcode').click()]);
    const card = labels.locator('[data-testid^="qrcode-card-"]').first();
    await card.waitFor();
    const name = card.locator('.qp-fd-qr-line span', { hasText: '机械手' });
    const box = await name.evaluate((el) => ({ text: el.textContent, scroll: el.scrollWidth, width: el.clientWidth, height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) || 16 }));
    expect(box.text).toBe('二号线注塑机上料机械手（左工位） Line 2 moulding press loader robot, left station');
    expect(box.scroll).toBeLessThanOrEqual(box.width);
    expect(box.height).toBeGreaterThan(box.line * 1.5);
    await page.context().close();
  });
});
