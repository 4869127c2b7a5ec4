import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TestClient } from '../support/client.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('join applications in a real browser', () => {
  it('the admin hands out the link; a person applies; the admin approves; the person sees it and signs in', async () => {
    const admin = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await admin.getByTestId('menu-item-org.enterUserRegist').click();
    const active = admin.locator('.qp-page[data-active="true"]');
    await active.getByTestId('join-table').waitFor();
    await expectAccessible(admin, 'join applications, empty');
    const link = (await active.getByTestId('join-link').innerText()).trim();

    const guest = await (await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true })).newPage();
    await guest.goto(link);
    await guest.getByTestId('ent-regist').waitFor();
    await expectAccessible(guest, 'registration page');
    const form = guest.locator('.arco-tabs-pane:not([aria-hidden="true"]) form').first();
    await form.locator('#loginId_input, input[id$="loginId_input"]').or(form.getByLabel('登录账号')).first().fill('li.si');
    await form.getByLabel('姓名').fill('李四');
    await form.getByLabel('新密码', { exact: true }).fill('Lisi@2026ok');
    await form.getByLabel('确认新密码').fill('Lisi@2026ok');
    await form.locator('button[type="submit"]').click();
    await guest.getByTestId('registration-status').filter({ hasText: '待审批' }).waitFor();

    await admin.reload();
    await admin.locator('.qp-page[data-active="true"] [data-testid="join-approve-li.si"]').click();
    await admin.getByTestId('join-note').fill('欢迎');
    await admin.locator('.arco-modal:visible .arco-btn-primary').click();
    await admin.locator('.qp-page[data-active="true"] [data-testid="join-table"]').filter({ hasText: 'li.si' }).waitFor({ state: 'detached' }).catch(() => undefined);

    await guest.reload();
    await guest.getByTestId('registration-status').filter({ hasText: '已通过' }).waitFor();
    expect((await new TestClient(platform.url).login('li.si', 'Lisi@2026ok')).status).toBe(200);
    await guest.context().close();
    await admin.context().close();
  });
});
