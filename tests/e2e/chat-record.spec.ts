import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../support/forms.ts';

/** "Discuss in chat" from a forms record (decision 0052): the record page opens qChat on a chat linking back. */
let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('a chat started from a record', () => {
  it('is offered only with the web chat switch on; opens qChat on the chat, whose header leads back to the record', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    const { appId, formId } = await publishedForm(admin, ORDER_FIELDS);
    const record = await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: '7 号泵检修' } }));
    const memberName = (await ok((await signedIn(platform.url, 'acme.user')).get('/api/account/me'))).name as string;
    const detail = `/${appId}/detail/${formId}?id=${record.id}`;

    const page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await page.goto(detail);
    await page.getByTestId('detail-title').filter({ hasText: '7 号泵检修' }).waitFor();
    expect(await page.getByTestId('detail-chat').count()).toBe(0);

    await ok(admin.put('/api/org/appearance/webchat', { enabled: true }));
    await page.reload();
    await page.getByTestId('detail-chat').click();
    await page.getByTestId('detail-chat-picker-open').click();
    const picker = page.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
    await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill(memberName);
    await expect.poll(() => picker.locator('[data-testid="detail-chat-picker-member-option"]').count()).toBe(1);
    await picker.locator('[data-testid="detail-chat-picker-member-option"]', { hasText: memberName }).locator('label').click();
    await picker.locator('[data-testid="detail-chat-picker-ok"]').click();
    await expectAccessible(page, 'record page, discuss in chat');
    await page.getByTestId('detail-chat-start').click();

    await page.locator('.qp-page[data-active="true"][data-page="chat.qchat"]').waitFor();
    expect(new URL(page.url()).search).toMatch(/^\?conversation=\d+$/);
    const link = page.getByTestId('chat-source-link');
    expect(await link.innerText()).toContain('7 号泵检修');
    await expectAccessible(page, 'qChat opened from a record');
    await link.click();
    // The shell keeps visited pages alive: the record shown is the active page's.
    await page.locator('.qp-page[data-active="true"][data-page="forms.detail"]').getByTestId('detail-title').filter({ hasText: '7 号泵检修' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?id=${record.id}`);
    await page.context().close();
  }, 90_000);
});
