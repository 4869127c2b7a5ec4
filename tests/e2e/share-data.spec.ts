import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';


let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));


const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]:visible`);
/** Read back what the screens did (nothing is set up through the API). */
const policy = async () => ok((await signedIn(platform.url, 'acme.admin')).get('/api/org/data-sharing'));

/** The demo app's records page (设备点检, equipment inspection), opened from the application centre like a member does. */
async function openInspections(page: Page) {
  await byTestId(page, 'menu-item-appcenter.home').click();
  await page.locator('[data-testid^="app-tile-"]:visible', { hasText: '设备点检' }).first().click();
  // The toolbar is drawn with the form's answer, which carries what the viewer may take out.
  await byTestId(page, 'form-title').waitFor();
  await byTestId(page, 'import-button').waitFor();
}

describe.skipIf(!!missing)('data sharing in a real browser (spec §2.6 shareData, decision 0046)', () => {
  it('the admin closes exporting to members from the menu’s page; a member is no longer offered the export', async () => {
    const admin = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
    await byTestId(admin, 'menu-item-org.shareData').click();
    await byTestId(admin, 'sharing-setting').waitFor();
    expect(await byTestId(admin, 'sharing-admin-always').innerText()).toContain('系统管理员始终可以');
    await expectAccessible(admin, 'data sharing settings');

    // "Only chosen roles" shows the role pickers (checked by axe too), then the admin settles on "administrators only".
    await byTestId(admin, 'sharing-export-roles').click();
    await byTestId(admin, 'sharing-export-enterprise').waitFor();
    await expectAccessible(admin, 'data sharing settings, role pickers open');
    await byTestId(admin, 'sharing-export-nobody').click();
    await byTestId(admin, 'sharing-save').click();
    await expect.poll(async () => (await policy()).export.mode).toBe('nobody');
    expect((await policy()).print.mode).toBe('everyone');

    // The admin is always allowed: the export stays on their records page.
    await openInspections(admin);
    expect(await byTestId(admin, 'export-button').count()).toBe(1);
    await admin.context().close();

    const member = await signInPage(browser, platform.url, 'acme.user');
    await openInspections(member);
    expect(await byTestId(member, 'export-button').count()).toBe(0);
    expect(await byTestId(member, 'new-record').count()).toBe(1);
    await member.context().close();
  });
});
