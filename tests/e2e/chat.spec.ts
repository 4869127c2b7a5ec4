import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { chromiumMissing, expectAccessible, launchChromium, signInPage } from '../support/browser.ts';
import { signedIn } from '../support/client.ts';
import { startTestPlatform } from '../support/platform.ts';

const missing = chromiumMissing();
if (missing) console.log(missing);

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  if (missing) return;
  platform = await startTestPlatform();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe.skipIf(!!missing)('qChat between two browsers', () => {
  it('says chat is off until the admin turns it on; then a direct chat with text and an image arrives live, and the receipt goes back', async () => {
    const member = await signInPage(browser, platform.url, 'acme.user', { height: 900 });
    await member.goto('/qChat');
    await member.getByTestId('chat-off').waitFor();
    expect(await member.getByTestId('chat-off').innerText()).toContain(await offText());

    const api = await signedIn(platform.url, 'acme.admin');
    expect((await api.put('/api/org/appearance/webchat', { enabled: true })).status).toBe(200);
    const userName = (await (await signedIn(platform.url, 'acme.user')).get('/api/account/me')).body.data.name as string;

    await member.reload();
    await member.getByTestId('chat-page').waitFor();
    const admin = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
    await admin.goto('/qChat');
    await admin.getByTestId('chat-page').waitFor();
    await expectAccessible(admin, 'qChat, empty');

    // The admin starts a direct chat with the member, picked with the shell's people picker.
    await admin.getByTestId('chat-new').click();
    await admin.getByTestId('chat-new-picker-open').click();
    const picker = admin.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
    await picker.locator('[data-testid="chat-new-picker-member-option"]').first().waitFor();
    await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill(userName);
    await expect.poll(() => picker.locator('[data-testid="chat-new-picker-member-option"]').count()).toBe(1);
    await picker.locator('[data-testid="chat-new-picker-member-option"]', { hasText: userName }).locator('label').click();
    await picker.locator('[data-testid="chat-new-picker-chosen"]', { hasText: userName }).waitFor();
    await picker.locator('[data-testid="chat-new-picker-ok"]').click();
    await admin.getByTestId('chat-new-start').click();
    await admin.getByTestId('chat-conversation').waitFor();

    await admin.locator('textarea[data-testid="chat-input"], [data-testid="chat-input"] textarea').first().fill('早上好，3 号线的订单已排产');
    await admin.getByTestId('chat-send').click();
    await admin.getByTestId('chat-message').filter({ hasText: '3 号线' }).waitFor();
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2f88ff' } }).png().toBuffer();
    await admin.getByTestId('chat-image-input').setInputFiles({ name: 'line3.png', mimeType: 'image/png', buffer: png });
    await admin.getByTestId('chat-image-message').waitFor();
    await expectAccessible(admin, 'qChat, conversation');

    // The member's page was open all along: the chat, its unread badge and both messages arrive without a reload.
    const item = member.getByTestId('chat-item').first();
    await item.getByTestId('chat-unread').waitFor();
    await item.click();
    await member.getByTestId('chat-message').filter({ hasText: '3 号线' }).waitFor();
    await member.getByTestId('chat-image-message').waitFor();
    expect(await member.getByTestId('chat-image-message').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
    await expectAccessible(member, 'qChat, member side');

    // Reading it sends the receipt back to the admin's open conversation.
    await admin.getByTestId('chat-receipt').last().filter({ hasText: /^已读$/ }).waitFor();

    // Group management: a group with the member; the admin renames it and adds a third member with the picker.
    // Each change is a system line both sides see without a reload.
    const memberId = (await (await signedIn(platform.url, 'acme.user')).get('/api/account/me')).body.data.id as string;
    const safeName = (await (await signedIn(platform.url, 'acme.safe')).get('/api/account/me')).body.data.name as string;
    expect((await api.post('/api/chat/conversations/group', { name: '3 号线', memberIds: [memberId] })).status).toBe(200);
    await admin.getByTestId('chat-item').filter({ hasText: /^3 号线/ }).click();
    await admin.getByTestId('chat-manage').click();
    await admin.getByTestId('chat-manage-name').fill('3 号线夜班');
    await admin.getByTestId('chat-manage-rename').click();
    await admin.getByTestId('chat-system-line').filter({ hasText: '“3 号线夜班”' }).waitFor();
    await admin.getByTestId('chat-manage-picker-open').click();
    const groupPicker = admin.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
    await groupPicker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill(safeName);
    await expect.poll(() => groupPicker.locator('[data-testid="chat-manage-picker-member-option"]').count()).toBe(1);
    await groupPicker.locator('[data-testid="chat-manage-picker-member-option"]', { hasText: safeName }).locator('label').click();
    await groupPicker.locator('[data-testid="chat-manage-picker-ok"]').click();
    await expectAccessible(admin, 'qChat, group settings');
    await admin.getByTestId('chat-manage-add').click();
    await admin.getByTestId('chat-system-line').filter({ hasText: `添加了 ${safeName}` }).waitFor();
    await admin.getByTestId('chat-manage-member').filter({ hasText: safeName }).waitFor();
    await member.getByTestId('chat-item').filter({ hasText: '3 号线夜班' }).click();
    await member.getByTestId('chat-system-line').filter({ hasText: `添加了 ${safeName}` }).waitFor();
    expect(await member.getByTestId('chat-system-line').count()).toBe(2);
    await member.context().close();
    await admin.context().close();
  }, 120_000);
});

async function offText(): Promise<string> {
  const { readFileSync } = await import('node:fs');
  return (JSON.parse(readFileSync('shared/i18n/zh-CN/common.json', 'utf8')) as Record<string, string>)['common.chatUnavailable']!;
}
