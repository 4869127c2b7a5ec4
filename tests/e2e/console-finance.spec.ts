import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../../server/platform.ts';
import { activePage, expectAccessible, openMenu, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { chooseOption, inputOf } from '../support/chart-browser.ts';

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));

const modalOk = (page: Page) => page.locator('.arco-modal:visible .arco-modal-footer .arco-btn-primary').click();

describe.skipIf(!!missing)('payments in a real browser (§2.4 sysop/financial*)', () => {
  it('root creates a type and a product, puts it in the shop, orders it for a space, pays through the development channel and sees the bill paid', async () => {
    const page = await signInPage(browser, platform.url, 'root', { height: 900, acceptDownloads: true });

    // A product type.
    await openMenu(page, 'console', 'console.financialType');
    await activePage(page).getByTestId('type-add').click();
    await inputOf(page, 'type-name').fill('成员扩容包');
    await chooseOption(page, 'type-kind', '配额包');
    await expectAccessible(page, 'new product type dialog');
    await modalOk(page);
    await activePage(page).getByTestId('type-table').getByText('成员扩容包').waitFor();

    // A product of it: five more members for ¥199.50; a bad price is refused in the dialog first.
    await openMenu(page, 'console', 'console.financialProduct');
    await activePage(page).getByTestId('product-add').click();
    await chooseOption(page, 'product-type', '成员扩容包');
    await inputOf(page, 'product-name').fill('成员 +5');
    await inputOf(page, 'product-members').fill('5');
    await inputOf(page, 'product-price').fill('199.505');
    await modalOk(page);
    await page.getByTestId('product-error').getByText('最多两位小数').waitFor();
    await inputOf(page, 'product-price').fill('199.50');
    await modalOk(page);
    const productRow = activePage(page).getByTestId('product-table').locator('tr', { hasText: '成员 +5' });
    await productRow.getByText('¥199.50').waitFor();
    await expectAccessible(page, 'products');

    // In the shop, through the edit page.
    await openMenu(page, 'console', 'console.financialShop');
    await activePage(page).getByText('商店里还没有产品。').waitFor();
    await activePage(page).getByTestId('listing-add').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.financialShopEdit"]').waitFor();
    await chooseOption(page, 'shop-edit-product', '成员 +5');
    await inputOf(page, 'shop-edit-title').fill('成员扩容 5 人');
    await expectAccessible(page, 'shop listing editor');
    await activePage(page).getByTestId('shop-edit-save').click();
    await page.locator('.qp-page[data-active="true"][data-page="console.financialShop"]').waitFor();
    await activePage(page).getByTestId('listing-table').getByText('成员扩容 5 人').waitFor();
    await expectAccessible(page, 'shop');

    // An order for a space, paid through the development channel.
    await openMenu(page, 'console', 'console.financialBill');
    await activePage(page).getByTestId('bill-new').click();
    await chooseOption(page, 'order-space', 'Nova Plastics');
    await chooseOption(page, 'order-product', '成员扩容 5 人');
    await expectAccessible(page, 'new order dialog');
    await modalOk(page);
    const pending = activePage(page).locator('[data-testid^="bill-state-"]', { hasText: '待支付' }).first();
    await pending.waitFor();
    const billId = (await pending.getAttribute('data-testid'))!.replace('bill-state-', '');
    await activePage(page).getByTestId(`bill-pay-${billId}`).click();
    await page.locator('.arco-modal:visible').getByText('¥199.50').waitFor();
    await modalOk(page);
    await activePage(page).getByTestId(`bill-state-${billId}`).getByText('已支付').waitFor();
    await activePage(page).getByTestId('bill-total').getByText('¥199.50').waitFor();
    expect(await activePage(page).getByTestId(`bill-pay-${billId}`).count()).toBe(0);
    await expectAccessible(page, 'bills');

    // The paid bill is in the database as the screen says, with the development channel's reference.
    const row = (await platform.kernel.databases.owner.query(`select state, amount_minor, payment_ref, space_id from finance_order where id = $1`, [billId])).rows[0];
    expect(row).toMatchObject({ state: 'paid', amount_minor: '19950', space_id: 'nova' });
    expect(row.payment_ref).toMatch(/^DEV-/);

    // Filtered to the paid bills, exported as a spreadsheet.
    await chooseOption(page, 'bill-filter-state', '已支付');
    await activePage(page).getByTestId('bill-apply').click();
    await activePage(page).getByTestId(`bill-state-${billId}`).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), activePage(page).getByTestId('bill-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await page.context().close();
  });

  it('configures a provider channel: a local gateway is refused, the key is sealed and never shown again', async () => {
    const page = await signInPage(browser, platform.url, 'root', { height: 900 });
    await openMenu(page, 'console', 'console.financialChannel');
    await activePage(page).getByTestId('channel-table').getByText('立即结算', { exact: true }).waitFor();
    await activePage(page).getByTestId('channel-add').click();
    await chooseOption(page, 'channel-kind', '支付宝');
    await inputOf(page, 'channel-name').fill('支付宝主账户');
    await inputOf(page, 'channel-merchant').fill('2088000000000001');
    await inputOf(page, 'channel-gateway').fill('https://127.0.0.1/gateway.do');
    await inputOf(page, 'channel-secret').fill('private-key-never-shown');
    await expectAccessible(page, 'new channel dialog');
    await modalOk(page);
    await page.getByTestId('channel-error').getByText('127.0.0.1').waitFor();
    expect(Number((await platform.kernel.databases.owner.query(`select count(*) as n from finance_channel where name = '支付宝主账户'`)).rows[0].n)).toBe(0);
    await inputOf(page, 'channel-gateway').fill('https://1.1.1.1/gateway.do');
    await modalOk(page);
    const row = activePage(page).getByTestId('channel-table').locator('tr', { hasText: '支付宝主账户' });
    await row.getByText('未接入', { exact: true }).waitFor();
    await row.getByText('已设置', { exact: true }).waitFor();
    expect(await page.content()).not.toContain('private-key-never-shown');
    await expectAccessible(page, 'channels');
    await page.context().close();
  });
});
