import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TEST_DEMO_PASSWORD } from '../support/client.ts';

const SHOTS = path.resolve('tests/e2e/screenshots');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-e2e-core-'));
const suffix = Math.random().toString(36).slice(2, 7);
const SYSTEM = `生产 ${suffix}`;
const APP = `设备 ${suffix}`;

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let page: Page;

beforeAll(async () => {
  if (missing) return;
  // 1024 px: the width the app navigation and the designer must stay usable at.
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1024, height: 800 }, bypassCSP: true });
  page = await context.newPage();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
});

// The shell keeps earlier pages mounted (hidden) for back and forward: only the shown page's elements count.
const byTestId = (id: string) => page.locator(`[data-testid="${id}"]:visible`);
const visible = (selector: string, hasText: string) => page.locator(`${selector}:visible`, { hasText });

/** The sheet a user brings: a name, a count and a status whose few values repeat (so it is guessed a drop-down). */
async function sheet(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const rows = workbook.addWorksheet('设备');
  rows.addRow(['设备名称', '数量', '状态']);
  for (const [name, count, status] of [['冲床', 2, '运行'], ['车床', 3, '停机'], ['铣床', 1, '运行'], ['钻床', 4, '停机']] as const) rows.addRow([name, count, status]);
  const file = path.join(work, '设备台账.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

/** A pointer drag with intermediate moves, as a hand makes it (the designer starts a drag after a few pixels). */
async function drag(from: string, to: string) {
  const source = (await byTestId(from).boundingBox())!;
  const target = (await byTestId(to).boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2 + 10, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height - 8, { steps: 12 });
  // A hand rests before letting go: the sensor settles on the target (two frames, a last small move, two frames).
  const frames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await frames();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height - 10);
  await frames();
  await page.mouse.up();
}

describe.skipIf(!!missing)('the core loop of a new user, by clicks only', () => {
  it('signs in, creates a system and an application, and opens the empty application', async () => {
    await page.goto('/home/login');
    await page.fill('input[name="loginId"]', 'acme.admin');
    await page.fill('input[name="password"]', TEST_DEMO_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/user/workbench');
    await byTestId('menu-item-appcenter.home').click();
    await byTestId('system-create').click();
    await byTestId('appcenter-form-name').fill(SYSTEM);
    await byTestId('appcenter-form-ok').click();
    await byTestId('appcenter-editor').waitFor({ state: 'hidden' });
    const section = visible('[data-testid^="system-section-"]', SYSTEM);
    await section.locator('[data-testid^="app-create-"]').click();
    await byTestId('appcenter-form-name').fill(APP);
    await byTestId('appcenter-form-ok').click();
    await byTestId('appcenter-editor').waitFor({ state: 'hidden' });
    await section.locator('[data-testid^="app-tile-"]', { hasText: APP }).click();
    await byTestId('app-no-forms').waitFor();
    expect(await byTestId('app-forms-nav').isVisible()).toBe(true);
  });

  it('creates a form from an xlsx with the guessed fields, and its rows are imported', async () => {
    await byTestId('form-from-sheet').click();
    await page.getByTestId('sheet-file-input').setInputFiles(await sheet());
    await byTestId('sheet-form-name').waitFor();
    await expectAccessible(page, 'form from a spreadsheet');
    expect(await byTestId('sheet-form-name').inputValue()).toBe('设备台账');
    expect(await byTestId('sheet-type-1').textContent()).toContain('数字');
    expect(await byTestId('sheet-type-2').textContent()).toContain('下拉');
    await byTestId('sheet-create').click();
    await visible('[data-testid^="record-row-"]', '冲床').waitFor();
    await expect.poll(async () => page.locator('[data-testid^="record-row-"]:visible').count()).toBe(4);
    await expect.poll(async () => page.locator('[data-testid="app-forms-nav"]:visible [aria-current="page"]').textContent()).toBe('设备台账');
    await page.screenshot({ path: path.join(SHOTS, 'core-loop-app.png') });
    await expectAccessible(page, 'application view');
  });

  it('designs the form by dragging a field from the palette, publishes, and goes back to the app', async () => {
    await byTestId('design-link').click();
    await byTestId('form-designer').waitFor();
    // Full-width: the platform's side menu gives way to the designer.
    expect(await page.locator('.qp-sider').isVisible()).toBe(false);
    expect(await page.getByText(/标识 f\d/).count()).toBe(0);
    await drag('palette-drag-textarea', 'canvas-field-f3');
    await byTestId('canvas-field-f4').waitFor();
    await byTestId('prop-label').fill('备注');
    await page.screenshot({ path: path.join(SHOTS, 'core-loop-designer.png') });
    await expectAccessible(page, 'form designer');
    // Reordering by dragging: 状态 (last) dropped on 数量 takes its place.
    await drag('canvas-field-f3', 'canvas-field-f2');
    const order = () => page.locator('[data-testid^="canvas-field-"]:visible').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    await expect.poll(order).toEqual(['canvas-field-f1', 'canvas-field-f3', 'canvas-field-f2', 'canvas-field-f4']);
    await byTestId('designer-save').click();
    await byTestId('designer-publish').click();
    await page.getByText('第 2 版').first().waitFor();
    await byTestId('designer-back').click();
    await byTestId('form-views').waitFor();
  });

  it('adds a record, drags its card to another board column (not left greyed), and a reloaded address shows the same view', async () => {
    await byTestId('new-record').click();
    await byTestId('record-drawer').waitFor();
    await page.locator('[data-testid="record-field-f1"]:visible input').fill('磨床');
    await page.locator('[data-testid="record-field-f4"]:visible textarea').fill('新到');
    await byTestId('record-submit').click();
    await visible('[data-testid^="record-row-"]', '磨床').waitFor();

    await byTestId('view-kind-board').click();
    const card = visible('[data-testid^="board-card-"]', '冲床');
    await card.waitFor();
    await card.dragTo(byTestId('board-column-停机'));
    const moved = byTestId('board-column-停机').locator('[data-testid^="board-card-"]', { hasText: '冲床' });
    await moved.waitFor();
    expect(await moved.getAttribute('class')).not.toContain('dragging');
    expect(await moved.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');

    await expect.poll(() => page.url()).toContain('kind=board');
    await page.reload();
    await byTestId('board-column-停机').locator('[data-testid^="board-card-"]', { hasText: '冲床' }).waitFor();
    expect(await byTestId('view-kind-board').locator('input').isChecked()).toBe(true);
  });
});
