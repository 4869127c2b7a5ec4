import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let page: Page;

beforeAll(async () => {
  if (missing) return;
  page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
});

const byTestId = (id: string) => page.locator(`.qp-page[data-active="true"] [data-testid="${id}"], .arco-modal-wrapper [data-testid="${id}"]`).locator('visible=true');
const modal = () => page.locator('.arco-modal:visible');

async function chooseOption(testId: string, text: string) {
  await byTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: text }).first().click();
}

/** Read back what the screens did (nothing is created through the API). */
async function valuesOf(loginId: string): Promise<Record<string, string>> {
  const admin = await signedIn(platform.url, 'acme.admin');
  const list = await ok(admin.get(`/api/org/members/list?q=${encodeURIComponent(loginId)}`));
  const id = (list.members as Array<{ id: string; loginId: string }>).find((m) => m.loginId === loginId)!.id;
  const fields = (await ok(admin.get('/api/org/member-fields'))).fields as Array<{ id: string; label: string }>;
  const values = (await ok(admin.get(`/api/org/members/${id}`))).fields as Record<string, string>;
  return Object.fromEntries(fields.filter((f) => values[f.id]).map((f) => [f.label, values[f.id]!]));
}

describe.skipIf(!!missing)('member extension fields in a real browser (decision 0048)', () => {
  it('opens the console hub from the side menu and defines a text and a select field', async () => {
    await page.getByTestId('menu-item-org.consoleElementManage').click();
    await byTestId('element-card-extension').filter({ hasText: '0' }).waitFor();
    await expectAccessible(page, 'element hub');
    await byTestId('element-open-extension').click();
    await page.waitForURL('**/element/setting/extension');
    await byTestId('fields-empty').waitFor();

    await byTestId('fields-add').click();
    await byTestId('field-label').fill('工牌号');
    await byTestId('field-label-en').fill('Badge No.');
    await byTestId('field-on-card').click();
    await expectAccessible(page, 'field dialog');
    await byTestId('field-save').click();
    await byTestId('field-row-工牌号').waitFor();

    await byTestId('fields-add').click();
    await byTestId('field-label').fill('班次');
    await chooseOption('field-kind', '单选');
    await byTestId('field-options').fill('早班\n中班\n夜班');
    await byTestId('field-save').click();
    await byTestId('field-row-班次').waitFor();
    await expect(byTestId('fields-table').innerText()).resolves.toContain('早班 / 中班 / 夜班');
    await expectAccessible(page, 'member fields settings');
  });

  it('the other settings pages and the extension page are reachable and accessible; an unknown one is not found', async () => {
    await byTestId('element-setting-link-member').click();
    await byTestId('self-edit-fields').waitFor();
    await expectAccessible(page, 'member self-edit settings');
    await byTestId('element-setting-link-contacts').click();
    await byTestId('contact-settings-current').waitFor();
    await expectAccessible(page, 'address book settings');
    await page.getByTestId('menu-item-org.extension').click();
    await byTestId('field-row-班次').waitFor();
    await expectAccessible(page, 'extension page');
    await page.goto(`${platform.url}/space-acme/element/setting/nonsense`);
    await page.getByTestId('element-setting-not-found').waitFor();
    await expectAccessible(page, 'unknown element setting');
    // The hub counts what was just defined.
    await page.getByTestId('element-setting-not-found').locator('a, button').first().click();
    await byTestId('element-card-extension').filter({ hasText: '2' }).waitFor();
  });

  it('edits a member: the new fields are in the dialog, saved, and shown again', async () => {
    await page.getByTestId('menu-item-org.memberAdmin').click();
    await page.locator('[data-testid="member-table"]:visible tr', { hasText: 'acme.user' }).waitFor();
    await page.getByTestId('member-edit-acme.user').click();
    await byTestId('member-fields-inputs').waitFor();
    await byTestId('member-field-工牌号').fill('G-0042');
    await chooseOption('member-field-班次', '夜班');
    await expectAccessible(page, 'member dialog with extension fields');
    await modal().locator('.arco-btn-primary').click();
    await modal().waitFor({ state: 'hidden' });
    expect(await valuesOf('acme.user')).toEqual({ 工牌号: 'G-0042', 班次: '夜班' });

    await page.getByTestId('member-edit-acme.user').click();
    await expect(byTestId('member-field-工牌号').inputValue()).resolves.toBe('G-0042');
    await expect(byTestId('member-field-班次').innerText()).resolves.toContain('夜班');
    await modal().locator('.arco-modal-footer button').first().click();
  });
});
