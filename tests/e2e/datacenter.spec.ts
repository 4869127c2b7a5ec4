import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');
const DEMO_FORM = '点检记录 Inspection';

async function openFromMenu(page: Page, routeId: string) {
  const group = page.getByTestId('menu-group-forms');
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await page.getByTestId(`menu-item-${routeId}`).click();
  await page.locator(`.qp-page[data-active="true"][data-page="${routeId}"]`).waitFor();
}

describe.skipIf(!!missing)('the data centre in a real browser', () => {
  it('the demo admin finds the data centre in the menu, searches it, opens a table with its growth, then monitoring', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await openFromMenu(page, 'forms.consoleDataCenter');
    const screen = active(page);
    const demoRow = screen.locator('.qp-dc-row', { hasText: DEMO_FORM });
    await demoRow.waitFor();
    const listed = await demoRow.getByTestId('dc-rows').innerText();
    expect(Number(listed.replace(/[^0-9]/g, ''))).toBeGreaterThan(0);
    await expectAccessible(page, 'data centre');

    // Search narrows the tables by app or form; words that match nothing say so.
    await screen.getByTestId('dc-search').fill('没有这样的表zz');
    await screen.getByText('没有与搜索词匹配的数据表。').waitFor();
    await screen.getByTestId('dc-search').fill('点检');
    await demoRow.waitFor();

    // A row opens its table: the same records, its size, and the records added each day.
    await demoRow.getByTestId('dc-open').click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.dataTable"]').waitFor();
    const table = active(page);
    await table.getByTestId('dc-table-growth').waitFor();
    expect(await table.getByTestId('dc-table-rows').innerText()).toContain(listed);
    expect(Number(await table.getByTestId('dc-table-growth').getAttribute('data-total'))).toBeGreaterThan(0);
    await table.getByTestId('dc-table-growth').locator('[data-testid="chart-view"][data-chart-type="line"] canvas').first().waitFor();
    expect(page.url()).toMatch(/\/datacenter\/table\/list\/[0-9]+$/);
    await expectAccessible(page, 'data table');

    // Monitoring, from the menu: totals, growth over the space and its largest tables, each opening its table.
    await openFromMenu(page, 'forms.consoleDataMonitoring');
    const monitoring = active(page);
    await monitoring.getByTestId('dc-space-growth').waitFor();
    expect(Number((await monitoring.getByTestId('dc-total-forms').innerText()).replace(/[^0-9]/g, ''))).toBeGreaterThan(0);
    await monitoring.locator('.qp-dc-row', { hasText: DEMO_FORM }).waitFor();
    await expectAccessible(page, 'data monitoring');

    // And from the table, its records.
    await monitoring.locator('.qp-dc-row', { hasText: DEMO_FORM }).getByTestId('dc-open').click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.dataTable"]').waitFor();
    await active(page).getByTestId('dc-open-records').click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.appView"]').waitFor();
    await page.context().close();
  });

  it('a member is not offered the data centre and is refused it by its address', async () => {
    const page = await signInPage(browser, platform.url, 'acme.user');
    expect(await page.getByTestId('menu-item-forms.consoleDataCenter').count()).toBe(0);
    await page.goto('/console/tmp/datacenter');
    await page.getByTestId('no-permission-page').waitFor();
    await page.context().close();
  });
});
