import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/messages.ts';
import { isBound, pushOutage } from '../support/push-outage.ts';

/**
 * A server process behind the proxy goes away while a chat is open (decision 0110): the page's socket comes back
 * within seconds, not after 30, and the open conversation shows what was sent meanwhile, without a reload.
 */
let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('an open chat after its push socket was cut', () => {
  it('reconnects promptly and shows the message sent while the socket was down, once, without a reload', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    ok(await admin.put('/api/org/appearance/webchat', { enabled: true }));
    const memberId = ok(await (await signedIn(platform.url, 'acme.user')).get('/api/account/me')).id as string;
    const chat = ok(await admin.post('/api/chat/conversations/direct', { userId: memberId }));
    ok(await admin.post(`/api/chat/conversations/${chat.id}/messages`, { text: '夜班交接：2 号线已停机', mentions: [] }));

    const page = await signInPage(browser, platform.url, 'acme.user', { height: 900 });
    await page.goto('/qChat');
    await page.getByTestId('chat-item').first().click();
    const history = page.getByTestId('chat-message');
    await history.filter({ hasText: '2 号线已停机' }).waitFor();
    await expect.poll(() => isBound(platform, memberId), { timeout: 15_000 }).toBe(true);
    // Marks this document: a reload would lose the mark.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const outage = pushOutage(platform);
    try {
      expect(isBound(platform, memberId)).toBe(false);
      // The other member writes while the page has no socket: no push can bring this message.
      ok(await admin.post(`/api/chat/conversations/${chat.id}/messages`, { text: '3 号线 8 点开机', mentions: [] }));
      // The page tries again within seconds (it used to wait 30 s), and is sent away while the outage lasts.
      await expect.poll(() => outage.refused, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await history.filter({ hasText: '3 号线 8 点开机' }).count()).toBe(0);
    } finally {
      outage.end();
    }

    // Back: the conversation reads what it missed, in the same document, and shows each message once.
    await history.filter({ hasText: '3 号线 8 点开机' }).waitFor({ timeout: 15_000 });
    expect(await history.allInnerTexts()).toEqual([expect.stringContaining('2 号线已停机'), expect.stringContaining('3 号线 8 点开机')]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.locator('[data-testid="socket-status"][data-status="1"]').waitFor();
    expect(isBound(platform, memberId)).toBe(true);
    await page.context().close();
  }, 90_000);
});
