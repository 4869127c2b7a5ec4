import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { inSpace } from '../../server/kernel/db/pool.ts';
import { activePage, expectAccessible, openMenu, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);

describe.skipIf(!!missing)('the job queue pages in a real browser (decision 0095)', () => {
  it('root retries a dead letter from the jobs page; acme’s admin sees his schedule on the scheduled jobs page', async () => {
    // No screen makes jobs: a dead letter of acme is written as the queue leaves one, of a kind no process here runs,
    // so once retried it waits (ready) rather than failing again under the test's eyes.
    const { rows } = await owner(`insert into kernel_job (space_id, kind, state, attempts, max_attempts, last_error, finished_at)
      values ('acme', 'test.e2e-labels', 'dead', 5, 5, 'The label printer did not answer', now()) returning id::text`);
    const id = rows[0].id as string;
    // A schedule of acme, saved as the app owning it would.
    platform.kernel.jobs.define('test.report', async () => {});
    await inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.schedules.save(trx, 'acme', { kind: 'test.report', name: 'Morning shift report', cron: '0 9 * * *' }));

    const page = await signInPage(browser, platform.url, 'root', { height: 1000 });
    await openMenu(page, 'console', 'console.jobs');
    const jobs = activePage(page).getByTestId('jobs-page');
    await jobs.getByTestId('jobs-queues').locator('tr', { hasText: 'test.e2e-labels' }).waitFor();
    const dead = activePage(page).getByTestId('jobs-dead');
    const row = dead.locator('tr', { hasText: 'The label printer did not answer' });
    await row.waitFor();
    expect(await row.innerText()).toContain('(acme)');
    await expectAccessible(page, 'the jobs page');

    // Discard asks first; cancelling keeps the letter.
    await row.getByTestId(`jobs-discard-${id}`).click();
    await page.locator('.arco-popconfirm:visible').getByRole('button', { name: /取消|Cancel/ }).click();
    expect(await row.isVisible()).toBe(true);

    await row.getByTestId(`jobs-retry-${id}`).click();
    await row.waitFor({ state: 'detached' });
    await dead.getByText(/没有死信|No dead letters/).waitFor();
    expect((await owner('select state, attempts from kernel_job where id = $1', [id])).rows[0]).toEqual({ state: 'ready', attempts: 0 });
    await page.context().close();

    const admin = await signInPage(browser, platform.url, 'acme.admin', { height: 1000 });
    await openMenu(admin, 'org', 'org.consoleJobs');
    const scheduled = activePage(admin).getByTestId('scheduled-jobs');
    const schedule = scheduled.getByTestId('scheduled-jobs-schedules').locator('tr', { hasText: 'Morning shift report' });
    await schedule.waitFor();
    expect(await schedule.innerText()).toContain('0 9 * * *');
    // The next run is shown in the schedule's zone, where its cron fires at nine.
    expect(await schedule.innerText()).toMatch(/\b09:00(:00)?\b/);
    // The retried job waits in acme: its admin sees it among the space's open jobs.
    await activePage(admin).getByTestId('scheduled-jobs-jobs').locator('tr', { hasText: 'test.e2e-labels' }).waitFor();
    await expectAccessible(admin, 'the scheduled jobs page');
  });
});
