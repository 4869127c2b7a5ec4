import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { WEB_ROOT } from '../../server/kernel/web.ts';
import type { Platform } from '../../server/platform.ts';
import { chromiumMissing, launchChromium } from './browser.ts';
import { startTestPlatform } from './platform.ts';

/**
 * A browser suite's set-up: the web build checked, one real platform (by default on a copy of the run's seeded database) and one Chromium
 * for the file, handed to the suite through `bind` once started, both stopped after it. Returns why the suite
 * must skip (no Chromium), or null; the caller writes `describe.skipIf(!!missing)`.
 */
export function browserSuite(bind: (started: { platform: Platform; browser: Browser }) => void, start: () => Promise<Platform> = () => startTestPlatform()): string | null {
  const missing = chromiumMissing();
  if (missing) console.log(missing);
  let started: { platform: Platform; browser: Browser } | null = null;
  beforeAll(async () => {
    if (missing) return;
    if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('No web build: run `npm run build:web` first.');
    const platform = await start();
    started = { platform, browser: await launchChromium() };
    bind(started);
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.platform.stop();
  });
  return missing;
}
