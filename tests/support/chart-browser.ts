import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Demo data (server/apps/forms/demo.ts): the equipment-inspection app and its form. */
export const DEMO_APP = '设备点检 Equipment inspection';
export const DEMO_FORM = '点检记录 Inspection';

export interface ChartDesign {
  name: string;
  /** A chart type id (`bar`, `pie`, …): the palette button `chart-type-{type}`. */
  type: string;
  /** The form's visible name (the app is the demo app unless `app` says otherwise). */
  form: string;
  app?: string;
  /** A field's label (or part of it) to group by. */
  dimension?: string;
  /** A field's label to measure; without one the chart counts records. */
  measure?: string;
  /** The measure's aggregate as the select shows it (`求和`, `Sum`…); the designer's default otherwise. */
  aggregate?: string;
}

/** The visible one of a test id: the shell keeps other pages mounted, hidden (the page cache). */
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`).first();

/** Picks an option of an Arco select (in the shown page) by its visible text; the popup opens beside it. */
export async function chooseOption(page: Page, testId: string, text: string): Promise<void> {
  await visible(page, testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: text }).first().click();
  await page.locator('.arco-select-popup:visible').first().waitFor({ state: 'hidden' }).catch(() => undefined);
}

/** The text input behind a test id (Arco puts it on the input itself, or on its wrapper when it shows a word count). */
export const inputOf = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"]:visible, textarea[data-testid="${testId}"]:visible, [data-testid="${testId}"]:visible input`).first();

/**
 * In the chart designer window (route dashboards.combineDesigner, already open in `page`): chooses the app and form,
 * the type, a dimension and a measure, waits for the live preview to draw, saves, and answers the saved chart's id
 * (the designer's address becomes `?id=`).
 */
export async function designChart(page: Page, design: ChartDesign): Promise<string> {
  const designer = visible(page, 'chart-designer');
  await designer.waitFor();
  await chooseOption(page, 'chart-app', design.app ?? DEMO_APP);
  await chooseOption(page, 'chart-form', design.form);
  // The fields arrive with the form: the add-dimension select is enabled then.
  await expect.poll(() => designer.getByTestId('chart-dimension-add').getAttribute('class'), { timeout: 10_000 }).not.toContain('disabled');
  await designer.getByTestId(`chart-type-${design.type}`).click();
  if (design.dimension) await chooseOption(page, 'chart-dimension-add', design.dimension);
  if (design.measure) await chooseOption(page, 'chart-measure-0-field', design.measure);
  if (design.aggregate) await chooseOption(page, 'chart-measure-0-aggregate', design.aggregate);
  await inputOf(page, 'chart-name').fill(design.name);
  // The preview is drawn live (debounced) from the server's answer.
  await designer.locator(`[data-testid="chart-preview"] [data-testid="chart-view"][data-chart-type="${design.type}"]`).waitFor();
  await designer.locator('[data-testid="chart-preview"] canvas, [data-testid="chart-preview"] table, [data-testid="chart-preview"] [data-testid="chart-number"]').first().waitFor();
  await designer.getByTestId('chart-save').click();
  // Saved: the address names the chart (the page may be re-created for it), and the designer shows it again.
  await page.waitForURL(/[?&]id=[0-9]+/);
  await expect.poll(() => inputOf(page, 'chart-name').inputValue(), { timeout: 10_000 }).toBe(design.name);
  return new URL(page.url()).searchParams.get('id')!;
}
