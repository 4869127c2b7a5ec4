import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { activePage, expectAccessible, openMenu, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { chooseOption, DEMO_APP, inputOf } from '../support/chart-browser.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

describe.skipIf(!!missing)('the application store in a real browser', () => {
  it('acme publishes an app, root approves it, nova installs it and adds a record to its form', async () => {
    // acme's administrator publishes the demo application through the upload page.
    const acme = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
    await openMenu(acme, 'appcenter', 'appcenter.upload');
    await activePage(acme).getByTestId('app-upload').waitFor();
    await chooseOption(acme, 'upload-app', DEMO_APP);
    await inputOf(acme, 'upload-label').fill('1.0.0');
    await inputOf(acme, 'upload-notes').fill('首个版本 First release');
    await expectAccessible(acme, 'appstore/upload');
    await activePage(acme).getByTestId('upload-publish').click();
    await activePage(acme).getByTestId('upload-done').waitFor();
    await openMenu(acme, 'appcenter', 'appcenter.audit');
    await expect.poll(() => activePage(acme).getByTestId('audit-own').textContent()).toContain('待审核');
    await expectAccessible(acme, 'appstore/audit');

    // The operator reviews it on the store's application page and approves it.
    const root = await signInPage(browser, platform.url, 'root', { height: 1000 });
    await openMenu(root, 'console', 'console.application');
    const review = activePage(root).getByTestId('root-review');
    await review.getByTestId(`review-open-${DEMO_APP}`).click();
    const detail = root.getByTestId('review-detail');
    await expect.poll(() => detail.textContent()).toContain('点检记录 Inspection');
    await expectAccessible(root, 'root/application review');
    await detail.getByTestId('review-approve').click();
    await expect.poll(() => review.getByTestId('review-queue').textContent()).not.toContain(DEMO_APP);
    await expect.poll(() => activePage(root).getByTestId('root-applications').textContent()).toContain('已上架');
    // The released version is listed as official, not as a trial.
    await openMenu(root, 'console', 'console.officialVersionApp');
    await expect.poll(() => activePage(root).getByTestId('released-official').textContent()).toContain('1.0.0');
    await openMenu(root, 'console', 'console.experienceVersionApp');
    await expect.poll(() => activePage(root).getByTestId('released-trial').textContent()).toContain('还没有此类已发布的版本');
    // A banner for the store, with an image the server checks and re-encodes.
    await openMenu(root, 'console', 'console.storeBanner');
    const banners = activePage(root);
    await banners.getByTestId('banner-new').click();
    await inputOf(root, 'banner-title').fill('春季应用 Spring apps');
    await inputOf(root, 'banner-link').fill('/appstore');
    await root.locator('.arco-modal:visible .arco-btn-primary').click();
    await expect.poll(() => banners.getByTestId('banner-table').textContent()).toContain('春季应用 Spring apps');
    const [chooser] = await Promise.all([root.waitForEvent('filechooser'), banners.getByTestId('banner-image-春季应用 Spring apps').click()]);
    const picture = await sharp({ create: { width: 1600, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    await chooser.setFiles({ name: 'spring.png', mimeType: 'image/png', buffer: picture });
    await banners.getByTestId('banner-table').locator('img').waitFor();
    await expectAccessible(root, 'appstore/setupbanner');

    // nova's administrator finds it in the store, installs it and adds a record to its form.
    const nova = await signInPage(browser, platform.url, 'nova.admin', { height: 1000 });
    await openMenu(nova, 'appcenter', 'appcenter.store');
    await activePage(nova).getByTestId('store-banners').locator('img[alt="春季应用 Spring apps"]').first().waitFor({ state: 'attached' });
    const card = activePage(nova).getByTestId(`store-app-${DEMO_APP}`);
    await card.getByTestId('store-app-details').click();
    const drawer = nova.getByTestId('store-detail');
    await drawer.getByTestId('store-version-1.0.0').waitFor();
    await expectAccessible(nova, 'appstore details');
    await drawer.getByTestId('store-install').click();
    await activePage(nova).getByTestId('store-installed').waitFor();
    await activePage(nova).getByTestId('store-open-app').click();
    await nova.getByTestId('new-record').click();
    await nova.getByTestId('record-drawer').waitFor();
    await nova.locator('[data-testid="record-field-f1"] input').fill('商店安装的设备 Store-installed press');
    await nova.getByTestId('record-submit').click();
    await nova.getByText('商店安装的设备 Store-installed press').first().waitFor();

    // The record is nova's, in the installed copy of the form; acme has no such record.
    const novaApi = await signedIn(platform.url, 'nova.admin');
    const installed = (await ok(novaApi.get('/api/appcenter/store/mine'))).installed;
    expect(installed).toEqual([expect.objectContaining({ name: DEMO_APP, label: '1.0.0' })]);
    const forms = (await ok(novaApi.get(`/api/forms/apps/${installed[0].appId}/forms`))).forms;
    const records = (await ok(novaApi.get(`/api/forms/forms/${forms[0].id}/records`))).records;
    expect(records.map((r: { values: { f1: string } }) => r.values.f1)).toEqual(['商店安装的设备 Store-installed press']);
    await openMenu(nova, 'appcenter', 'appcenter.myApps');
    await expect.poll(() => activePage(nova).getByTestId('myapps-installed').textContent()).toContain('1.0.0');
    await expectAccessible(nova, 'appstore/myapps');
  });
});
