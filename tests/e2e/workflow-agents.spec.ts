import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { pickMember } from '../support/picker-browser.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');
const modal = (page: Page, title: string) => page.locator('.arco-modal:visible', { hasText: title });

/** Opens the agent page as a member does: the side menu's workflow group, then its entry. */
async function openAgents(page: Page) {
  const group = page.getByTestId('menu-group-workflow');
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await page.getByTestId('menu-item-workflow.appAgent').click();
  await page.locator('.qp-page[data-active="true"][data-page="workflow.appAgent"]').waitFor();
  await active(page).getByTestId('app-agent').waitFor();
}


const row = (page: Page, view: 'mine' | 'toMe', name: string) => active(page).getByTestId(`agents-${view}-table`).locator('tbody tr', { hasText: name });

describe.skipIf(!!missing)('application agents and account hosting in a real browser', () => {
  it('a member makes an agent, the agent sees it, the member takes it back and hosts his account', async () => {
    const member = await signInPage(browser, platform.url, 'acme.user', { height: 900 });
    await openAgents(member);
    await active(member).getByTestId('agents-mine').waitFor();
    await expectAccessible(member, 'agent page, my agents');

    // A new agent: the checks run before anything is sent.
    await active(member).getByTestId('agent-new').click();
    const dialog = modal(member, '新建代理');
    await dialog.getByTestId('agent-save').click();
    expect(await dialog.getByTestId('agent-error').innerText()).toBe('请选择代理人。');
    await pickMember(member, 'agent-picker', 'acme admin');
    await dialog.getByTestId('agent-save').click();
    expect(await dialog.getByTestId('agent-error').innerText()).toBe('请至少选择一个应用作为代理范围。');
    await dialog.getByTestId('agent-apps').click();
    await member.locator('.arco-select-popup .arco-select-option', { hasText: '设备点检' }).click();
    await dialog.locator('.arco-modal-title').click();
    await dialog.getByTestId('agent-perm-returnWorkflow').click();
    await expectAccessible(member, 'new agent dialog');
    await dialog.getByTestId('agent-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const mine = row(member, 'mine', 'acme admin');
    await expect.poll(() => mine.getByTestId('agent-state').getAttribute('data-state')).toBe('agenting');
    expect(await mine.innerText()).toContain('处理待办、退回流程');
    await expectAccessible(member, 'my agents with a rule');

    // The agent, in his own browser, finds it under "agents to me".
    const agent = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await openAgents(agent);
    await active(agent).getByTestId('agents-tab-toMe').click();
    const toMe = row(agent, 'toMe', 'acme user');
    await expect.poll(() => toMe.getByTestId('agent-state').getAttribute('data-state')).toBe('agenting');
    expect(await toMe.innerText()).toContain('设备点检');
    await expectAccessible(agent, 'agents to me');

    // The member takes it back.
    await mine.getByTestId('agent-recover').click();
    await member.locator('.arco-popconfirm:visible .arco-btn-primary').click();
    await expect.poll(() => mine.getByTestId('agent-state').getAttribute('data-state')).toBe('recycled');
    expect(await mine.getByTestId('agent-reedit').count()).toBe(1);

    // Account hosting: on, with one trustee.
    await active(member).getByTestId('agents-tab-hosting').click();
    await active(member).getByTestId('hosting').waitFor();
    await active(member).getByTestId('hosting-switch').click();
    await active(member).getByTestId('hosting-save').click();
    expect(await active(member).getByTestId('hosting-save-error').innerText()).toBe('开启托管需要选择一位受托人。');
    await pickMember(member, 'hosting-trustee', 'acme safe');
    await active(member).getByTestId('hosting-save').click();
    await expect.poll(() => active(member).getByTestId('hosting-saved').innerText()).toBe('已保存：账号已托管给 acme safe。');
    await expectAccessible(member, 'account hosting');

    const trustee = await signInPage(browser, platform.url, 'acme.safe', { height: 900 });
    await openAgents(trustee);
    await active(trustee).getByTestId('agents-tab-hosting').click();
    await expect.poll(() => active(trustee).getByTestId('hosting-to-me').innerText()).toContain('acme user');
    for (const page of [member, agent, trustee]) await page.context().close();
  });

  it('in English, the page and its refusals read in English', async () => {
    const member = await signInPage(browser, platform.url, 'acme.audit');
    await member.getByTestId('language-switch').click();
    await Promise.all([member.waitForEvent('load'), member.getByTestId('lang-en').click()]);
    await member.getByTestId('greeting').waitFor();
    await openAgents(member);
    expect(await active(member).getByTestId('agents-tab-mine').innerText()).toBe('My agents');
    await active(member).getByTestId('agent-new').click();
    const dialog = modal(member, 'New agent');
    await dialog.getByTestId('agent-save').click();
    expect(await dialog.getByTestId('agent-error').innerText()).toBe('Choose the agent.');
    await dialog.locator('button', { hasText: 'Cancel' }).click();
    await active(member).getByTestId('agents-tab-toMe').click();
    await expect.poll(() => active(member).getByTestId('agents-toMe').innerText()).toContain('Nobody has made you their agent.');
    await expectAccessible(member, 'agents to me, empty, English');
    await member.context().close();
  });
});
