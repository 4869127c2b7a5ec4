import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/kernel/passwords.ts';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { TEST_DEMO_PASSWORD, signedIn } from '../support/client.ts';
import { startTestPlatform } from '../support/platform.ts';

let platform: Platform;
let browser: Browser;

/**
 * The demo provider (`demosp`, owning the demo spaces) and its account `provider`, as root's console would create
 * them — written here only when the demo seed does not already hold them.
 */
async function withDemoProvider(): Promise<Platform> {
  const started = await startTestPlatform();
  const owner = started.kernel.databases.owner;
  const present = await owner.query(`select 1 from users where login_id = 'provider'`);
  if (!present.rowCount) {
    const hash = await hashPassword(TEST_DEMO_PASSWORD);
    await owner.query(`insert into providers (id, name) values ('demosp', '演示服务商 Demo Provider') on conflict do nothing`);
    await owner.query(`update spaces set provider_id = 'demosp' where id in ('acme', 'nova')`);
    const user = await owner.query<{ id: string }>(`insert into users (login_id, name, email, password_hash, default_space_id) values ('provider', 'Demo provider', 'provider@example.com', $1, 'acme') returning id`, [hash]);
    const id = user.rows[0]!.id;
    await owner.query(`insert into provider_members (provider_id, user_id) values ('demosp', $1)`, [id]);
    await owner.query(`insert into memberships (space_id, user_id, roles) values ('acme', $1, '{saas}'), ('nova', $1, '{saas}')`, [id]);
  }
  return started;
}

const missing = browserSuite((started) => ({ platform, browser } = started), withDemoProvider);

describe.skipIf(!!missing)('the service provider console in a real browser', () => {
  it('signs in as the provider, opens its console from the menu, sees its spaces, opens one, sends a notice', async () => {
    const page = await signInPage(browser, platform.url, 'provider', { height: 1000 });
    const active = page.locator('.qp-page[data-active="true"]');
    const group = page.getByTestId('menu-group-org');
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await page.getByTestId('menu-item-org.saasConsole').click();

    // Its spaces, with the totals; no other space.
    await active.getByTestId('saas-spaces').waitFor();
    await expect(active.getByTestId('saas-space-acme').isVisible()).resolves.toBe(true);
    await expect(active.getByTestId('saas-space-nova').isVisible()).resolves.toBe(true);
    await expect(active.getByTestId('saas-total-spaces').textContent()).resolves.toContain('2');
    await expectAccessible(page, 'saas console');

    // One space's details: its administrators and applications.
    await active.getByTestId('saas-space-nova').click();
    await active.getByTestId('saas-customer').waitFor();
    await active.getByTestId('saas-customer-admins').getByText('nova.admin').waitFor();
    await active.getByTestId('saas-customer-apps').waitFor();

    // A notice to all its spaces, sent now from the notices page.
    await page.getByTestId('menu-item-org.saasNotice').click();
    await active.getByTestId('saas-notices').waitFor();
    await active.getByTestId('saas-notice-add').click();
    await active.getByTestId('saas-notice-form').waitFor();
    await active.getByTestId('saas-notice-title').fill('Maintenance window');
    await active.getByTestId('saas-notice-body').fill('Saturday 22:00 to 23:00.');
    await active.getByTestId('saas-notice-send').click();
    await active.getByTestId('saas-notices').getByText('Maintenance window').waitFor();
    await active.getByTestId('saas-notices').locator('[data-testid^="saas-notice-state-"]').first().waitFor();

    // Read back what the screens did: both spaces' administrators have it in their message centre.
    for (const admin of ['acme.admin', 'nova.admin']) {
      const items = (await (await signedIn(platform.url, admin)).get('/api/messages?app=org')).body.data.items as Array<{ title: string }>;
      expect(items.map((m) => m.title).some((title) => title.endsWith('Maintenance window'))).toBe(true);
    }
    await page.context().close();
  });
});
