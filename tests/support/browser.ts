import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TEST_DEMO_PASSWORD } from './client.ts';

/** Debian's Chromium (`apt-get install chromium`); Playwright's own browsers cannot be downloaded here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumMissing(): string | null {
  return fs.existsSync(CHROMIUM) ? null : `browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Without the background-networking flags Chromium keeps dialling out, which this machine's closed
    // network refuses; --no-sandbox because CI runs as root.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

const AXE_SOURCE = path.resolve('node_modules/axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core's WCAG 2 A/AA rules on the page as it is now and returns the violations, each with the offending
 * nodes (an empty list passes). Its browser context needs `bypassCSP: true` (axe is injected as a script). Tests call `expectAccessible` on every page they visit so a new page cannot regress.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  // Colours are judged as they settle: a message fading in is measured once its animation ends (spinners, which
  // never end, are not waited for).
  await page.evaluate(async () => {
    // Until nothing finite runs (an animation ending may start the next, as Arco's form message fades in and
    // then blinks), each round two frames first so that what a change just scheduled is running.
    for (let round = 0; round < 10; round += 1) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const running = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity && animation.playState === 'running');
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

/** Fails with a readable list (rule, node, why) when axe finds WCAG A/AA violations on the page. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  const text = violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary ?? ''}`)).join('\n');
  if (violations.length > 0) throw new Error(`Accessibility violations on ${where}:\n${text}`);
}

/**
 * A new browser context signed in as `loginId` through the sign-in page, as a user does, waiting on the workbench.
 * `bypassCSP` lets `expectAccessible` inject axe.
 */
export async function signInPage(browser: Browser, baseURL: string, loginId: string, options: { height?: number; acceptDownloads?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: options.height ?? 800 }, bypassCSP: true, acceptDownloads: options.acceptDownloads ?? false });
  const page = await context.newPage();
  await page.goto('/home/login');
  await page.fill('input[name="loginId"]', loginId);
  await page.fill('input[name="password"]', TEST_DEMO_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL('**/user/workbench');
  await page.getByTestId('greeting').waitFor();
  return page;
}

/** The page the shell shows now (pages stay mounted as tabs; only one is active). */
export const activePage = (page: Page) => page.locator('.qp-page[data-active="true"]');

/**
 * Opens a page through the side menu as a person does: the group unfolded if it is not, then the item. Waits for
 * the page itself unless it opens in a window of its own (`waitForPage: false`).
 */
export async function openMenu(page: Page, group: string, routeId: string, waitForPage = true): Promise<void> {
  const menu = page.getByTestId(`menu-group-${group}`);
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByTestId(`menu-item-${routeId}`).click();
  if (waitForPage) await page.locator(`.qp-page[data-active="true"][data-page="${routeId}"]`).waitFor();
}
