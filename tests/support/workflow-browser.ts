import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Steps of the workflow browser suites (workflow-designer, workflow-run): what a user clicks in the process
 * designer, the process centre and the record's flow panel. The shell keeps earlier pages mounted (hidden), so
 * every lookup is of what is shown.
 */
export const shown = (page: Page, id: string) => page.locator(`[data-testid="${id}"]:visible`);

/** Picks `option` in the Arco select inside `within` (options render in a popup at the end of the page). */
export async function choose(page: Page, within: string, option: string) {
  await page.locator(`${within} .arco-select-view`).first().click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}

/** Inserts a node of `type` on the edge `edge` (flow-add-{path}-{index}); the new node becomes the selected one. */
export async function insertNode(page: Page, edge: string, type: 'approval' | 'cc' | 'condition' | 'parallel') {
  await shown(page, edge).click();
  await page.locator(`.arco-dropdown-menu:visible [data-testid="flow-insert-${type}"]`).click();
}

/** The selected approval node's only assignee rule becomes "members" with these people, found by name. */
export async function setApprovers(page: Page, names: readonly string[]) {
  await choose(page, '[data-testid="flow-assignee-0-kind"]', '指定成员');
  await shown(page, 'flow-assignee-0-value-open').click();
  const picker = page.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
  for (const name of names) {
    await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill(name);
    await picker.locator('[data-testid="flow-assignee-0-value-member-option"]', { hasText: name }).first().locator('label').click();
  }
  await picker.locator('[data-testid="flow-assignee-0-value-ok"]').click();
  await expect.poll(() => shown(page, 'flow-assignee-0-value-tag').count()).toBe(names.length);
}

/** The condition branch `branch` (gatewayId:branchId) gets "first field > value" and a name. */
export async function amountAbove(page: Page, branch: string, value: number, name: string) {
  await shown(page, `flow-select-branch-${branch}`).click();
  await shown(page, 'condition-add').click();
  await choose(page, '[data-testid="condition-row-0"] .arco-select:nth-of-type(2)', '大于');
  await page.locator('[data-testid="condition-row-0"] input').last().fill(String(value));
  await shown(page, 'flow-branch-name').fill(name);
}

/** The page the shell shows now. */
export const activePage = (page: Page) => page.locator('.qp-page[data-active="true"]');

/** Opens a page of the side menu's `group` (expanding the group first when it is folded). */
export async function openMenu(page: Page, group: string, item: string) {
  const folder = page.getByTestId(`menu-group-${group}`);
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await page.getByTestId(`menu-item-${item}`).click();
  await page.locator(`.qp-page[data-active="true"][data-page="${item}"]`).waitFor();
}

/** The process centre from the side menu, on the box `tab`; answers the list's row titled `title` once shown. */
export async function todoRow(page: Page, tab: 'todo' | 'done' | 'initiated' | 'cc' | 'drafts', title: string) {
  await openMenu(page, 'workflow', 'workflow.todoCenter');
  await activePage(page).getByTestId(`todo-tab-${tab}`).click();
  const row = activePage(page).getByTestId('todo-row').filter({ hasText: title });
  await row.first().waitFor();
  return row.first();
}

/** Opens the record of a process-centre row: its detail page with the flow panel. */
export async function openRow(page: Page, row: ReturnType<Page['locator']>) {
  await row.getByTestId('todo-open').click();
  await activePage(page).getByTestId('flow-panel').waitFor();
}

/** The flow panel's state tag (审批中, 已退回, 已通过 …) on the page shown. */
export const flowState = (page: Page) => activePage(page).getByTestId('flow-state').innerText();

/**
 * Clicks the flow panel's `action` and, in its dialog, writes `reason` (an opinion, a reason or a note) and
 * confirms; waits for the dialog to close unless `keepOpen` (a refusal is expected).
 */
export async function act(page: Page, action: string, reason?: string, keepOpen = false) {
  await activePage(page).getByTestId(`flow-action-${action}`).click();
  const dialog = page.getByTestId(`flow-dialog-${action}`);
  await dialog.waitFor();
  if (reason !== undefined) await dialog.getByTestId('flow-dialog-reason').fill(reason);
  await dialog.getByTestId('flow-dialog-ok').click();
  if (!keepOpen) await dialog.waitFor({ state: 'hidden' });
  return dialog;
}
