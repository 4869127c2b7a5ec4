import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complete } from '../../server/kernel/ai/index.ts';
import { WEB_ROOT } from '../../server/kernel/web.ts';
import type { Platform } from '../../server/platform.ts';
import { chromiumMissing, expectAccessible, launchChromium, signInPage } from '../support/browser.ts';
import { CHAT_REPLY, startTestChatServer, type TestChatServer } from '../support/chat-server.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';
import { startTestPlatform } from '../support/platform.ts';

const missing = chromiumMissing();
if (missing) console.log(missing);

const KEY = 'sk-e2e-Key-7b31d0';
let platform: Platform;
let chat: TestChatServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (missing) return;
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('No web build: run `npm run build:web` first.');
  chat = await startTestChatServer();
  // The model server is on loopback: the operator's allow-list lets the platform reach that one port (over http).
  platform = await startTestPlatform({ outboundAllow: [`127.0.0.1:${chat.port}`] });
  browser = await launchChromium();
  page = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await chat?.close();
});

const byTestId = (id: string) => page.locator(`.qp-page[data-active="true"] [data-testid="${id}"]`).locator('visible=true');
const field = (label: string) => page.locator(`.qp-page[data-active="true"] input[aria-label="${label}"]`);
/** Read back what the screens did (nothing is set up through the API). */
const saved = async () => ok((await signedIn(platform.url, 'acme.admin')).get('/api/org/ai/settings'));

describe.skipIf(!!missing)('AI settings in a real browser (aisetting)', () => {
  it('sets the model connection from the page reached through the menu, and a test call really reaches the model', async () => {
    await page.getByTestId('menu-item-org.aiSetting').click();
    await byTestId('ai-settings').waitFor();
    expect(page.url()).toContain('/aisetting');
    await byTestId('ai-usage-empty').waitFor();
    await expectAccessible(page, 'AI settings');

    await byTestId('ai-enabled').click();
    await byTestId('ai-baseUrl').fill(`http://127.0.0.1:${chat.port}/v1`);
    await byTestId('ai-model').fill('qp-e2e');
    await byTestId('ai-apiKey').fill(KEY);
    await field('超时时间（秒）').fill('20');
    await field('每月 token 预算（全企业）').fill('50000');
    await byTestId('ai-save').click();
    await page.locator('.arco-message', { hasText: 'AI 设置已保存' }).waitFor();
    expect(await saved()).toMatchObject({ configured: true, enabled: true, model: 'qp-e2e', keySet: true, timeoutSeconds: 20, monthlyTokenBudget: 50000, roles: ['admin', 'user'] });
    // The key field is empty again and says one is stored: the key is never sent back to the page.
    expect(await byTestId('ai-apiKey').inputValue()).toBe('');
    expect(await byTestId('ai-apiKey').getAttribute('placeholder')).toBe('已设置（留空则保持不变）');

    const before = chat.requests.length;
    await byTestId('ai-test').click();
    await byTestId('ai-test-result').waitFor();
    const result = await byTestId('ai-test-result').innerText();
    expect(result).toContain('连接成功');
    expect(result).toContain(`模型 qp-e2e 回复：${CHAT_REPLY}`);
    expect(chat.requests.slice(before)).toMatchObject([{ path: '/v1/chat/completions', authorization: `Bearer ${KEY}`, body: { model: 'qp-e2e' } }]);
    expect(await page.content()).not.toContain(KEY);
    await expectAccessible(page, 'AI test result');
  });

  it('shows a refused address in the user’s language, and this month’s use once a feature called the model', async () => {
    await byTestId('ai-baseUrl').fill('https://10.0.0.1/v1');
    await byTestId('ai-test').click();
    await byTestId('ai-test-error').waitFor();
    expect(await byTestId('ai-test-error').innerText()).toContain('平台不允许访问');
    await byTestId('ai-baseUrl').fill(`http://127.0.0.1:${chat.port}/v1`);

    // A feature (here called in-process, as the form assistant will) uses the space's connection as a member.
    const member = await platform.kernel.db.selectFrom('users').select('id').where('login_id', '=', 'acme.user').executeTakeFirstOrThrow();
    await complete(platform.kernel, { spaceId: 'acme', userId: member.id, roles: ['user'] }, { feature: 'forms.assistant', messages: [{ role: 'user', content: '你好' }] });
    await byTestId('ai-usage-refresh').click();
    await byTestId('ai-usage-members').locator('tr', { hasText: 'acme.user' }).waitFor();
    expect(await byTestId('ai-usage-tokens').innerText()).toContain('10');
    expect(await byTestId('ai-usage-budget').innerText()).toContain('预算已用 10 / 50,000');
    await expectAccessible(page, 'AI usage');
  });
});
