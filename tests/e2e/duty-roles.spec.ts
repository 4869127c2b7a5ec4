import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';

/** Separation of duties (decision 0026): an auditor is offered no business app, nor "new record", by default. */

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));


const signIn = (loginId: string): Promise<Page> => signInPage(browser, platform.url, loginId, { height: 900 });

describe.skipIf(!!missing)('separation of duties in the browser', () => {
  it('the demo app is not offered to the auditor until the admin chooses the auditor role in the app editor', async () => {
    // Reading the seeded demo app's id, to name its tile: nothing is created through the API.
    const demo = (await ok((await signedIn(platform.url, 'acme.admin')).get('/api/appcenter/apps'))).apps[0] as { id: string; name: string };

    const auditor = await signIn('acme.audit');
    await auditor.goto('/appcenter');
    await auditor.getByTestId('appcenter-empty-user').waitFor();
    expect(await auditor.getByTestId(`app-tile-${demo.id}`).count()).toBe(0);
    await expectAccessible(auditor, 'application centre with no apps for the auditor');
    await auditor.goto(`/app/!/${demo.id}`);
    await auditor.getByTestId('app-error').waitFor();
    expect(await auditor.getByTestId('new-record').count()).toBe(0);
    await expectAccessible(auditor, 'an application the auditor may not open');

    const admin = await signIn('acme.admin');
    await admin.goto('/appcenter');
    await admin.getByTestId(`app-edit-${demo.id}`).click();
    await admin.getByTestId('appcenter-form-roles').click();
    for (const role of ['普通用户', '审计员']) await admin.locator('.arco-select-option', { hasText: new RegExp(`^${role}$`) }).click();
    await admin.getByTestId('appcenter-form-name').click(); // closes the role list
    await admin.locator('.arco-select-popup').first().waitFor({ state: 'hidden' });
    await expectAccessible(admin, 'application editor');
    await admin.getByTestId('appcenter-form-ok').click();
    await admin.getByTestId('appcenter-editor').waitFor({ state: 'hidden' });

    await auditor.goto('/appcenter');
    await auditor.getByTestId(`app-tile-${demo.id}`).click();
    await auditor.getByTestId('new-record').waitFor();
    await expectAccessible(auditor, 'the granted application as the auditor');
  });
});
