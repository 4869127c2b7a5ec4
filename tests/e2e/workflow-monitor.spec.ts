import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { pickMember } from '../support/picker-browser.ts';
import { approval, members, model, submitOrder, workflowKit } from '../support/workflow.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const PUMP = 'WM pump order';
const VALVE = 'WM valve order';

/**
 * Two running purchases waiting at N1 for WM A1. Made through the API: starting a flow from the designer and the
 * submit screen is what workflow-designer.spec.ts and the run screens' suites test; here it is only the set-up.
 */
beforeAll(async () => {
  if (missing) return;
  const kit = await workflowKit(platform.url, 'wm');
  await kit.publish(model([approval('n1', members(kit.ids.a1)), approval('n2', members(kit.ids.a2))]));
  await submitOrder(kit, kit.as.i, { f1: PUMP });
  await submitOrder(kit, kit.as.i, { f1: VALVE });
});

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');
const row = (page: Page, title: string) => active(page).locator('[data-testid="monitor-row"]', { hasText: title });


describe.skipIf(!!missing)('workflow monitoring in a real browser', () => {
  it('an admin finds the flows from the menu, filters them, reassigns one to-do and interrupts another', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    const group = page.getByTestId('menu-group-workflow');
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await page.getByTestId('menu-item-workflow.consoleMonitoring').click();
    await page.locator('.qp-page[data-active="true"][data-page="workflow.consoleMonitoring"]').waitFor();
    await row(page, PUMP).waitFor();
    await expectAccessible(page, 'workflow monitoring');

    // Filter: the purchase form, handled by WM A1, at step n1.
    const screen = active(page);
    await screen.getByTestId('monitor-filter-form').locator('.arco-select-view').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'Purchase' }).first().click();
    await pickMember(page, 'monitor-filter-assignee', 'WM A1');
    await screen.getByTestId('monitor-filter-node').fill('n1');
    await screen.getByTestId('monitor-filter-apply').click();
    await expect.poll(() => screen.getByTestId('monitor-row').count()).toBe(2);
    expect(await row(page, PUMP).getByTestId('monitor-assignees').innerText()).toBe('WM A1');
    expect(await row(page, PUMP).getByTestId('monitor-nodes').innerText()).toBe('n1');

    // Reassign the pump order's to-do to WM C: the reason is required and counted.
    await row(page, PUMP).getByTestId('monitor-reassign').click();
    const dialog = page.locator('.arco-modal:visible', { hasText: '转办' });
    await dialog.getByTestId('monitor-dialog-task').waitFor();
    expect(await dialog.getByTestId('monitor-dialog-task').innerText()).toContain('N1 · WM A1');
    await pickMember(page, 'monitor-dialog-to', 'WM C');
    await dialog.getByTestId('monitor-dialog-ok').click();
    expect(await dialog.getByTestId('monitor-reason-problem').innerText()).toBe('请填写理由。');
    await dialog.getByTestId('monitor-reason').fill('WM A1 休假一周');
    expect(await dialog.getByTestId('monitor-reason-count').innerText()).toBe('10/60');
    await expectAccessible(page, 'reassign dialog');
    await dialog.getByTestId('monitor-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await screen.getByTestId('monitor-done').innerText()).toContain(`已转办：${PUMP}`);
    // No longer WM A1's: the filtered table drops it; unfiltered, it waits for WM C.
    await expect.poll(() => screen.getByTestId('monitor-row').count()).toBe(1);
    await screen.getByTestId('monitor-filter-reset').click();
    await expect.poll(() => row(page, PUMP).getByTestId('monitor-assignees').innerText()).toBe('WM C');

    // Interrupt the valve order with a reason: it stays listed, interrupted, and offers recover instead.
    await row(page, VALVE).getByTestId('monitor-interrupt').click();
    const interrupt = page.locator('.arco-modal:visible', { hasText: '中断' });
    await interrupt.getByTestId('monitor-reason').fill('供应商停产');
    await expectAccessible(page, 'interrupt dialog');
    await interrupt.getByTestId('monitor-dialog-ok').click();
    await interrupt.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, VALVE).getByTestId('monitor-state').innerText()).toBe('已中断');
    expect(await row(page, VALVE).getByTestId('monitor-recover').count()).toBe(1);
    expect(await row(page, VALVE).getByTestId('monitor-reassign').count()).toBe(0);
    await expectAccessible(page, 'workflow monitoring after the interventions');
    await page.context().close();
  });

  it('a member who manages no flow, opening the page by its address, is told so', async () => {
    const page = await signInPage(browser, platform.url, 'acme.user');
    expect(await page.getByTestId('menu-item-workflow.consoleMonitoring').count()).toBe(0);
    await page.goto('/space-acme/console/tmp/workflow/monitoring');
    await active(page).getByTestId('monitor-no-access').waitFor();
    expect(await active(page).getByTestId('monitor-no-access').innerText()).toContain('你没有管理任何流程');
    await expectAccessible(page, 'workflow monitoring, nothing managed');
    await page.context().close();
  });
});
