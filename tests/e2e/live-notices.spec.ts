import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/messages.ts';
import { isBound } from '../support/push-outage.ts';

/**
 * The web announces what the desktop tray does (decision 0116): a chat line another member sends while the member
 * is on the workbench pops up in the page, and its link opens the conversation.
 */
let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('pop-ups on the web', () => {
  it('a chat message from another member shows a toast on the workbench that opens its conversation', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    ok(await admin.put('/api/org/appearance/webchat', { enabled: true }));
    const memberId = ok(await (await signedIn(platform.url, 'acme.user')).get('/api/account/me')).id as string;
    const chat = ok(await admin.post('/api/chat/conversations/direct', { userId: memberId }));

    const page = await signInPage(browser, platform.url, 'acme.user');
    await expect.poll(() => isBound(platform, memberId), { timeout: 15_000 }).toBe(true);
    ok(await admin.post(`/api/chat/conversations/${chat.id}/messages`, { text: '2 号线换模完成，请确认', mentions: [] }));

    const toast = page.getByTestId('live-notice').filter({ hasText: '2 号线换模完成，请确认' });
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.count()).toBe(1);
    await toast.getByTestId('live-notice-open').click();
    await page.waitForURL((url) => url.pathname.endsWith('/qChat') && url.searchParams.get('conversation') === chat.id);
    await page.getByTestId('chat-message').filter({ hasText: '2 号线换模完成，请确认' }).waitFor();
    await page.context().close();
  }, 90_000);
});
