import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWriter, readSheet, type Cell } from '../../server/kernel/sheets/index.ts';
import { collect } from '../../server/kernel/sheets/fixtures.ts';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TestClient, signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let page: Page;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-members-'));

beforeAll(async () => {
  if (missing) return;
  page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const byTestId = (id: string) => page.locator(`.qp-page[data-active="true"] [data-testid="${id}"], .arco-modal-wrapper [data-testid="${id}"]`).locator('visible=true');
const search = () => page.locator('.qp-page[data-active="true"] input[aria-label="按姓名、账号、手机或邮箱搜索"]');
const row = (text: string) => page.locator('[data-testid="member-table"]:visible tr', { hasText: text });
/** Read back what the screens did (nothing is created through the API). */
const member = async (loginId: string) => {
  const admin = await signedIn(platform.url, 'acme.admin');
  const list = await ok(admin.get(`/api/org/members/list?q=${encodeURIComponent(loginId)}`));
  return (list.members as Array<Record<string, unknown>>).find((m) => m.loginId === loginId);
};

async function chooseOption(testId: string, text: string) {
  await byTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: text }).first().click();
}

async function sheet(rows: Cell[][]): Promise<string> {
  const file = path.join(dir, 'members.xlsx');
  const writer = await openWriter(file, 'xlsx', rows[0] as string[]);
  for (const cells of rows.slice(1)) await writer.write(cells);
  await writer.close();
  return file;
}

describe.skipIf(!!missing)('members in a real browser', () => {
  it('adds a post, then a member who holds it, from the member page reached through the menu', async () => {
    await page.getByTestId('menu-item-org.elementPostManage').click();
    await byTestId('post-add').click();
    await byTestId('post-name').fill('操作工');
    await byTestId('post-code').fill('OPR');
    await chooseOption('post-department', '生产部 Production');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await page.locator('[data-testid="post-table"]:visible', { hasText: '操作工' }).waitFor();

    await page.getByTestId('menu-item-org.memberAdmin').click();
    await row('acme.admin').waitFor();
    await expectAccessible(page, 'member list');
    await byTestId('member-add').click();
    await byTestId('member-loginId').fill('wang.wu');
    await byTestId('member-name').fill('王五');
    await byTestId('member-password').fill('Wangwu@2026');
    await byTestId('member-signature').fill('一'.repeat(41));
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    // The shared rule speaks at the field before anything is sent.
    await page.locator('.arco-modal:visible', { hasText: '个性签名最多 40 个字' }).waitFor();
    await byTestId('member-signature').fill('安全第一');
    await chooseOption('member-departments', '生产部 Production');
    await page.keyboard.press('Escape');
    await chooseOption('member-main-post', '操作工');
    await expectAccessible(page, 'member dialog');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await row('wang.wu').waitFor();
    expect(await member('wang.wu')).toMatchObject({ name: '王五', mainPost: '操作工', departments: ['生产部 Production'], state: 'active' });
    await signedIn(platform.url, 'wang.wu', 'Wangwu@2026');
  });

  it('imports 20 members with two bad rows: 18 are added, the failure file holds the two with reasons', async () => {
    const rows: Cell[][] = [['登录账号', '姓名', '手机号', '部门', '主岗位']];
    for (let i = 1; i <= 20; i++) rows.push([`worker${i}`, `工人${i}`, `1390000${String(i).padStart(4, '0')}`, '生产部 Production', 'OPR']);
    rows[4]![2] = '12345';
    rows[12]![3] = '不存在的部门';
    await byTestId('member-import-open').click();
    await byTestId('member-template').waitFor();
    await page.setInputFiles('[data-testid="member-import-file"]', await sheet(rows));
    await byTestId('member-import-result').filter({ hasText: '导入 18 人，失败 2 行' }).waitFor();
    await expectAccessible(page, 'member import result');
    const href = await byTestId('member-import-failures').getAttribute('href');
    const admin = await signedIn(platform.url, 'acme.admin');
    const failures = await admin.download(href!);
    fs.writeFileSync(path.join(dir, 'failures.xlsx'), failures.bytes);
    const back = await collect(readSheet(path.join(dir, 'failures.xlsx'), 'xlsx'));
    expect(back.map((cells) => cells[0])).toEqual(['登录账号', 'worker4', 'worker12']);
    expect(String(back[1]![5])).toContain('手机号');
    expect(String(back[2]![5])).toContain('不存在的部门');
    await page.locator('.arco-modal:visible .arco-modal-footer button').click();
    await row('worker20').waitFor();
    expect(await member('worker7')).toMatchObject({ state: 'invited', mainPost: '操作工' });
  });

  it('hands an imported member their invitation link; they set a password and sign in', async () => {
    await search().fill('worker7');
    await search().press('Enter');
    await row('worker7').waitFor();
    await page.getByTestId('member-link-worker7').click();
    const url = (await page.locator('[data-testid="member-invitation-url"]:visible').innerText()).trim();
    await page.locator('.arco-modal:visible .arco-modal-footer button').click();
    const guest = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })).newPage();
    await guest.goto(url);
    await guest.getByTestId('invitation-who').filter({ hasText: 'worker7' }).waitFor();
    await expectAccessible(guest, 'invitation page');
    await guest.getByTestId('invitation-password').fill('Worker7@2026');
    await guest.getByTestId('invitation-confirm').fill('Worker7@2026');
    await guest.locator('button[type="submit"]').click();
    await guest.waitForURL('**/home/login**');
    expect((await new TestClient(platform.url).login('worker7', 'Worker7@2026')).status).toBe(200);
    await guest.context().close();
  });

  it('disables a member: they are refused at sign-in; the auditor sees the list without any button to change it', async () => {
    await search().fill('wang.wu');
    await search().press('Enter');
    await row('wang.wu').waitFor();
    await page.getByTestId('member-toggle-wang.wu').click();
    await page.locator('.arco-popconfirm:visible .arco-btn-primary').click();
    await row('wang.wu').filter({ hasText: '已停用' }).waitFor();
    expect((await new TestClient(platform.url).login('wang.wu', 'Wangwu@2026')).status).toBe(403);

    const auditor = await signInPage(browser, platform.url, 'acme.audit');
    await auditor.getByTestId('menu-item-org.memberAdmin').click();
    const auditorSearch = auditor.locator('.qp-page[data-active="true"] input[aria-label="按姓名、账号、手机或邮箱搜索"]');
    await auditorSearch.fill('wang.wu');
    await auditorSearch.press('Enter');
    await auditor.locator('[data-testid="member-table"]:visible tr', { hasText: 'wang.wu' }).waitFor();
    expect(await auditor.locator('[data-testid="member-add"]').count()).toBe(0);
    expect(await auditor.locator('[data-testid^="member-toggle-"]').count()).toBe(0);
    await expectAccessible(auditor, 'member list read-only');
    await auditor.context().close();
  });
});
