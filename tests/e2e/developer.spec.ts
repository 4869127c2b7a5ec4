import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('developer authorisation in a real browser', () => {
  it('the administrator reviews applications on system/dev: rejects one with a reason, approves another, revokes its token', async () => {
    // The members' applications. Filed through their own calls until the personal settings page, built alongside,
    // mounts the developer tab (renderer/apps/account/developer/DeveloperTab.test.tsx covers the tab itself).
    for (const [loginId, reason] of [['acme.user', 'Sync the MES with our records'], ['acme.safe', '安全巡检脚本']] as const) {
      const member = await signedIn(platform.url, loginId);
      expect((await member.post('/api/account/developer/applications', { reason })).status).toBe(200);
    }

    const admin = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await admin.getByTestId('menu-item-account.systemDev').click();
    const page = admin.locator('.qp-page[data-active="true"]');
    const table = page.getByTestId('dev-table');
    await table.filter({ hasText: 'acme.user' }).waitFor();
    await expectAccessible(admin, 'developer review, pending');

    await page.getByTestId('dev-reject-acme.safe').click();
    const ok = admin.locator('.arco-modal:visible .arco-btn-status-danger');
    expect(await ok.isDisabled()).toBe(true); // a rejection needs its reason
    await admin.getByTestId('dev-reject-note').fill('请改用数据导出');
    await ok.click();
    await page.getByTestId('dev-feedback').filter({ hasText: '已拒绝' }).waitFor();
    await table.filter({ hasText: 'acme.safe' }).waitFor({ state: 'detached' });

    await page.getByTestId('dev-approve-acme.user').click();
    await page.getByTestId('dev-feedback').filter({ hasText: '已通过' }).waitFor();

    await page.getByTestId('dev-filter-rejected').click();
    await table.filter({ hasText: '请改用数据导出' }).waitFor();
    await page.getByTestId('dev-filter-approved').click();
    await page.getByTestId('dev-revoke-acme.user').click();
    await admin.locator('.arco-popconfirm .arco-btn-primary').click();
    await page.getByTestId('dev-feedback').filter({ hasText: '已吊销' }).waitFor();
    await page.getByTestId('dev-filter-revoked').click();
    await table.filter({ hasText: 'acme.user' }).waitFor();

    const user = await signedIn(platform.url, 'acme.user');
    const states = (await user.get('/api/account/developer')).body.data.applications.map((a: { state: string }) => a.state);
    expect(states).toEqual(['revoked']);
    await admin.context().close();
  });

  it('a guest opens the developer centre: how to use a token, and the searchable reference drawn from the server', async () => {
    const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 1000 }, bypassCSP: true, locale: 'en-US' });
    const guest = await context.newPage();
    await guest.goto('/developercenter');
    const centre = guest.getByTestId('developer-centre');
    await centre.getByTestId('op-group-forms').waitFor();
    expect(guest.url()).toContain('/developercenter');
    expect(await centre.getByTestId('developer-curl').innerText()).toContain('Authorization: Bearer');
    await expectAccessible(guest, 'developer centre');

    await centre.locator('input[data-testid="developer-search"], [data-testid="developer-search"] input').first().fill('messages read-all');
    await centre.getByTestId('op-group-forms').waitFor({ state: 'detached' });
    const operation = centre.getByTestId('op-post /api/messages/read-all');
    await operation.locator('.arco-collapse-item-header').click();
    await operation.getByTestId('op-body').filter({ hasText: 'category' }).waitFor();
    expect(await centre.locator('[data-testid^="op-group-"]').count()).toBe(1);
    expect(await centre.innerText()).not.toContain('/api/account/');
    await context.close();
  });
});
