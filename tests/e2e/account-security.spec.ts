import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TEST_DEMO_PASSWORD } from '../support/client.ts';
import { textReader } from '../support/texts.ts';

/**
 * Account security in the browser: the security tab of the personal settings (two-step set-up, binding a phone), the sign-in
 * page's second step and its "forgot password" page, each reached through the screens.
 */
let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

async function fresh(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 800 }, bypassCSP: true });
  return { context, page: await context.newPage() };
}

async function typePassword(page: Page, loginId: string, password = TEST_DEMO_PASSWORD) {
  await page.goto('/home/login');
  await page.fill('input[name="loginId"]', loginId);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
}

const codeAt = (secret: string, ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });

const nextText = textReader(() => platform.kernel.db);
/** The code of the next text sent to `phone` for `space` (the operator's SMS send log). */
const textedCode = async (space: string, phone: string) => /\b(\d{6})\b/.exec(await nextText(space, phone))?.[1] ?? '';

describe.skipIf(!!missing)('account security in a real browser', () => {
  it('sets up two-step verification on the security tab, then asks for its code after the password and takes a recovery code', async () => {
    const member = await signInPage(browser, platform.url, 'acme.safe');
    await member.getByTestId('account-menu').click();
    await member.getByTestId('account-settings').click();
    await member.getByTestId('settings-tab-security').click();
    await member.getByTestId('security-tab').waitFor();
    await expectAccessible(member, 'the security tab');
    await member.getByTestId('security-two-step-setup').click();
    await member.getByTestId('two-step-qr').waitFor();
    const secret = (await member.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
    // Confirmed with the previous step's code, so the current step's code is still unused for the sign-in below.
    await member.getByTestId('two-step-code').fill(codeAt(secret, Date.now() - 30_000));
    await member.getByTestId('two-step-confirm').click();
    await expect.poll(() => member.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    const recoveryCodes = await member.getByTestId('recovery-codes').locator('li').allInnerTexts();
    await member.getByTestId('recovery-saved').click();
    await expect.poll(() => member.getByTestId('security-two-step-state').innerText()).toBe('已开启');
    await member.context().close();

    const { context, page } = await fresh();
    await typePassword(page, 'acme.safe');
    await page.getByTestId('second-step').waitFor();
    const wrong = codeAt(secret, Date.now() + 5 * 60_000);
    await page.getByTestId('second-step-code').fill(wrong);
    await page.getByTestId('second-step-submit').click();
    expect(await page.getByTestId('second-step-error').innerText()).toContain('验证码错误');
    await expectAccessible(page, 'the sign-in second step');
    await page.getByTestId('second-step-code').fill(codeAt(secret, Date.now()));
    await page.getByTestId('second-step-submit').click();
    await page.waitForURL('**/user/workbench');
    await page.getByTestId('greeting').waitFor();
    await context.close();

    const other = await fresh();
    await typePassword(other.page, 'acme.safe');
    await other.page.getByTestId('second-step-toggle').click();
    await other.page.getByTestId('second-step-recovery').fill(recoveryCodes[0]!);
    await other.page.getByTestId('second-step-submit').click();
    await other.page.waitForURL('**/user/workbench');
    await other.context.close();
  });

  it('resets a forgotten password from the sign-in page with a code texted to the verified phone', async () => {
    const member = await signInPage(browser, platform.url, 'acme.audit');
    await member.getByTestId('account-menu').click();
    await member.getByTestId('account-settings').click();
    await member.getByTestId('settings-tab-security').click();
    await member.getByTestId('security-bind-phone').click();
    await member.getByTestId('bind-value').fill('13700137000');
    await member.getByTestId('bind-send').click();
    const bindCode = await textedCode('acme', '13700137000');
    expect(bindCode).toMatch(/^\d{6}$/);
    await member.getByTestId('bind-code').fill(bindCode);
    await member.getByTestId('bind-confirm').click();
    await expect.poll(() => member.getByTestId('security-phone').innerText()).toBe('137****7000');

    const { context, page } = await fresh();
    await page.goto('/home/login');
    await page.getByTestId('forgot-password-link').click();
    await page.getByTestId('forgot-password').waitFor();
    await expectAccessible(page, 'the forgot-password page');
    // An account that does not exist gets the same answer as one that does.
    await page.getByTestId('forgot-account').fill('nobody.at.all');
    await page.getByTestId('forgot-send').click();
    const unknownNotice = await page.getByTestId('forgot-notice').innerText();
    await page.goto('/home/forgotPassword');
    await page.getByTestId('forgot-account').fill('13700137000');
    await page.getByTestId('forgot-send').click();
    expect(await page.getByTestId('forgot-notice').innerText()).toBe(unknownNotice);
    const code = await textedCode('acme', '13700137000');
    await page.getByTestId('forgot-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('forgot-new-password').fill('Fresh-Start#2027');
    await page.getByTestId('forgot-confirm-password').fill('Fresh-Start#2027');
    await page.getByTestId('forgot-submit').click();
    expect(await page.getByTestId('forgot-error').innerText()).toContain('验证码错误');
    await page.getByTestId('forgot-code').fill(code);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-done').waitFor();
    // The old session is over; the new password signs in.
    await member.reload();
    await member.waitForURL('**/home/login**');
    await member.context().close();
    await page.getByTestId('forgot-to-login').click();
    await typePassword(page, 'acme.audit', 'Fresh-Start#2027');
    await page.waitForURL('**/user/workbench');
    await context.close();
  });
});
