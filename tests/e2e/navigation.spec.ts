import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn, type TestClient } from '../support/client.ts';
import { ok } from '../support/forms.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let admin: TestClient;

beforeAll(async () => {
  if (missing) return;
  // Two role groups made through the roles API (the roles screens have their own browser suite): one holds
  // acme.user through a role, the other holds nobody.
  admin = await signedIn(platform.url, 'acme.admin');
  const members = (await ok(admin.get('/api/org/members'))).members as Array<{ id: string; loginId: string }>;
  const userId = members.find((m) => m.loginId === 'acme.user')!.id;
  const quality = await ok(admin.post('/api/org/role-groups', { name: '质检组' }));
  const role = await ok(admin.post('/api/org/roles', { groupId: quality.id, name: '质检员' }));
  await ok(admin.post(`/api/org/roles/${role.id}/members`, { userIds: [userId] }));
  await ok(admin.post('/api/org/role-groups', { name: '管理层' }));
});

const active = (page: Page) => page.locator('.qp-page[data-active="true"]');
const webList = async () => ((await ok(admin.get('/api/org/navigation?terminal=web'))).entries as Array<{ name: string }>).map((e) => e.name);

async function pick(page: Page, testId: string, text: string) {
  await active(page).getByTestId(testId).click();
  // The list of pages is long (virtualised): search narrows it to the one wanted, as a person would.
  await page.keyboard.type(text);
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: text }).first().click();
}

async function addEntry(page: Page, fill: (page: Page) => Promise<void>, name: string) {
  await active(page).getByTestId('nav-add').click();
  await active(page).getByTestId('navigation-edit').waitFor();
  await active(page).getByTestId('nav-name').fill(name);
  await fill(page);
  await active(page).getByTestId('nav-save').click();
  await active(page).getByTestId(`nav-entry-${name}`).waitFor();
}

describe.skipIf(!!missing)('the space\'s navigation in a real browser (decision 0044)', () => {
  it('the admin builds the web menu: a page, a web address, one limited to a role group, in order', async () => {
    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
    await page.getByTestId('menu-item-org.consoleWebEntry').click();
    await active(page).getByTestId('navigation-list-web').waitFor();
    await active(page).getByTestId('nav-empty').waitFor();
    await expectAccessible(page, 'web navigation, empty');

    await addEntry(page, async (p) => {
      await pick(p, 'nav-page', '通讯录');
      await expectAccessible(p, 'new navigation entry');
    }, '通讯录入口');
    await addEntry(page, async (p) => {
      await active(p).getByTestId('nav-kind-url').click();
      await active(p).getByTestId('nav-url').fill('https://supplier.example.com/portal');
    }, '供应商门户');
    await addEntry(page, async (p) => {
      await active(p).getByTestId('nav-kind-url').click();
      await active(p).getByTestId('nav-url').fill('https://board.example.com');
      await pick(p, 'nav-role-groups', '管理层');
      await p.keyboard.press('Escape');
    }, '管理看板');
    // A refused address is explained in the page's language and nothing is saved.
    await active(page).getByTestId('nav-add').click();
    await active(page).getByTestId('nav-name').fill('坏链接');
    await active(page).getByTestId('nav-kind-url').click();
    await active(page).getByTestId('nav-url').fill('javascript:alert(1)');
    await active(page).getByTestId('nav-save').click();
    await active(page).getByTestId('nav-edit-error').filter({ hasText: 'http' }).waitFor();
    await active(page).getByTestId('nav-back').click();

    expect(await webList()).toEqual(['通讯录入口', '供应商门户', '管理看板']);
    await active(page).getByTestId('nav-up-供应商门户').click();
    await expect.poll(webList).toEqual(['供应商门户', '通讯录入口', '管理看板']);
    await active(page).getByTestId('nav-down-通讯录入口').click();
    await expect.poll(webList).toEqual(['供应商门户', '管理看板', '通讯录入口']);
    await page.getByTestId('nav-menu-group').waitFor();
    await expectAccessible(page, 'web navigation with entries and the side menu group');

    await active(page).getByTestId('nav-edit-管理看板').click();
    await active(page).getByTestId('navigation-edit').filter({ hasText: '管理层' }).waitFor();
    await expectAccessible(page, 'edit navigation entry');
    await active(page).getByTestId('nav-back').click();

    await page.getByTestId('menu-item-org.appEntry').click();
    await active(page).getByTestId('navigation-list-app').waitFor();
    await active(page).getByTestId('nav-empty').waitFor();
    await expectAccessible(page, 'app navigation, empty');
    await page.context().close();
  });

  it('a member sees the entries meant for them in the side menu; web addresses open a new window', async () => {
    const page = await signInPage(browser, platform.url, 'acme.user');
    await page.getByTestId('nav-menu-group').waitFor();
    const items = page.locator('[data-testid^="nav-menu-item-"]');
    await expect.poll(() => items.allInnerTexts()).toEqual(['供应商门户', '通讯录入口']);
    const external = items.filter({ hasText: '供应商门户' });
    expect(await external.getAttribute('href')).toBe('https://supplier.example.com/portal');
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    await expectAccessible(page, 'member side menu with navigation');
    await items.filter({ hasText: '通讯录入口' }).click();
    await page.locator('.qp-page[data-active="true"][data-page="org.contacts"]').waitFor();
    await page.context().close();
  });
});
