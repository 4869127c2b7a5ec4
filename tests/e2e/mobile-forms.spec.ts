import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TEST_DEMO_PASSWORD } from '../support/client.ts';

/**
 * The mobile terminal's forms on a phone: a member signs in on a 390 px touch screen, opens the demo app's form (生产管理 →
 * 设备点检), creates a record by touch with a photo "from the camera", finds it in the list and its detail, edits it,
 * sees the server's message at a field, and opens a record by its QR code's link.
 */
const SHOTS = path.resolve('tests/e2e/screenshots');
let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let phone: Page;
let appId = '';
let formId = '';
let recordId = '';
const NAME = `冲压机 ${Math.random().toString(36).slice(2, 7)}`;
const PHOTO_LABEL = '现场照片 Photo';

// The shell keeps earlier pages mounted (hidden) for back and forward: only the shown page's elements count.
const shown = (id: string) => phone.locator(`[data-testid="${id}"]:visible`);
const field = (label: string) => phone.locator('[data-testid^="record-field-"]:visible', { hasText: label });

beforeAll(async () => {
  if (missing) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true, baseURL: platform.url });
  phone = await context.newPage();
});

describe.skipIf(!!missing)('forms on a phone', () => {
  it('signs in on the phone and opens the demo form from the apps page by touch', async () => {
    await phone.goto(`/m/login?url=${encodeURIComponent('/m/apps')}`);
    await phone.locator('input[name="loginId"]').fill('acme.admin');
    await phone.locator('input[name="password"]').fill(TEST_DEMO_PASSWORD);
    await phone.locator('button[type="submit"]').tap();
    await shown('mf-apps').waitFor();
    await expectAccessible(phone, 'phone: apps');
    await phone.locator('[data-testid^="mf-app-"]:visible', { hasText: '设备点检' }).tap();
    await phone.locator('[data-testid^="mf-form-"]:visible', { hasText: '点检记录' }).tap();
    await shown('mf-list').waitFor();
    const ids = /\/m\/app\/(\d+)\/(\d+)$/.exec(new URL(phone.url()).pathname);
    appId = ids?.[1] ?? '';
    formId = ids?.[2] ?? '';
    expect(appId && formId).toBeTruthy();
    await phone.locator('[data-testid^="mf-record-"]:visible', { hasText: '冷却塔' }).waitFor();
    // Cards stay inside the phone's width, long equipment names wrapped.
    const widest = await phone.locator('.qp-mf-card:visible').evaluateAll((cards) => Math.max(...cards.map((c) => c.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: path.join(SHOTS, 'mobile-forms-list.png') });
    await expectAccessible(phone, 'phone: record list');
  });

  it('(on the web) the administrator adds an image field to the form, so the phone can take a photo for it', async () => {
    const web = await signInPage(browser, platform.url, 'acme.admin');
    await web.goto(`/app/!/${formId}/${appId}`);
    await web.locator('[data-testid="design-link"]:visible').click();
    await web.locator('[data-testid="form-designer"]:visible').waitFor();
    await web.locator('[data-testid="palette-image"]:visible').click();
    await web.locator('[data-testid="prop-label"]:visible').fill(PHOTO_LABEL);
    await web.locator('[data-testid="designer-save"]:visible').click();
    await web.locator('[data-testid="designer-publish"]:visible').click();
    await web.getByText('第 2 版').first().waitFor();
    await web.context().close();
  });

  it('creates a record by touch, with a photo from the camera; a bad value gets its message at the field', async () => {
    await phone.reload();
    await shown('mf-list').waitFor();
    await shown('mf-new').tap();
    await shown('mf-record-form').waitFor();
    await field(PHOTO_LABEL).waitFor();
    await expectAccessible(phone, 'phone: new record');

    await field('设备 Equipment').locator('input').tap();
    await phone.keyboard.type(NAME);
    await field('状态 Status').locator('button').tap();
    await phone.locator('[data-testid="mf-input-f2-option-故障 Fault"]:visible').tap();
    expect(await field('状态 Status').locator('button').textContent()).toContain('故障 Fault');
    await field('点检日期').locator('input[type="date"]').fill('2026-03-02');
    await field('温度').locator('input').tap();
    await phone.keyboard.type('999');
    // Inputs are touch-sized.
    const heights = await phone.locator('.qp-mf-form:visible input:visible, .qp-mf-form:visible .qp-mf-picker:visible').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);

    // The photo "from the camera": the input the phone's camera answers (`capture`), given a picture.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    expect(await field(PHOTO_LABEL).getByText('拍照').count()).toBe(1);
    await field(PHOTO_LABEL).locator('input[capture="environment"]').setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: photo });
    await field(PHOTO_LABEL).locator('img').waitFor();

    // The same rule as the server's, checked before sending.
    await shown('mf-save').tap();
    await field('温度').getByText('-40').waitFor();
    await field('温度').locator('input').fill('88.5');

    // The server's own 422 lands at its field: the request leaves with a value the form would not have sent.
    await phone.route('**/api/forms/forms/*/records', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { values: Record<string, unknown> };
      await route.continue({ postData: JSON.stringify({ ...body, values: { ...body.values, f4: 1000 } }) });
    });
    const [answer] = await Promise.all([phone.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/records')), shown('mf-save').tap()]);
    expect(answer.status()).toBe(422);
    await field('温度').getByText('400').waitFor();
    await phone.unroute('**/api/forms/forms/*/records');
    expect(await shown('mf-notice').count()).toBe(1);
    await phone.screenshot({ path: path.join(SHOTS, 'mobile-forms-error.png') });

    await shown('mf-save').tap();
    await shown('mf-detail').waitFor();
    recordId = /\/(\d+)$/.exec(new URL(phone.url()).pathname)?.[1] ?? '';
    expect(recordId).not.toBe('');
    const detail = shown('mf-detail');
    await detail.getByText(NAME).first().waitFor();
    expect(await detail.textContent()).toContain('故障 Fault');
    expect(await detail.textContent()).toContain('88.5');
    await detail.locator('[data-testid^="record-field-"]', { hasText: PHOTO_LABEL }).locator('img').waitFor();
    await phone.screenshot({ path: path.join(SHOTS, 'mobile-forms-detail.png') });
    await expectAccessible(phone, 'phone: record detail');
  });

  it('finds the new record in the list and in a search, then edits it', async () => {
    await phone.locator('[data-testid="m-back"]:visible').tap();
    await shown('mf-list').waitFor();
    await shown(`mf-record-${recordId}`).waitFor();
    expect(await shown(`mf-record-${recordId}`).textContent()).toContain(NAME);
    await shown('mf-search').fill(NAME);
    await shown('mf-search').press('Enter');
    await expect.poll(() => phone.locator('[data-testid^="mf-record-"]:visible').count()).toBe(1);
    await shown(`mf-record-${recordId}`).tap();
    await shown('mf-edit-button').tap();
    await shown('mf-record-form').waitFor();
    await expectAccessible(phone, 'phone: edit record');
    await field('温度').locator('input').fill('70');
    await shown('mf-save').tap();
    await shown('mf-detail').waitFor();
    await expect.poll(() => shown('mf-detail').textContent()).toContain('70');
    expect(await shown('mf-detail').textContent()).not.toContain('88.5');
  });

  it("opens a record by its QR code's link; another space's code is refused with a message", async () => {
    await phone.goto('/m/apps');
    await shown('mf-apps').waitFor();
    await shown('mf-scan').tap();
    await shown('mf-scan-drawer').waitFor();
    await expectAccessible(phone, 'phone: scan');
    const code = shown('mf-scan-text');
    await code.fill(`${platform.url}/space-elsewhere/${appId}/detail/${formId}?id=${recordId}`);
    await code.press('Enter');
    await shown('mf-scan-problem').getByText('其他空间').waitFor();
    await code.fill(`${platform.url}/${appId}/detail/${formId}?id=${recordId}`);
    await code.press('Enter');
    await shown('mf-detail').getByText(NAME).first().waitFor();
    expect(new URL(phone.url()).pathname).toMatch(new RegExp(`/m/app/${appId}/${formId}/${recordId}$`));
  });
});
