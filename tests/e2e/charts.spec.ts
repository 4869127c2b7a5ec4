import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { chooseOption, DEMO_FORM, designChart, inputOf } from '../support/chart-browser.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');

/** The chart designer opens in its own window from the side menu (a `newWindow` route). */
async function openDesigner(page: Page): Promise<Page> {
  const group = page.getByTestId('menu-group-dashboards');
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  const [designer] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('menu-item-dashboards.combineDesigner').click()]);
  await designer.getByTestId('chart-designer').waitFor();
  return designer;
}

describe.skipIf(!!missing)('charts in a real browser', () => {
  it('the demo admin designs a bar chart and a pie chart over the demo form, previews and saves both', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
    const designer = await openDesigner(page);
    await designer.setViewportSize({ width: 1440, height: 1000 });

    // Nothing chosen yet: the preview says what to do; a bar without a dimension cannot be drawn.
    await designer.getByTestId('chart-preview').getByText('请先选择应用和表单').waitFor();
    await expectAccessible(designer, 'chart designer (empty)');

    const barId = await designChart(designer, { name: '按状态统计点检', type: 'bar', form: DEMO_FORM, dimension: '状态 Status' });
    // The bar chart is drawn by ECharts from the server's grouped counts.
    const preview = designer.getByTestId('chart-preview');
    await preview.locator('[data-chart-type="bar"] canvas').first().waitFor();
    await expectAccessible(designer, 'chart designer (bar)');

    // Saving again without a name is refused before anything is sent, at the name.
    await inputOf(designer, 'chart-name').fill('');
    await designer.getByTestId('chart-save').click();
    await designer.getByTestId('chart-problem-name').getByText('请输入名称').waitFor();
    await inputOf(designer, 'chart-name').fill('按状态统计点检');
    await designer.getByTestId('chart-save').click();
    await designer.getByTestId('chart-saved').waitFor();

    // A second chart from the menu again: a pie (donut) of records per line.
    const second = await openDesigner(page);
    const pieId = await designChart(second, { name: '各产线点检占比', type: 'pie', form: DEMO_FORM, dimension: '产线 Line' });
    await second.getByTestId('chart-option-donut').click();
    await second.getByTestId('chart-save').click();
    await second.getByTestId('chart-saved').waitFor();
    expect(pieId).not.toBe(barId);

    // Reopened by its address (the designer's own link after saving), the bar chart is as it was saved.
    await designer.reload();
    await designer.getByTestId('chart-designer').waitFor();
    await expect.poll(() => inputOf(designer, 'chart-name').inputValue()).toBe('按状态统计点检');
    expect(await designer.getByTestId('chart-type-bar').getAttribute('aria-pressed')).toBe('true');
    await designer.getByTestId('chart-preview').locator('canvas').first().waitFor();
    await page.context().close();
  });

  it('the demo admin opens the app ratio views from the application, adds one and sees it drawn', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
    await active(page).locator('.qp-workbench-app', { hasText: '设备点检' }).locator('a').click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.appView"]').waitFor();
    await active(page).getByTestId('ratio-views-open').click();
    await page.locator('.qp-page[data-active="true"][data-page="forms.ratioView"]').waitFor();
    const screen = active(page);
    await screen.getByTestId('ratio-empty').waitFor();
    await expectAccessible(page, 'ratio views (empty)');

    await screen.getByTestId('ratio-create').click();
    const editor = page.getByTestId('ratio-editor');
    await editor.waitFor();
    await inputOf(page, 'ratio-name').fill('平均温度');
    await chooseOption(page, 'ratio-form', DEMO_FORM);
    // Numerator: the sum of temperatures; denominator: the records (the default); not in percent.
    await chooseOption(page, 'ratio-numerator-field', '温度 Temperature');
    await chooseOption(page, 'ratio-numerator-aggregate', '求和');
    await page.getByTestId('ratio-percent').click();
    await editor.getByTestId('ratio-preview').locator('[data-testid="chart-view"][data-chart-type="table"] .arco-table').waitFor();
    await expectAccessible(page, 'ratio view editor');
    await page.getByTestId('ratio-save').click();
    await editor.waitFor({ state: 'hidden' });

    await screen.getByTestId('ratio-list').locator('tr', { hasText: '平均温度' }).waitFor();
    // Drawn from the saved view: (68.5 + 121 + 45.2) ÷ 5 demo records.
    const shown = screen.getByTestId('ratio-view-shown');
    await shown.locator('.arco-table').waitFor();
    expect(await shown.innerText()).toContain('平均温度');
    expect(await shown.innerText()).toContain('46.94');
    await expectAccessible(page, 'ratio views');
    await page.context().close();
  });
});
