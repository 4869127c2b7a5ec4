import type { Browser, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BoardDataAnswer } from '../../shared/api/dashboards.ts';
import type { Platform } from '../../server/platform.ts';
import { activePage, expectAccessible, openMenu, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { chooseOption, DEMO_FORM, designChart, inputOf } from '../support/chart-browser.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

/** A `newWindow` page opened by a click: the popup, once its page shows `testId`. */
async function popup(page: Page, click: () => Promise<void>, testId: string): Promise<Page> {
  const [opened] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await opened.setViewportSize({ width: 1440, height: 900 });
  await opened.getByTestId(testId).waitFor();
  return opened;
}

/** The next board data answer the page receives (the charts as it draws them). */
const nextBoardData = (page: Page, boardId: string) =>
  page.waitForResponse((r: Response) => r.request().method() === 'POST' && r.url().endsWith(`/api/dashboards/boards/${boardId}/data`)).then(async (r) => ((await r.json()) as { data: BoardDataAnswer }).data);

/** The total a chart shows (the sum of its first measure over every group), from a board data answer. */
function total(answer: BoardDataAnswer, chartId: string): number {
  const chart = answer.charts[chartId];
  if (!chart?.ok) throw new Error(`chart ${chartId} did not load`);
  const measure = chart.result.columns.findIndex((c) => c.role === 'measure');
  return chart.result.rows.reduce((sum, row) => sum + Number(row[measure] ?? 0), 0);
}

/** Clicks the chart's drawing where its first bar stands, trying a few points: ECharts decides where bars go. */
async function clickFirstBar(page: Page, chartId: string): Promise<void> {
  const canvas = page.getByTestId(`chart-card-${chartId}`).locator('canvas').first();
  await canvas.waitFor();
  const box = (await canvas.boundingBox())!;
  for (const [x, y] of [[0.3, 0.7], [0.25, 0.75], [0.2, 0.8], [0.35, 0.8], [0.3, 0.85]] as const) {
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    if (await page.waitForURL(/filter=/, { timeout: 1500 }).then(() => true, () => false)) return;
  }
  throw new Error('no bar was hit');
}

describe.skipIf(!!missing)('dashboards and data screens in a real browser', () => {
  it('designs two charts, puts them on a dashboard with a global filter, drills down, sees a new record live, and shows a data screen full screen', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 1000, acceptDownloads: true });
    await page.setViewportSize({ width: 1440, height: 1000 });

    // Two charts over the demo form, in the chart designer's window.
    await openMenu(page, 'dashboards', 'dashboards.dashboard', false);
    // The demo's own dashboard is listed (server/apps/dashboards/demo.ts).
    await activePage(page).getByTestId('dashboard-table').getByText('设备点检看板').waitFor();
    await expectAccessible(page, 'dashboards');
    const firstDesigner = await popup(page, () => openMenu(page, 'dashboards', 'dashboards.combineDesigner', false), 'chart-designer');
    const barId = await designChart(firstDesigner, { name: '看板-按状态', type: 'bar', form: DEMO_FORM, dimension: '状态 Status' });
    await firstDesigner.close();
    const secondDesigner = await popup(page, () => openMenu(page, 'dashboards', 'dashboards.combineDesigner', false), 'chart-designer');
    const pieId = await designChart(secondDesigner, { name: '看板-按产线', type: 'pie', form: DEMO_FORM, dimension: '产线 Line' });
    await secondDesigner.close();

    // A new dashboard opens in edit mode: both charts, a text, a global filter on the line, saved.
    // The list is still the page shown behind the designer windows.
    await activePage(page).getByTestId('dashboard-create').click();
    await inputOf(page, 'board-info-name').fill('车间看板');
    await page.getByTestId('board-info-ok').click();
    const board = page.getByTestId('board-view');
    await board.getByTestId('board-editbar').waitFor();
    const boardId = (await board.getAttribute('data-board'))!;
    for (const chartId of [barId, pieId]) {
      await board.getByTestId('board-add-chart').click();
      await page.getByTestId(`add-chart-${chartId}`).click();
      await board.getByTestId(`chart-card-${chartId}`).waitFor();
    }
    await board.getByTestId('board-add-text').click();
    await board.locator('[data-testid^="board-text-edit-"] textarea, textarea[data-testid^="board-text-edit-"]').first().fill('早班 Morning shift');
    await board.getByTestId('board-filter-add').click();
    await chooseOption(page, 'filter-dialog-field', '产线 Line');
    await page.getByTestId('filter-dialog-targets').getByText(DEMO_FORM).waitFor();
    await expectAccessible(page, 'dashboard editor with the filter dialog');
    await page.getByTestId('filter-dialog-ok').click();
    await board.locator('[data-testid^="board-filter-value-"]').first().waitFor();
    const saved = nextBoardData(page, boardId);
    await board.getByTestId('board-save').click();
    await board.getByTestId('board-edit').waitFor();
    const unfiltered = await saved;
    expect(total(unfiltered, barId)).toBe(5);
    await board.getByTestId(`chart-card-${barId}`).locator('canvas').first().waitFor();
    await board.getByTestId(`chart-card-${pieId}`).locator('canvas').first().waitFor();
    await expectAccessible(page, 'dashboard');

    // The export menu offers the chart's data as a spreadsheet (and its picture).
    await board.getByTestId(`chart-export-${barId}`).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`chart-export-xlsx-${barId}`).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // The global filter: line 1 only — both charts are read again with it.
    const filtered = nextBoardData(page, boardId);
    const filterId = (await board.locator('[data-testid^="board-filter-value-"]').first().getAttribute('data-testid'))!;
    await chooseOption(page, filterId, '一号线 Line 1');
    await page.keyboard.press('Escape');
    const lineOne = await filtered;
    expect(total(lineOne, barId)).toBe(2);
    expect(total(lineOne, pieId)).toBe(2);

    // Drill-down from a bar: the forms list with the records behind it (line 1 and the bar's status).
    await clickFirstBar(page, barId);
    const records = page.locator('.qp-page[data-active="true"][data-page="forms.appView"]');
    await records.locator('[data-testid^="record-row-"]').first().waitFor();
    expect(await records.locator('[data-testid^="record-row-"]').count()).toBe(1);
    const listUrl = page.url();
    await page.goBack();
    await board.getByTestId(`chart-card-${barId}`).waitFor();

    // A record added in a second tab, through the forms screens: the dashboard reads its charts again by itself.
    const second = await page.context().newPage();
    await second.goto(listUrl.replace(/\?.*$/, ''));
    await second.getByTestId('new-record').click();
    const drawer = second.getByTestId('record-drawer');
    await drawer.waitFor();
    await drawer.locator('[data-testid="record-field-f1"] input').fill('新注塑机 New press');
    await drawer.locator('[data-testid="record-field-f7"] .arco-select-view').click();
    await second.locator('.arco-select-popup:visible .arco-select-option', { hasText: '一号线 Line 1' }).first().click();
    const live = nextBoardData(page, boardId);
    await second.getByTestId('record-submit').click();
    await second.getByText('新注塑机 New press').first().waitFor();
    expect(total(await live, barId)).toBe(3);
    await second.close();

    // A data screen: made in the manager, designed in its window, shown full screen in the viewer.
    await openMenu(page, 'dashboards', 'dashboards.screenManager', false);
    const manager = activePage(page);
    await manager.getByTestId('screen-create').click();
    await inputOf(page, 'board-info-name').fill('二号线墙面大屏');
    await page.getByTestId('board-info-theme-dark-blue').click();
    await expectAccessible(page, 'new data screen dialog');
    await page.getByTestId('board-info-ok').click();
    const row = manager.locator('tr', { hasText: '二号线墙面大屏' });
    await row.waitFor();
    const screenId = (await row.locator('[data-testid^="screen-design-"]').getAttribute('data-testid'))!.replace('screen-design-', '');
    const designer = await popup(page, () => row.getByTestId(`screen-design-${screenId}`).click(), 'screen-designer');
    await designer.getByTestId('board-add-text').click();
    await inputOf(designer, 'screen-item-text').fill('一号线实时看板');
    await designer.getByTestId('board-add-chart').click();
    await designer.getByTestId(`add-chart-${barId}`).click();
    await designer.getByTestId('screen-add-clock').click();
    await expectAccessible(designer, 'data screen designer');
    await designer.getByTestId('board-save').click();
    await designer.getByText('已保存').first().waitFor();
    await designer.close();

    const viewer = await popup(page, () => activePage(page).getByTestId(`screen-view-${screenId}`).click(), 'screen-viewer');
    await viewer.getByTestId('screen-stage').locator('canvas').first().waitFor();
    expect(await viewer.getByTestId('screen-viewer').getAttribute('class')).toContain('qp-screen-theme-dark-blue');
    const scale = Number(await viewer.locator('.qp-screen-stage').getAttribute('data-scale'));
    expect(scale).toBeGreaterThan(0.5);
    expect(scale).toBeLessThan(1);
    await viewer.getByTestId('screen-viewer').getByText('一号线实时看板').waitFor();
    await expectAccessible(viewer, 'data screen viewer');
    await viewer.getByTestId('screen-fullscreen').click();
    await expect.poll(() => viewer.getByTestId('screen-viewer').getAttribute('data-fullscreen')).toBe('true');
    await expect.poll(() => viewer.evaluate(() => !!document.fullscreenElement)).toBe(true);
    await page.context().close();
  }, 240_000); // one long journey through four windows: 85 s on a quiet 2-core machine, twice that under CI's load
});
