import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWriter, readSheet, type Cell } from '../../server/kernel/sheets/index.ts';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn } from '../support/client.ts';
import { ok } from '../support/forms.ts';

const SHOTS = path.resolve('tests/e2e/screenshots');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-e2e-forms-'));

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let page: Page;
let appId: string;
let formId: string;

beforeAll(async () => {
  if (missing) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  // The app and an empty form exist already: what is tested is designing it in the browser.
  const admin = await signedIn(platform.url, 'acme.admin');
  const system = await ok(admin.post('/api/appcenter/systems', { name: 'E2E 质量 Quality' }));
  const app = await ok(admin.post('/api/appcenter/apps', { systemId: system.id, name: '来料检验 Incoming' }));
  const form = await ok(admin.post('/api/forms/forms', { appId: app.id, name: '检验单 Check' }));
  appId = app.id;
  formId = form.id;
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

/** Adds a field from the palette and sets its label (the new field is the selected one). */
async function addField(type: string, label: string) {
  await byTestId(`palette-${type}`).click();
  await byTestId('prop-label').fill(label);
}

async function sheet(rows: Cell[][]): Promise<string> {
  const file = path.join(work, 'incoming.xlsx');
  const writer = await openWriter(file, 'xlsx', rows[0] as string[]);
  for (const row of rows.slice(1)) await writer.write(row);
  await writer.close();
  return file;
}

describe.skipIf(!!missing)('forms in a real browser', () => {
  it('designs a form with five field types and publishes it', async () => {
    await page.goto(`/form/app/setting/!/app/${appId}/0/${formId}`);
    await byTestId('designer-empty').waitFor();
    await addField('text', 'Batch');
    await byTestId('prop-required').click();
    await byTestId('prop-title').click();
    await addField('select', 'Result');
    await byTestId('prop-options').fill('pass\nfail');
    await addField('date', 'Received');
    await addField('email', 'Supplier mail');
    await addField('number', 'Quantity');
    for (const key of ['f1', 'f2', 'f3', 'f4', 'f5']) await byTestId(`canvas-field-${key}`).waitFor();
    await byTestId('designer-save').click();
    await byTestId('designer-publish').click();
    await expect.poll(async () => (await ok((await signedIn(platform.url, 'acme.admin')).get(`/api/forms/forms/${formId}/design`))).form.version).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'forms-designer.png') });
    await expectAccessible(page, 'form designer with five fields');
  });

  it('adds records: a bad e-mail is refused with the §5 message, the corrected one is saved', async () => {
    await page.goto(`/app/!/${formId}/${appId}`);
    await byTestId('new-record').click();
    await byTestId('record-drawer').waitFor();
    await page.locator('[data-testid="record-field-f1"] input').fill('B-001');
    await page.locator('[data-testid="record-field-f4"] input').fill('not-an-email');
    await byTestId('record-submit').click();
    await page.getByText('邮箱格式不正确').first().waitFor();
    await expectAccessible(page, 'record drawer with an error');
    await page.locator('[data-testid="record-field-f4"] input').fill('qa@supplier.example');
    await byTestId('record-submit').click();
    await page.getByText('B-001').first().waitFor();
    const records = await ok((await signedIn(platform.url, 'acme.admin')).get(`/api/forms/forms/${formId}/records`));
    expect(records.records.map((r: any) => [r.values.f1, r.values.f4])).toEqual([['B-001', 'qa@supplier.example']]);
  });

  it('switches list → board → calendar', async () => {
    await byTestId('view-kind-board').click();
    await page.locator('[data-testid^="board-column-"]').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'forms-board.png') });
    await expectAccessible(page, 'board view');
    await byTestId('view-kind-calendar').click();
    await page.locator('[data-testid^="calendar-day-"]').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'forms-calendar.png') });
    await expectAccessible(page, 'calendar view');
    await byTestId('view-kind-list').click();
    await page.locator('[data-testid^="record-row-"]').first().waitFor();
  });

  it('imports an xlsx with two bad rows and downloads the failure file', async () => {
    const file = await sheet([
      ['Batch', 'Result', 'Received', 'Supplier mail', 'Quantity'],
      ['B-101', 'pass', '2026-11-02', 'a@x.example', 10],
      ['', 'pass', '2026-11-03', 'b@x.example', 11],
      ['B-103', 'fail', '2026-11-04', null, 12],
      ['B-104', 'pass', '2026-11-05', 'broken-mail', 13],
      ['B-105', null, null, null, 14],
    ]);
    await byTestId('import-button').click();
    await byTestId('import-file-input').setInputFiles(file);
    await byTestId('import-next').click();
    await expectAccessible(page, 'import mapping step');
    await byTestId('import-start').click();
    await byTestId('import-result').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'import result');
    const [download] = await Promise.all([page.waitForEvent('download'), byTestId('import-failures-link').click()]);
    const saved = path.join(work, 'failures.xlsx');
    await download.saveAs(saved);
    const rows: Cell[][] = [];
    for await (const row of readSheet(saved, 'xlsx')) rows.push(row);
    expect(rows.length).toBe(3);
    // The failure file: the sheet's own headers and cells, then a reason naming the row.
    expect(rows[0]!.slice(0, 5)).toEqual(['Batch', 'Result', 'Received', 'Supplier mail', 'Quantity']);
    expect(rows.slice(1).map((r) => String(r[5]).match(/\d+/)?.[0])).toEqual(['3', '5']);
    await byTestId('import-close').click();
    const records = await ok((await signedIn(platform.url, 'acme.admin')).get(`/api/forms/forms/${formId}/records?pageSize=50`));
    expect(records.records.map((r: any) => r.values.f1).sort()).toEqual(['B-001', 'B-101', 'B-103', 'B-105']);
  });

  it('searches across the application and opens a record', async () => {
    await page.locator('[data-testid="app-search"] input').fill('b-103');
    await page.locator('[data-testid="app-search"] input').press('Enter');
    const hit = page.locator('[data-testid^="app-search-hit-"]');
    await hit.first().waitFor();
    expect(await hit.count()).toBe(1);
    expect(await hit.first().innerText()).toContain('B-103');
    await expectAccessible(page, 'application search results');
  });

  it('exports, downloads the file from the dialog and sees the entry in the export history', async () => {
    await byTestId('export-button').click();
    await byTestId('export-format-xlsx').click();
    await byTestId('export-start').click();
    await page.locator('[data-testid="export-status"][data-status="complete"]').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'export dialog');
    // The dialog's link saves the file, as the history's does: the client router must not open it as a page.
    const before = page.url();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), byTestId('export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const saved = path.join(work, 'export.xlsx');
    await download.saveAs(saved);
    const exported: Cell[][] = [];
    for await (const row of readSheet(saved, 'xlsx')) exported.push(row);
    expect(exported.flat()).toContain('B-103');
    expect(page.url()).toBe(before);
    expect(await byTestId('not-found-page').count()).toBe(0);
    await byTestId('export-history').click();
    await page.locator('[data-testid^="history-row-"]').first().waitFor();
    expect(await page.locator('[data-testid^="history-status-"]').first().innerText()).toMatch(/准备完成|Prepare complete/);
    // The export dialog of the page left behind (kept in the page cache) is not over this one.
    expect(await page.locator('.arco-modal').filter({ visible: true }).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'forms-history.png') });
    await expectAccessible(page, 'export history');
  });
});
