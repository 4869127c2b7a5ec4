import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { watchFlushers } from '../../server/apps/console/watch/routes.ts';
import { activePage, expectAccessible, openMenu, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

/** The minute flush, now: the figures the pages show are those the server measured of this browser's own calls. */
const flushMinute = () => watchFlushers.get(platform.kernel)!.flush(true);

async function chooseOption(page: Page, testId: string, text: string | RegExp): Promise<void> {
  await activePage(page).getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: text }).first().click();
}

describe.skipIf(!!missing)('interface watch and event tracking in a real browser', () => {
  it('root reaches the watch pages through the menu and sees the measured figures, limits and tracked pages', async () => {
    // A member browses first: the shell reports her page views by beacon, in her own space.
    const member = await signInPage(browser, platform.url, 'acme.user');
    await member.getByTestId('greeting').waitFor();
    // The waiting views leave as a beacon within seconds (or when the page is left): the workbench, then the
    // not-found page — stored in acme, her space.
    const stored = async (page: string) =>
      (await platform.kernel.databases.owner.query(`select array_agg(distinct space_id) as spaces from track_event where page = $1`, [page])).rows[0].spaces;
    await expect.poll(() => stored('portal.workbench'), { timeout: 15_000 }).toEqual(['acme']);
    await member.goto('/notfound');
    await member.getByTestId('not-found-page').waitFor();
    await expect.poll(() => stored('shell.notFound'), { timeout: 15_000 }).toEqual(['acme']);
    await member.context().close();

    const page = await signInPage(browser, platform.url, 'root', { height: 1000 });
    await flushMinute();

    // Interface watch: the routes this browser called, with their figures.
    await openMenu(page, 'console', 'console.interfaceWatch', false);
    const watch = activePage(page).getByTestId('interface-watch');
    await watch.waitFor();
    await watch.getByTestId('watch-refresh').click();
    const row = watch.getByTestId('watch-routes').locator('tr', { hasText: '/napi/micro-apps/qycloudBaseInfo' }).first();
    await row.waitFor();
    const calls = Number((await row.locator('td').nth(2).innerText()).trim());
    expect(calls).toBeGreaterThan(0);
    await expect.poll(async () => watch.getByTestId('watch-totals').innerText()).toMatch(/\d/);
    await expectAccessible(page, 'interface watch');

    // One route over time: the detail page with its figures and charts.
    await row.getByRole('button').click();
    const detail = activePage(page).getByTestId('watch-detail');
    await detail.waitFor();
    await expect.poll(async () => detail.getByTestId('watch-detail-route').innerText()).toContain('/napi/micro-apps/qycloudBaseInfo');
    await expect.poll(async () => detail.getByTestId('watch-detail-figures').innerText()).toMatch(/\d+(\.\d+)? ms/);
    await detail.getByTestId('watch-chart-calls').locator('canvas').first().waitFor();

    // All interfaces over time.
    await openMenu(page, 'console', 'console.interfaceAnalysis', false);
    const analysis = activePage(page).getByTestId('interface-analysis');
    await analysis.getByTestId('watch-chart-latency').locator('canvas').first().waitFor();

    // A global p95 limit, set through the dialog.
    await openMenu(page, 'console', 'console.configurePoint', false);
    const configure = activePage(page).getByTestId('configure-point');
    await configure.getByTestId('threshold-add').click();
    await page.locator('input[data-testid="threshold-p95"], [data-testid="threshold-p95"] input').first().fill('1500');
    await page.getByTestId('threshold-save').click();
    await configure.getByTestId('threshold-table').getByText('1500').waitFor();
    const limits = (await platform.kernel.databases.owner.query('select max_p95_ms, method from watch_threshold')).rows;
    expect(limits).toEqual([{ max_p95_ms: 1500, method: null }]);

    // Event tracking: the member's views in acme, and a funnel over two of its pages.
    await openMenu(page, 'console', 'console.buryingAnalysis', false);
    const tracking = activePage(page).getByTestId('burying-analysis');
    await tracking.waitFor();
    await chooseOption(page, 'track-space', /\(acme\)/);
    const pages = tracking.getByTestId('track-top-pages');
    await pages.getByText('portal.workbench').first().waitFor();
    await chooseOption(page, 'track-funnel-steps', 'portal.workbench');
    await chooseOption(page, 'track-funnel-steps', 'shell.notFound');
    await page.keyboard.press('Escape');
    await activePage(page).getByTestId('track-funnel-run').click();
    const funnel = activePage(page).getByTestId('track-funnel-result');
    await funnel.waitFor();
    const counts = await funnel.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(counts.map(Number)).toEqual([1, 1]);
  });
});
