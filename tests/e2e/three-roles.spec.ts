import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');
const roleOf = async (loginId: string) => ok((await signedIn(platform.url, loginId)).get('/api/account/me')).then((me) => me.roles as string[]);
const menuIds = async (page: Page) => (await page.locator('[data-testid^="menu-item-"]').evaluateAll((items) => items.map((i) => i.getAttribute('data-testid')))).map((id) => id!.slice('menu-item-'.length));

describe.skipIf(!!missing)('roles, role groups and the three-role separation in a real browser', () => {
  it('the menus: each of admin, safe and audit is offered only its own duty pages', async () => {
    const menus: Record<string, string[]> = {};
    for (const login of ['acme.admin', 'acme.safe', 'acme.audit']) {
      const page = await signInPage(browser, platform.url, login);
      menus[login] = await menuIds(page);
      await page.context().close();
    }
    expect(menus['acme.admin']).toEqual(expect.arrayContaining(['org.roleManage', 'org.memberAdmin']));
    expect(menus['acme.admin']).not.toContain('org.securityAudit');
    expect(menus['acme.admin']).not.toContain('org.securityAuditLog');
    expect(menus['acme.safe']).toContain('org.securityAudit');
    expect(menus['acme.safe']).not.toContain('org.roleManage');
    expect(menus['acme.safe']).not.toContain('org.securityAuditLog');
    expect(menus['acme.audit']).toContain('org.securityAuditLog');
    expect(menus['acme.audit']).not.toContain('org.securityAudit');
    expect(menus['acme.audit']).not.toContain('org.roleManage');
  });

  it('the admin builds a role group with a role and a member, and asks for a duty role; the reviewer approves it', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await page.getByTestId('menu-item-org.roleManage').click();
    await active(page).getByTestId('role-manage').waitFor();
    await expectAccessible(page, 'role management, empty');
    await active(page).getByTestId('role-group-add').click();
    await page.getByTestId('role-group-name').fill('质量角色');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await active(page).getByTestId('role-group-质量角色').click();
    await active(page).getByTestId('role-add').click();
    await page.getByTestId('role-name').fill('检验组长');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await active(page).getByTestId('role-检验组长').click();
    await active(page).getByTestId('role-members-add').click();
    await page.getByTestId('role-add-members').locator('input').fill('acme.user');
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'acme.user' }).first().click();
    await page.keyboard.press('Escape');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await active(page).getByTestId('role-members').filter({ hasText: 'acme.user' }).waitFor();
    await expectAccessible(page, 'role with a member');

    await page.getByTestId('menu-item-org.memberAdmin').click();
    const search = active(page).locator('input[aria-label="按姓名、账号、手机或邮箱搜索"]');
    await search.fill('acme.user');
    await search.press('Enter');
    await active(page).getByTestId('member-duty-acme.user').click();
    await page.locator('.arco-modal:visible .arco-checkbox', { hasText: '安全审计员' }).click();
    await page.getByTestId('duty-reason').fill('年度审计期间兼任');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await page.locator('.arco-modal:visible').waitFor({ state: 'detached' });
    expect(await roleOf('acme.user')).not.toContain('audit');
    await active(page).getByRole('tab', { name: '授权审批' }).click();
    await active(page).getByTestId('grant-requests').filter({ hasText: '年度审计期间兼任' }).waitFor();
    // The administrator cannot approve what they asked for: there is no button, and the API refuses (roles.int).
    expect(await active(page).locator('[data-testid^="grant-approve-"]').count()).toBe(0);
    await page.context().close();

    const reviewer = await signInPage(browser, platform.url, 'acme.safe', { height: 900 });
    await reviewer.getByTestId('menu-item-org.securityAudit').click();
    await active(reviewer).getByTestId('grant-requests').filter({ hasText: '年度审计期间兼任' }).waitFor();
    await expectAccessible(reviewer, 'grant requests for the reviewer');
    await active(reviewer).getByTestId('grant-approve-acme.user').click();
    await reviewer.getByTestId('grant-note').fill('同意');
    await reviewer.locator('.arco-modal:visible .arco-btn-primary').click();
    await expect.poll(() => roleOf('acme.user')).toContain('audit');
    await reviewer.context().close();
  });

  it('the admin delegates the enterprise settings to a member; once the reviewer approves, the member finds them in the menu', async () => {
    const before = await signInPage(browser, platform.url, 'acme.user');
    expect(await menuIds(before)).not.toContain('org.workTime');
    await before.context().close();

    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
    await page.getByTestId('menu-item-org.permissionManage').click();
    await active(page).getByTestId('delegation-table').filter({ hasText: '企业设置' }).waitFor();
    await expectAccessible(page, 'console page delegation');
    await active(page).getByTestId('delegate-add-org.settings.manage').click();
    const dialog = page.locator('.arco-modal:visible', { hasText: '委派“企业设置”' });
    await dialog.getByTestId('delegation-member-open').click();
    const picker = page.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
    await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill('acme.user');
    await expect.poll(() => picker.locator('[data-testid="delegation-member-member-option"]').count()).toBe(1);
    await picker.locator('[data-testid="delegation-member-member-option"]').locator('label').click();
    await picker.getByTestId('delegation-member-ok').click();
    await dialog.getByTestId('delegation-reason').fill('由他维护工作日历');
    await expectAccessible(page, 'delegation dialog');
    await dialog.locator('.arco-btn-primary').click();
    await active(page).getByTestId('grant-requests').filter({ hasText: '由他维护工作日历' }).waitFor();
    await page.context().close();

    const reviewer = await signInPage(browser, platform.url, 'acme.safe', { height: 900 });
    await reviewer.getByTestId('menu-item-org.securityAudit').click();
    await active(reviewer).getByTestId('grant-requests').filter({ hasText: '委派“企业设置”' }).waitFor();
    await active(reviewer).getByTestId('grant-approve-acme.user').click();
    await reviewer.locator('.arco-modal:visible .arco-btn-primary').click();
    await active(reviewer).getByTestId('grant-requests').filter({ hasText: '由他维护工作日历' }).waitFor({ state: 'detached' });
    await reviewer.context().close();

    const member = await signInPage(browser, platform.url, 'acme.user');
    await member.getByTestId('menu-item-org.workTime').click();
    await active(member).getByTestId('work-time').waitFor();
    // Only the group delegated: the wording pages (another group) stay the administrator's.
    expect(await menuIds(member)).not.toContain('org.languageSetting');
    await member.context().close();
  });

  it('the auditor reads the trail of both, the approval included, and changes nothing', async () => {
    const page = await signInPage(browser, platform.url, 'acme.audit');
    await page.getByTestId('menu-item-org.securityAuditLog').click();
    // Actions read in words (decision 0114), not as their ids.
    await active(page).getByText('批准角色授权申请').first().waitFor();
    await active(page).getByText('申请授予或收回角色').first().waitFor();
    expect(await active(page).getByText('org.grant.approve', { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('the reviewer tightens the security policy on their page; its level follows and the administrator reads it', async () => {
    const page = await signInPage(browser, platform.url, 'acme.safe', { height: 1000 });
    await page.getByTestId('menu-item-org.securityAudit').click();
    await active(page).getByRole('tab', { name: '安全策略' }).click();
    await active(page).getByTestId('security-level').filter({ hasText: '低' }).waitFor();
    const set = async (field: string, value: string) => {
      const input = active(page).locator(`[data-testid="policy-${field}"] input, input[data-testid="policy-${field}"]`).first();
      await input.fill(value);
      await input.press('Tab');
    };
    await set('passwordMinLength', '12');
    await set('passwordClasses', '3');
    await set('passwordExpiryDays', '90');
    await set('lockoutMinutes', '15');
    await set('idleMinutes', '30');
    await active(page).getByTestId('security-level').filter({ hasText: '高' }).waitFor();
    await expectAccessible(page, 'security policy');
    await active(page).getByTestId('policy-save').click();
    await page.locator('.arco-message', { hasText: '安全策略已保存' }).waitFor();
    const admin = await signedIn(platform.url, 'acme.admin');
    expect(await ok(admin.get('/api/org/security-policy'))).toMatchObject({ level: 'high', policy: { passwordMinLength: 12, idleMinutes: 30 } });
    await page.context().close();
  });
});
