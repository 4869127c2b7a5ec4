import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../server/kernel/web.ts';
import type { Platform } from '../../server/platform.ts';
import { chromiumMissing, expectAccessible, launchChromium, signInPage } from '../support/browser.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';
import { startTestPlatform } from '../support/platform.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

const missing = chromiumMissing();
if (missing) console.log(missing);

const PASSWORD = 'Mail-Pass#2026';
let platform: Platform;
let smtp: TestSmtp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (missing) return;
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('No web build: run `npm run build:web` first.');
  smtp = await startTestSmtp({ user: 'mailer', password: PASSWORD });
  // The real SMTP server is on loopback: the operator's allow-list lets the platform reach that one port.
  platform = await startTestPlatform({ outboundAllow: [`127.0.0.1:${smtp.port}`] });
  browser = await launchChromium();
  page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await smtp?.close();
});

const byTestId = (id: string) => page.locator(`.qp-page[data-active="true"] [data-testid="${id}"], .arco-modal-wrapper [data-testid="${id}"]`).locator('visible=true');
/** Read back what the screens did (nothing is set up through the API). */
const saved = async () => ok((await signedIn(platform.url, 'acme.admin')).get('/api/org/mail/settings'));

async function chooseOption(testId: string, text: string) {
  await byTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: text }).first().click();
}

describe.skipIf(!!missing)('mail settings and templates in a real browser (§2.6 emailTemplateConfig)', () => {
  it('sets the SMTP server from the page reached through the menu, and a test message really arrives', async () => {
    await page.getByTestId('menu-item-org.emailTemplateConfig').click();
    await byTestId('mail-settings').waitFor();
    await byTestId('mail-templates').locator('tr', { hasText: '成员邀请' }).waitFor();
    await expectAccessible(page, 'mail settings');

    await byTestId('mail-host').fill('127.0.0.1');
    await chooseOption('mail-security', '不加密');
    await page.locator('.qp-page[data-active="true"] input[aria-label="端口"]').fill(String(smtp.port));
    await byTestId('mail-user').fill('mailer');
    await byTestId('mail-password').fill(PASSWORD);
    await byTestId('mail-fromAddress').fill('noreply@acme.example');
    await byTestId('mail-fromName').fill('艾克美平台');
    await byTestId('mail-save').click();
    await page.locator('.arco-message', { hasText: '邮件服务器设置已保存' }).waitFor();
    expect(await saved()).toMatchObject({ configured: true, host: '127.0.0.1', port: smtp.port, user: 'mailer', passwordSet: true });
    // The password field is empty again and says one is stored: it is never sent back to the page.
    expect(await byTestId('mail-password').inputValue()).toBe('');
    expect(await byTestId('mail-password').getAttribute('placeholder')).toBe('已设置（留空则保持不变）');

    await byTestId('mail-test').click();
    await byTestId('mail-test-to').fill('ops@example.com');
    await chooseOption('mail-test-language', '英文');
    await expectAccessible(page, 'send-test dialog');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await byTestId('mail-test-sent').waitFor();
    expect(await byTestId('mail-test-sent').innerText()).toContain('测试邮件已发送至 ops@example.com');
    const mail = await smtp.next((m) => m.to.includes('ops@example.com'));
    expect(mail).toMatchObject({ user: 'mailer', from: 'noreply@acme.example', subject: 'Test message from 艾克美制造 Acme Manufacturing' });
    await expectAccessible(page, 'test sent');
    await page.keyboard.press('Escape');
  });

  it('edits a template in both languages: an unknown placeholder is refused, a saved one is what a sample send carries', async () => {
    await byTestId('mail-edit-notice').click();
    await byTestId('mail-template-edit').waitFor();
    await byTestId('mail-subject-en').fill('Plant notice: <%title%> <%password%>');
    await byTestId('mail-template-save').click();
    expect(await byTestId('mail-template-error').innerText()).toContain('<%password%>');

    await byTestId('mail-subject-en').fill('Plant notice: <%title%>');
    await byTestId('mail-body-en').fill('Dear <%name%>, ');
    await byTestId('mail-insert-en-content').click(); // where the body's cursor was
    expect(await byTestId('mail-body-en').inputValue()).toBe('Dear <%name%>, <%content%>');
    expect(await byTestId('mail-preview-en').innerText()).toContain('Dear Zhang San, Line 1 stops for servicing');
    await expectAccessible(page, 'template editor');
    await byTestId('mail-template-save').click();
    await page.locator('.arco-message', { hasText: '邮件模板已保存' }).waitFor();

    await byTestId('mail-template-back').click();
    await byTestId('mail-state-notice-en').waitFor();
    await page.locator('[data-testid="mail-state-notice-en"]:visible', { hasText: '已自定义' }).waitFor();
    expect(await byTestId('mail-state-notice-zh-CN').innerText()).toContain('默认');

    await byTestId('mail-test').click();
    await byTestId('mail-test-to').fill('line@example.com');
    await chooseOption('mail-test-language', '英文');
    await chooseOption('mail-test-template', '通用通知');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await byTestId('mail-test-sent').waitFor();
    const sample = await smtp.next((m) => m.to.includes('line@example.com'));
    expect(sample.subject).toBe('[Sample] Plant notice: Equipment inspection #1024');
    expect(sample.text).toContain('Dear Zhang San, Line 1 stops for servicing');
  });

  it('invites a new member by e-mail from the member page; the mailed link opens their invitation', async () => {
    // The sample-send dialog of the test before stays open until closed.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.arco-modal:visible').count()).toBe(0);
    await page.getByTestId('menu-item-org.memberAdmin').click();
    await byTestId('member-add').click();
    await byTestId('member-loginId').fill('mail.invitee');
    await byTestId('member-name').fill('孙七');
    await byTestId('member-email').fill('sun.qi@example.com');
    await page.locator('.arco-modal:visible .arco-btn-primary').click();
    await byTestId('member-invitation-mail').click();
    await byTestId('member-invitation-mailed').waitFor();
    await expectAccessible(page, 'invitation sent by e-mail');
    const shown = (await byTestId('member-invitation-url').innerText()).trim();
    const mail = await smtp.next((m) => m.to.includes('sun.qi@example.com'));
    expect(mail.text).toContain('孙七');
    const link = mail.text.match(/https?:\/\/\S+\/home\/invitation\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBe(shown);
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(link!);
    await guest.getByTestId('invitation-who').filter({ hasText: 'mail.invitee' }).waitFor();
    await guest.context().close();
  });
});
