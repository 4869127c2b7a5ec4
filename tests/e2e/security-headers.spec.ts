import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';
import { startTestPlatform, TEST_DEMO_PASSWORD } from '../support/platform.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));


describe.skipIf(!!missing)('the web app under its Content-Security-Policy header', () => {
  it('signs in, opens pages and its push socket without a single policy violation', async () => {
    const context = await browser.newContext({ baseURL: platform.url });
    const page = await context.newPage();
    // Injected by the browser's debugging protocol, so the policy does not apply to this script itself.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const consoleViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
    });
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    const first = await page.goto('/home/login');
    expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first?.headers()['x-content-type-options']).toBe('nosniff');
    await page.fill('input[name="loginId"]', 'acme.admin');
    await page.fill('input[name="password"]', TEST_DEMO_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL(/workbench/);
    await page.goto('/appcenter');
    await page.waitForLoadState('networkidle');
    // The form designer: the heaviest page (palette, popups, drag and drop).
    const admin = await signedIn(platform.url, 'acme.admin');
    const system = await ok(admin.post('/api/appcenter/systems', { name: 'CSP check' }));
    const app = await ok(admin.post('/api/appcenter/apps', { systemId: system.id, name: 'CSP app' }));
    const form = await ok(admin.post('/api/forms/forms', { appId: app.id, name: 'CSP form' }));
    await page.goto(`/form/app/setting/!/app/${app.id}/0/${form.id}`);
    await page.getByTestId('designer-empty').waitFor();
    await page.getByTestId('palette-select').click();
    await page.getByTestId('palette-date').click();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);

    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
    expect(consoleViolations).toEqual([]);
    await context.close();
  });
});
