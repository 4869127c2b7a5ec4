import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import os from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok, publishedForm } from '../support/forms.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-e2e-import-'));

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let page: Page;
let appId: string;
let formId: string;

beforeAll(async () => {
  if (missing) return;
  const admin = await signedIn(platform.url, 'acme.admin');
  ({ appId, formId } = await publishedForm(admin, [
    { key: 'f1', type: 'text', label: '名称', required: true, title: true },
    { key: 'f2', type: 'number', label: '数量' },
  ]));
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1440, height: 900 }, acceptDownloads: true, bypassCSP: true });
  page = await context.newPage();
  await page.goto('/home/login');
  await page.fill('input[name="loginId"]', 'acme.admin');
  await page.fill('input[name="password"]', 'Demo@2026');
  await page.click('button[type="submit"]');
  await page.waitForURL('**/user/workbench');
});
afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
});

const byTestId = (id: string) => page.getByTestId(id);

/** A report as offices make them: a merged title row above the header, and a second sheet. */
async function report(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const first = workbook.addWorksheet('汇总');
  first.addRow(['2026 年 3 月 物料盘点表']);
  first.mergeCells('A1:B1');
  first.addRow(['名称', '数量']);
  first.addRow(['螺栓', 10]);
  first.addRow(['垫片', 'many']);
  const second = workbook.addWorksheet('明细');
  second.addRow(['名称', '数量']);
  second.addRow(['第二页', 1]);
  const file = path.join(work, '盘点.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

describe.skipIf(!!missing)('the import dialog in a real browser', () => {
  it('offers the template, finds the header under a title row, lets the user switch sheets, and imports', async () => {
    await page.goto(`/app/!/${formId}/${appId}`);
    await byTestId('import-button').click();
    expect(await byTestId('import-template').getAttribute('href')).toContain(`/api/forms/forms/${formId}/imports/template`);
    await byTestId('import-file-input').setInputFiles(await report());
    await byTestId('import-next').click();
    await expect.poll(async () => (await byTestId('import-header-row').textContent()) ?? '').toContain('第 2 行');
    await expect.poll(async () => (await byTestId('import-map-0').textContent()) ?? '').toContain('名称');
    await expectAccessible(page, 'import mapping with a header row and sheet choice');

    await byTestId('import-sheet').click();
    await page.getByRole('option', { name: '明细' }).click();
    await expect.poll(async () => (await page.locator('.qp-fv-sample').allTextContents()).join(' ')).toContain('第二页');
    expect((await byTestId('import-header-row').textContent()) ?? '').toContain('第 1 行');
    await byTestId('import-sheet').click();
    await page.getByRole('option', { name: '汇总' }).click();
    await expect.poll(async () => (await byTestId('import-header-row').textContent()) ?? '').toContain('第 2 行');
    await expect.poll(async () => (await page.locator('.qp-fv-sample').allTextContents()).join(' ')).toContain('螺栓');

    await byTestId('import-start').click();
    await byTestId('import-result').waitFor({ timeout: 30_000 });
    const admin = await signedIn(platform.url, 'acme.admin');
    const records = await ok(admin.get(`/api/forms/forms/${formId}/records`));
    expect(records.records.map((r: any) => r.values.f1)).toEqual(['螺栓']);
  });
});
