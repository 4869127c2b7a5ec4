import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';

const SHOTS = path.resolve('tests/e2e/screenshots');

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

beforeAll(async () => {
  if (missing) return;
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function fresh(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 800 }, bypassCSP: true });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, loginId: string, password = 'Demo@2026', returnTo = '') {
  await page.goto(`/home/login${returnTo ? `?url=${encodeURIComponent(returnTo)}` : ''}`);
  await page.fill('input[name="loginId"]', loginId);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
}

describe.skipIf(!!missing)('the shell in a real browser', () => {
  it('three wrong passwords show the one-minute advice', async () => {
    const { context, page } = await fresh();
    await page.goto('/home/login');
    await page.screenshot({ path: path.join(SHOTS, 'login-zh-CN.png') });
    for (let i = 1; i <= 3; i += 1) {
      await page.fill('input[name="loginId"]', 'nova.user');
      await page.fill('input[name="password"]', `wrong-${i}`);
      await page.click('button[type="submit"]');
      await page.getByTestId('login-error').waitFor();
      const text = await page.getByTestId('login-error').innerText();
      expect(text).toContain(i < 3 ? '登录密码错误' : '1 分钟');
      if (i < 3) await page.waitForTimeout(50);
    }
    await expectAccessible(page, 'sign-in with the lockout advice');
    await context.close();
  });

  it('signs in as admin, greets on the workbench, switches to English and stays English after reload', async () => {
    const { context, page } = await fresh();
    await signIn(page, 'acme.admin');
    await page.waitForURL('**/user/workbench');
    await page.getByTestId('greeting').waitFor();
    expect(await page.getByTestId('org-name').innerText()).toContain('Acme');
    await page.screenshot({ path: path.join(SHOTS, 'home-zh-CN.png') });
    await page.getByTestId('language-switch').click();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('lang-en').click()]);
    await page.getByTestId('greeting').waitFor();
    expect(await page.getByTestId('greeting').innerText()).toMatch(/^Good (morning|day|afternoon|evening)/);
    await page.screenshot({ path: path.join(SHOTS, 'home-en.png') });
    await expectAccessible(page, 'workbench in English');
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(await page.getByTestId('greeting').innerText()).toMatch(/^Good /);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await page.goto('/home/login');
    await page.locator('button[type="submit"]').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'login-en.png') });
    expect(await page.locator('button[type="submit"]').innerText()).toBe('Sign in');
    await expectAccessible(page, 'sign-in in English');
    await context.close();
  });

  it('back and forward restore a cached page with its state; the 11th page evicts the first', async () => {
    const { context, page } = await fresh();
    await signIn(page, 'acme.admin', 'Demo@2026', '/home/modifyPassword');
    await page.waitForURL('**/home/modifyPassword');
    const field = page.locator('[data-page="account.modifyPassword"] input').first();
    await field.fill('typed before leaving');
    const hops = ['/appcenter', '/etl', '/esb', '/rulesengine', '/ruledesigner', '/dataview/screen', '/dashboard', '/form', '/history'];
    // Each step waits until the page at that path is the one shown: only rendered pages enter the cache.
    const shown = (path: string) => page.locator(`.qp-page[data-active="true"][data-path="${path}"]`).waitFor();
    const visit = async (href: string) => {
      await page.evaluate((to) => {
        const a = document.createElement('a');
        a.href = to;
        document.body.appendChild(a);
        a.click();
        a.remove();
      }, href);
      await shown(href);
    };
    const back = async (path: string) => {
      await page.goBack({ waitUntil: 'commit' });
      await shown(path);
    };
    await visit(hops[0]!);
    await back('/home/modifyPassword');
    expect(await field.inputValue()).toBe('typed before leaving');
    // Nine more pages in-page: ten cached in all, the first still among them.
    for (const hop of hops) await visit(hop);
    await expectAccessible(page, `the page at ${hops.at(-1)}`);
    for (const path of [...hops].reverse().slice(1)) await back(path);
    await back('/home/modifyPassword');
    expect(await field.inputValue()).toBe('typed before leaving');
    // Ten new pages: with the first, one more than the cache holds, so the first is destroyed and comes back empty.
    const more = [...hops, '/myapps'];
    for (const hop of more) await visit(hop);
    for (const path of [...more].reverse().slice(1)) await back(path);
    await back('/home/modifyPassword');
    expect(await page.locator('[data-page="account.modifyPassword"] input').first().inputValue()).toBe('');
    await context.close();
  });

  it('an expired session sends the next call to login with url, and sign-in returns there', async () => {
    const { context, page } = await fresh();
    await signIn(page, 'acme.user', 'Demo@2026', '/home/modifyPassword');
    await page.waitForURL('**/home/modifyPassword');
    const other = await signedIn(platform.url, 'root');
    const me = await (await signedIn(platform.url, 'acme.user')).get('/api/account/me');
    await other.patch(`/api/console/users/${me.body.data.id}`, { status: 'disabled' });
    await other.patch(`/api/console/users/${me.body.data.id}`, { status: 'active' });
    // The next call may be the user's submit or a background one of the open page (the push socket, closed with
    // the session, reconnects and catches up): whichever comes first goes to login, so both are accepted.
    const atLogin = /\/home\/login\?url=%2Fhome%2FmodifyPassword/;
    const submit = async () => {
      const inputs = page.locator('[data-page="account.modifyPassword"] input');
      await inputs.nth(0).fill('Demo@2026');
      await inputs.nth(1).fill('Another@2026');
      await inputs.nth(2).fill('Another@2026');
      await page.click('[data-page="account.modifyPassword"] button[type="submit"]');
    };
    const reached = page.waitForURL(atLogin);
    const submitted = submit().then(
      () => undefined,
      (error: unknown) => error,
    );
    const first = await Promise.race([reached.then(() => undefined), submitted]);
    await reached.catch((error: unknown) => {
      throw first ?? error;
    });
    await page.fill('input[name="loginId"]', 'acme.user');
    await page.fill('input[name="password"]', 'Demo@2026');
    await page.click('button[type="submit"]');
    await page.waitForURL('**/home/modifyPassword');
    await context.close();
  }, 150_000);

  it('a role-forbidden route shows the no-permission page; a foreign space is refused, the own one works', async () => {
    const { context, page } = await fresh();
    await signIn(page, 'acme.user');
    await page.waitForURL('**/user/workbench');
    await page.goto('/root/oplog');
    await page.getByTestId('no-permission-page').waitFor();
    await expectAccessible(page, 'no-permission page');
    await page.goto('/space-acme/user/workbench');
    await page.getByTestId('greeting').waitFor();
    await page.goto('/space-nova/user/workbench');
    await page.getByTestId('not-member-page').waitFor();
    await context.close();
  });

  it('maintenance mode shows the maintenance page', async () => {
    const root = await signedIn(platform.url, 'root');
    const { context, page } = await fresh();
    await signIn(page, 'acme.safe');
    await page.waitForURL('**/user/workbench');
    try {
      expect((await root.put('/sapi/appstore/app/status', { maintenance: true })).status).toBe(200);
      // A background call of the open page (the message bell, the socket's catch-up) may answer 503 and move the
      // page to /maintenance by itself while the reload runs; that aborts the reload, and either way ends there.
      await page.reload().catch((error: Error) => {
        if (!/ERR_ABORTED|frame was detached/.test(error.message)) throw error;
      });
      await page.waitForURL('**/maintenance');
      await page.getByTestId('maintenance-page').waitFor();
      await expectAccessible(page, 'maintenance page');
    } finally {
      await root.put('/sapi/appstore/app/status', { maintenance: false });
    }
    await context.close();
  });

  it('naked mode shows the page without header and menus, for the rest of the tab', async () => {
    const { context, page } = await fresh();
    await signIn(page, 'nova.audit'); // nova.user is locked by the wrong-password test
    await page.waitForURL('**/user/workbench');
    await page.getByTestId('greeting').waitFor();
    expect(await page.locator('.qp-header').count()).toBe(1);
    await page.goto('/user/workbench?__NAKED__=1');
    await page.getByTestId('greeting').waitFor();
    expect(await page.locator('.qp-header').count()).toBe(0);
    await expectAccessible(page, 'naked workbench');
    await page.goto('/home/modifyPassword');
    await page.locator('[data-page="account.modifyPassword"]').waitFor();
    expect(await page.locator('.qp-header').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('__NAKED__'))).toBe('1');
    await context.close();
  });

  it('the skin choice survives a reload', async () => {
    const { context, page } = await fresh();
    await signIn(page, 'nova.admin');
    await page.waitForURL('**/user/workbench');
    await page.getByTestId('skin-switch').click();
    await page.getByTestId('skin-deepBlack').click();
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe('dark');
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(await page.evaluate(() => [document.body.dataset.skin, document.body.getAttribute('arco-theme')])).toEqual(['deepBlack', 'dark']);
    await context.close();
  });
});
