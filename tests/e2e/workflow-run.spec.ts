import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import {
  act, activePage, amountAbove, flowState, insertNode, openMenu, openRow, setApprovers, shown, todoRow,
} from '../support/workflow-browser.ts';

/**
 * The workflow engine's browser tests: a flow designed and published in the designer, a record
 * submitted from the app's new-record drawer, and the people of the flow working it from their process centres —
 * urge, approve, return and resubmit, an agent, rollback, and a countersign decided from two browser contexts at
 * once. Everything is reached by clicks from sign-in; nothing is created through the API.
 *
 * People: acme.admin builds the app, its form and its flow, and starts the record (as initiator he may urge);
 * N1 is acme.safe's; amount > 1000 goes to a countersign of acme.user and acme.audit, otherwise to acme.user.
 * The duty roles use no app unless it names them (decision 0026), so the app names 普通用户, 安全审核员 and 审计员.
 */

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
const suffix = Math.random().toString(36).slice(2, 7);
const SYSTEM = `采购 ${suffix}`;
const APP = `采购申请 ${suffix}`;
const TITLE = `水泵采购 ${suffix}`;
const SHOTS = path.resolve('tests/e2e/screenshots');
const NAME = { admin: 'acme admin', user: 'acme user', safe: 'acme safe', audit: 'acme audit' } as const;

let admin: Page;
let safe: Page;
let user: Page;
let audit: Page;

beforeAll(async () => {
  if (missing) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const signIn = (login: string) => signInPage(browser, platform.url, login, { height: 900 });
  [admin, safe, user, audit] = await Promise.all([signIn('acme.admin'), signIn('acme.safe'), signIn('acme.user'), signIn('acme.audit')]);
});

/** The message centre from the header's bell. */
async function openMessages(page: Page) {
  await page.getByTestId('message-bell').click();
  await activePage(page).getByTestId('message-center').waitFor();
}
const message = (page: Page, title: string) => activePage(page).getByTestId('message-row').filter({ hasText: title });

/** Where the flow diagram says a node stands (done, current, pending …). */
const nodeStatus = (page: Page, id: string) => activePage(page).getByTestId(`flow-node-${id}`).getAttribute('data-status');

/** The timeline's entries as text, oldest first. */
const timeline = (page: Page) => activePage(page).locator('[data-testid^="flow-log-"]').allInnerTexts();

/** `page` opens its to-do of the record from the process centre and takes `action` (with an opinion or reason). */
async function fromTodo(page: Page, action: string, reason?: string) {
  await openRow(page, await todoRow(page, 'todo', TITLE));
  return act(page, action, reason);
}

describe.skipIf(!!missing)('running a workflow in real browsers', () => {
  it('the admin creates a form with an amount and designs its flow: N1, then amount > 1000 → countersign, else one approver', async () => {
    const byId = (id: string) => shown(admin, id);
    await byId('menu-item-appcenter.home').click();
    await byId('system-create').click();
    await byId('appcenter-form-name').fill(SYSTEM);
    await byId('appcenter-form-ok').click();
    await byId('appcenter-editor').waitFor({ state: 'hidden' });
    const section = admin.locator('[data-testid^="system-section-"]:visible', { hasText: SYSTEM });
    await section.locator('[data-testid^="app-create-"]').click();
    await byId('appcenter-form-name').fill(APP);
    // Its approvers include a security reviewer and an auditor: the app names their roles with the business users'.
    await byId('appcenter-form-roles').click();
    for (const role of ['普通用户', '安全审核员', '审计员']) await admin.locator('.arco-select-option', { hasText: new RegExp(`^${role}$`) }).click();
    await byId('appcenter-form-name').click();
    await admin.locator('.arco-select-popup').first().waitFor({ state: 'hidden' });
    await byId('appcenter-form-ok').click();
    await byId('appcenter-editor').waitFor({ state: 'hidden' });
    await section.locator('[data-testid^="app-tile-"]', { hasText: APP }).click();
    await byId('form-create').click();
    await byId('form-name-input').fill('采购单');
    await admin.locator('[data-testid="form-name-modal"] .arco-btn-primary').click();
    await byId('form-design-link').click();
    // Amount first: a new field condition starts on the first field.
    await byId('palette-amount').click();
    await byId('prop-label').fill('金额');
    await byId('palette-text').click();
    await byId('prop-label').fill('事由');
    await byId('prop-required').click();
    await byId('prop-title').click();
    await byId('designer-save').click();
    await byId('designer-publish').click();
    await admin.getByText('第 1 版').first().waitFor();

    await byId('designer-workflow').click();
    await byId('flow-designer').waitFor();
    await byId('flow-select-n1').click();
    await byId('flow-prop-name').fill('N1 安全审核');
    await setApprovers(admin, [NAME.safe]);
    await insertNode(admin, 'flow-add-main-2', 'condition');
    await amountAbove(admin, 'c1:b1', 1000, '大额');
    await insertNode(admin, 'flow-add-c1:b1-0', 'approval');
    await byId('flow-prop-name').fill('大额会签');
    await setApprovers(admin, [NAME.user, NAME.audit]);
    await byId('flow-tab-how').click();
    await byId('flow-mode-countersign').click();
    await insertNode(admin, 'flow-add-c1:b2-0', 'approval');
    await byId('flow-prop-name').fill('主管审批');
    await setApprovers(admin, [NAME.user]);
    await byId('flow-publish').click();
    await expect.poll(() => byId('flow-version').textContent()).toBe('第 1 版');
    await byId('flow-back').click();
    await byId('designer-back').click();
    await byId('new-record').waitFor();
  });

  it('the admin submits a record of 5000 from the new-record drawer; acme.safe sees the to-do arrive, and the urge once', async () => {
    await openMessages(safe);
    await shown(admin, 'new-record').click();
    const drawer = shown(admin, 'flow-start');
    await drawer.waitFor();
    await drawer.locator('[data-testid="record-field-f1"] input').fill('5000');
    await drawer.locator('[data-testid="record-field-f2"] input').fill(TITLE);
    await shown(admin, 'flow-start-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    await message(safe, `待办：${TITLE}`).waitFor();

    // The initiator urges from the record page; a second urge within the hour is refused.
    await admin.locator('[data-testid^="record-row-"]:visible', { hasText: TITLE }).click();
    await activePage(admin).getByTestId('flow-panel').waitFor();
    expect(await flowState(admin)).toBe('审批中');
    expect(await nodeStatus(admin, 'n1')).toBe('current');
    await act(admin, 'urge', '请尽快处理');
    await message(safe, `催办：${TITLE}`).waitFor();
    const refused = await act(admin, 'urge', undefined, true);
    await expect.poll(() => refused.getByTestId('flow-dialog-error').innerText()).toMatch(/^一小时内已催办过，\d+ 分钟后可再次催办。$/);
    await expectAccessible(admin, 'urge dialog with a refusal');
    await refused.getByTestId('flow-dialog-cancel').click();
    expect((await timeline(admin)).filter((entry) => entry.includes('催办'))).toHaveLength(1);
  });

  it('acme.safe approves N1 from his process centre; acme.user returns it; the admin edits and resubmits', async () => {
    const todo = await todoRow(safe, 'todo', TITLE);
    expect(await todo.innerText()).toContain(`发起人：${NAME.admin}`);
    expect(await todo.innerText()).toContain('被催办');
    await expectAccessible(safe, 'process centre, my to-dos');
    await openRow(safe, todo);
    // The approver sees the amount he approves.
    expect(await activePage(safe).getByTestId('flow-values').innerText()).toContain('¥5,000');
    await expectAccessible(safe, 'record page with the flow panel');
    await act(safe, 'approve', '同意采购');
    expect((await timeline(safe)).at(-1)).toContain('同意采购');
    // 5000 > 1000: the countersign branch runs, the other one is not reached.
    expect([await nodeStatus(safe, 'n1'), await nodeStatus(safe, 'a1'), await nodeStatus(safe, 'a2')]).toEqual(['done', 'current', 'pending']);

    await fromTodo(user, 'return', '请补充供应商报价');
    expect(await flowState(user)).toBe('已退回');

    const row = await todoRow(admin, 'drafts', TITLE);
    expect(await row.getByTestId('todo-state').innerText()).toBe('已退回');
    await openRow(admin, row);
    expect(await flowState(admin)).toBe('已退回');
    expect((await timeline(admin)).at(-1)).toContain('请补充供应商报价');
    await activePage(admin).locator('[data-testid="record-field-f1"] input').fill('6000');
    await activePage(admin).getByTestId('flow-action-submit').click();
    await expect.poll(() => flowState(admin)).toBe('审批中');
  });

  it('acme.user makes acme.safe his agent; acme.safe approves N1 and, as agent, acme.user\'s countersign; acme.audit rolls back to N1', async () => {
    await fromTodo(safe, 'approve', '已核对报价');

    await openMenu(user, 'workflow', 'workflow.appAgent');
    await activePage(user).getByTestId('agent-new').click();
    const dialog = user.locator('.arco-modal:visible', { hasText: '新建代理' });
    await user.getByTestId('agent-picker-open').click();
    const picker = user.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
    await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill(NAME.safe);
    await expect.poll(() => picker.getByTestId('agent-picker-member-option').count()).toBe(1);
    await picker.getByTestId('agent-picker-member-option').locator('label').click();
    await picker.getByTestId('agent-picker-ok').click();
    await dialog.getByTestId('agent-apps').click();
    await user.locator('.arco-select-popup .arco-select-option', { hasText: APP }).click();
    await dialog.locator('.arco-modal-title').click();
    await dialog.getByTestId('agent-save').click();
    await dialog.waitFor({ state: 'hidden' });

    const row = await todoRow(safe, 'todo', TITLE);
    expect(await row.getByTestId('todo-on-behalf').innerText()).toBe(`代 ${NAME.user} 处理`);
    await openRow(safe, row);
    expect(await activePage(safe).getByTestId('flow-task-as').innerText()).toBe(`代理 ${NAME.user}`);
    await act(safe, 'approve', '代为同意');
    expect((await timeline(safe)).at(-1)).toContain(`${NAME.safe}（代 ${NAME.user}）`);

    await openRow(audit, await todoRow(audit, 'todo', TITLE));
    await activePage(audit).getByTestId('flow-action-rollback').click();
    const rollback = audit.getByTestId('flow-dialog-rollback');
    expect(await rollback.getByTestId('flow-dialog-target').innerText()).toContain('N1 安全审核');
    await expectAccessible(audit, 'rollback dialog');
    await rollback.getByTestId('flow-dialog-reason').fill('金额需重新核定');
    await rollback.getByTestId('flow-dialog-ok').click();
    await rollback.waitFor({ state: 'hidden' });
    expect(await flowState(audit)).toBe('审批中');
  });

  it('acme.safe approves N1 again; acme.user and acme.audit approve the countersign at the same time; the flow is approved', async () => {
    await fromTodo(safe, 'approve', '复核通过');
    await Promise.all([user, audit].map(async (page) => {
      await openRow(page, await todoRow(page, 'todo', TITLE));
      await activePage(page).getByTestId('flow-action-approve').click();
      await page.getByTestId('flow-dialog-approve').waitFor();
    }));
    await Promise.all([user, audit].map((page) => page.getByTestId('flow-dialog-ok').click()));
    await Promise.all([user, audit].map((page) => page.getByTestId('flow-dialog-approve').waitFor({ state: 'hidden' })));

    await admin.reload();
    await activePage(admin).getByTestId('flow-panel').waitFor();
    expect(await flowState(admin)).toBe('已通过');
    const entries = await timeline(admin);
    expect(entries.at(-1)).toContain('流程通过');
    // Both countersign votes counted, one from each browser.
    const votes = entries.slice(-3, -1);
    expect(votes.every((entry) => entry.startsWith('同意') && entry.includes('大额会签'))).toBe(true);
    expect(votes.map((entry) => entry.split('\n')[1]).sort()).toEqual([NAME.audit, NAME.user]);
    expect(entries.some((entry) => entry.includes('回退') && entry.includes('金额需重新核定'))).toBe(true);
    expect(entries.some((entry) => entry.includes(`${NAME.safe}（代 ${NAME.user}）`))).toBe(true);
    expect([await nodeStatus(admin, 'a1'), await nodeStatus(admin, 'a2'), await nodeStatus(admin, 'end')]).toEqual(['done', 'pending', 'done']);
    await expectAccessible(admin, 'approved record with its timeline');
    await admin.screenshot({ path: path.join(SHOTS, 'workflow-run.png'), fullPage: true });
    for (const page of [admin, safe, user, audit]) await page.context().close();
  });
});
