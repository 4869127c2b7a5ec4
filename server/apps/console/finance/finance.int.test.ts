import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_API as API } from '../../../../shared/api/console-finance.ts';
import { signedIn, type Answer, type TestClient } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { noticeWorkers } from '../operator/notice-worker.ts';

let platform: Platform;
let root: TestClient;
let admin: TestClient;
let devChannel: string;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const query = async (text: string, params: unknown[] = []) => (await platform.kernel.databases.owner.query(text, params)).rows;
const count = async (table: string) => Number((await query(`select count(*) as n from ${table}`))[0].n);
const quotas = async (space: string) => (await query(`select quota_members, quota_storage_mb, quota_apps from spaces where id = $1`, [space]))[0];

/** A type, a product of it and its shop listing, on sale; returns the product id. */
async function onSale(kind: 'app' | 'quota' | 'subscription', name: string, product: Record<string, unknown>): Promise<string> {
  const type = ok(await root.post(`${API}/types`, { name: `${name} type`, kind }));
  const created = ok(await root.post(`${API}/products`, { typeId: type.id, name, ...product }));
  ok(await root.post(`${API}/listings`, { productId: created.id, title: name }));
  return created.id;
}
const order = async (spaceId: string, productId: string) => ok(await root.post(`${API}/orders`, { spaceId, productId })).id as string;
const state = async (id: string) => (await query(`select state from finance_order where id = $1`, [id]))[0].state;

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  admin = await signedIn(platform.url, 'acme.admin');
  devChannel = ok(await root.get(`${API}/channels`)).channels.find((c: any) => c.kind === 'dev').id;
});
afterAll(async () => {
  await platform?.stop();
});

describe('payments (§2.4 sysop/financial*)', () => {
  it('pays a quota pack through the development channel at once and raises the space’s quota in the same move', async () => {
    await query(`update spaces set quota_members = 10, quota_storage_mb = null, quota_apps = 3 where id = 'acme'`);
    const pack = await onSale('quota', 'Members +5', { addMembers: 5, addStorageMb: 100, addApps: 2, priceMinor: 19_900 });
    const id = await order('acme', pack);
    expect(await state(id)).toBe('pending');
    expect(await quotas('acme')).toEqual({ quota_members: 10, quota_storage_mb: null, quota_apps: 3 });
    const paid = ok(await root.post(`${API}/orders/${id}/pay`, { channelId: devChannel }));
    expect(paid.state).toBe('paid');
    expect(paid.payment_ref).toMatch(new RegExp(`^DEV-${id}-`));
    // Unlimited storage stays unlimited; the others grow by exactly the pack.
    expect(await quotas('acme')).toEqual({ quota_members: 15, quota_storage_mb: null, quota_apps: 5 });
    const bill = ok(await root.get(`${API}/bills?spaceId=acme&state=paid`)).bills.find((b: any) => b.id === id);
    expect(bill).toMatchObject({ state: 'paid', amountMinor: '19900', channelName: '开发渠道 Development', addMembers: 5 });
    // A refund takes back exactly what the pack added.
    expect(ok(await root.post(`${API}/orders/${id}/refund`)).state).toBe('refunded');
    expect(await quotas('acme')).toEqual({ quota_members: 10, quota_storage_mb: null, quota_apps: 3 });
  });

  it('ends a subscription when its period is over: the quota it added goes back once, and a later refund takes nothing more', async () => {
    const pack = await onSale('subscription', 'Members monthly', { addMembers: 3, priceMinor: 900, periodMonths: 1 });
    await query(`update spaces set quota_members = 20 where id = 'nova'`);
    const id = await order('nova', pack);
    ok(await root.post(`${API}/orders/${id}/pay`, { channelId: devChannel }));
    expect((await quotas('nova')).quota_members).toBe(23);
    const worker = noticeWorkers.get(platform.kernel)!;
    expect(await worker.tick()).toBe(0); // still running
    await query(`update finance_order set valid_until = now() - interval '1 minute' where id = $1`, [id]);
    expect(await worker.tick()).toBe(1);
    expect((await quotas('nova')).quota_members).toBe(20);
    expect(await worker.tick()).toBe(0);
    const bill = ok(await root.get(`${API}/bills?spaceId=nova`)).bills.find((b: any) => b.id === id);
    expect(bill).toMatchObject({ state: 'paid', expiredAt: expect.any(String) });
    ok(await root.post(`${API}/orders/${id}/refund`));
    expect((await quotas('nova')).quota_members).toBe(20);
  });

  it('moves a bill only along pending → paid → refunded and pending → cancelled; every other move is 409 and changes nothing', async () => {
    const pack = await onSale('subscription', 'Apps monthly', { addApps: 1, priceMinor: 500, periodMonths: 1 });
    await query(`update spaces set quota_apps = 4 where id = 'nova'`);
    const a = await order('nova', pack);
    expect((await root.post(`${API}/orders/${a}/refund`)).status).toBe(409);
    ok(await root.post(`${API}/orders/${a}/pay`, { channelId: devChannel }));
    expect((await query(`select valid_until > paid_at + interval '27 days' as covered from finance_order where id = $1`, [a]))[0].covered).toBe(true);
    const again = await root.post(`${API}/orders/${a}/pay?lang=en`, { channelId: devChannel });
    expect(again.status).toBe(409);
    expect(again.body.text).toContain('paid');
    expect((await root.post(`${API}/orders/${a}/cancel`)).status).toBe(409);
    expect((await quotas('nova')).quota_apps).toBe(5);
    ok(await root.post(`${API}/orders/${a}/refund`));
    for (const move of ['pay', 'cancel', 'refund']) expect((await root.post(`${API}/orders/${a}/${move}`, { channelId: devChannel })).status).toBe(409);
    expect((await quotas('nova')).quota_apps).toBe(4);

    const b = await order('nova', pack);
    expect(ok(await root.post(`${API}/orders/${b}/cancel`)).state).toBe('cancelled');
    for (const move of ['pay', 'cancel', 'refund']) expect((await root.post(`${API}/orders/${b}/${move}`, { channelId: devChannel })).status).toBe(409);
    expect(await state(b)).toBe('cancelled');
    expect((await quotas('nova')).quota_apps).toBe(4);
    expect((await root.post(`${API}/orders/999999/pay`, { channelId: devChannel })).status).toBe(404);
  });

  it('keeps amounts exact: integer minor units in, the same digits out, totals summed by the database', async () => {
    const dime = await onSale('app', 'Dime app', { appId: 'dime-app', priceMinor: 10 });
    const twenty = await onSale('app', 'Twenty app', { appId: 'twenty-app', priceMinor: 20, periodMonths: 12 });
    const big = await onSale('app', 'Big app', { appId: 'big-app', priceMinor: 99_999_999_999 });
    await query(`insert into spaces (id, name) values ('money', 'Money Co')`);
    for (const product of [dime, twenty, big]) ok(await root.post(`${API}/orders/${await order('money', product)}/pay`, { channelId: devChannel }));
    await order('money', dime); // pending: not in the paid total
    const answer = ok(await root.get(`${API}/bills?spaceId=money`));
    expect(answer.count).toBe(4);
    expect(answer.paidMinor).toBe('100000000029');
    expect(answer.bills.map((b: any) => b.amountMinor).sort()).toEqual(['10', '10', '20', '99999999999']);
    // A later price change does not rewrite a bill.
    ok(await root.patch(`${API}/products/${dime}`, { priceMinor: 15 }));
    expect(ok(await root.get(`${API}/bills?spaceId=money&state=pending`)).bills[0].amountMinor).toBe('10');
    expect(ok(await root.get(`${API}/products`)).products.find((p: any) => p.id === dime).priceMinor).toBe('15');
  });

  it('refuses bad input with 422 in the caller’s language and writes nothing', async () => {
    const quotaType = ok(await root.post(`${API}/types`, { name: 'Bad input type', kind: 'quota' })).id;
    const before = { products: await count('finance_product'), orders: await count('finance_order'), channels: await count('finance_channel'), types: await count('finance_type') };
    const bad: Array<[string, unknown, string?]> = [
      [`${API}/products`, { typeId: quotaType, name: 'Float price', addMembers: 1, priceMinor: 12.5 }],
      [`${API}/products`, { typeId: quotaType, name: 'Negative', addMembers: 1, priceMinor: -100 }],
      [`${API}/products`, { typeId: quotaType, name: 'Text price', addMembers: 1, priceMinor: '12.50' }],
      [`${API}/products`, { typeId: quotaType, name: 'Nothing sold', priceMinor: 100 }, 'at least one quota'],
      [`${API}/products`, { typeId: quotaType, name: 'App in a pack', appId: 'x', addMembers: 1, priceMinor: 100 }],
      [`${API}/products`, { typeId: '999999', name: 'No type', addMembers: 1, priceMinor: 100 }],
      [`${API}/products`, { typeId: quotaType, name: 'Extra', addMembers: 1, priceMinor: 100, currency: 'USD' }],
      [`${API}/types`, { name: 'Odd kind', kind: 'gift' }],
      [`${API}/orders`, { spaceId: 'nosuchspace', productId: '1' }],
      [`${API}/channels`, { kind: 'alipay', name: 'Local gateway', gatewayUrl: 'https://127.0.0.1/pay', secret: 'k' }],
      [`${API}/channels`, { kind: 'wechat', name: 'Plain http', gatewayUrl: 'http://1.1.1.1/pay' }],
      [`${API}/channels`, { kind: 'dev', name: 'Dev with a key', secret: 'k' }],
    ];
    for (const [path, body, text] of bad) {
      const answer = await root.post(`${path}?lang=en`, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(answer.body.text).toBeTruthy();
      if (text) expect(answer.body.text).toContain(text);
    }
    // Not on sale: a product with no listing, or a listing switched off.
    const hidden = ok(await root.post(`${API}/products`, { typeId: quotaType, name: 'Hidden pack', addMembers: 1, priceMinor: 100 })).id;
    expect((await root.post(`${API}/orders`, { spaceId: 'acme', productId: hidden })).status).toBe(422);
    const listing = ok(await root.post(`${API}/listings`, { productId: hidden, title: 'Hidden' })).id;
    ok(await root.patch(`${API}/listings/${listing}`, { onSale: false }));
    expect((await root.post(`${API}/orders`, { spaceId: 'acme', productId: hidden })).status).toBe(422);
    expect(await count('finance_order')).toBe(before.orders);
    expect(await count('finance_product')).toBe(before.products + 1);
    expect(await count('finance_channel')).toBe(before.channels);
    expect(await count('finance_type')).toBe(before.types);
    expect((await root.post(`${API}/types`, { name: 'Bad input type', kind: 'app' })).status).toBe(409);
  });

  it('keeps a provider channel’s credentials sealed and never answered; paying through it contacts nobody and is refused', async () => {
    const created = ok(await root.post(`${API}/channels`, { kind: 'alipay', name: 'Alipay main', merchantId: 'M-1', gatewayUrl: 'https://1.1.1.1/gateway', secret: 'very-secret-key' }));
    const listed = ok(await root.get(`${API}/channels`));
    expect(JSON.stringify(listed)).not.toContain('very-secret-key');
    expect(listed.channels.find((c: any) => c.id === created.id)).toMatchObject({ hasSecret: true, settles: false, gatewayUrl: 'https://1.1.1.1/gateway' });
    const sealed = (await query(`select secret_sealed from finance_channel where id = $1`, [created.id]))[0].secret_sealed;
    expect(sealed).not.toContain('very-secret-key');
    const { secretBoxFor } = await import('../../../kernel/secrets.ts');
    expect(secretBoxFor(platform.kernel.config).open(sealed, `console.finance.channel:${created.id}`)).toBe('very-secret-key');

    const pack = await onSale('quota', 'Storage +1G', { addStorageMb: 1024, priceMinor: 900 });
    await query(`update spaces set quota_storage_mb = 500 where id = 'acme'`);
    const id = await order('acme', pack);
    const refused = await root.post(`${API}/orders/${id}/pay?lang=en`, { channelId: created.id });
    expect(refused.status).toBe(422);
    expect(refused.body.text).toContain('Alipay');
    // A disabled development channel takes no payment either.
    ok(await root.patch(`${API}/channels/${devChannel}`, { enabled: false }));
    expect((await root.post(`${API}/orders/${id}/pay`, { channelId: devChannel })).status).toBe(422);
    ok(await root.patch(`${API}/channels/${devChannel}`, { enabled: true }));
    expect(await state(id)).toBe('pending');
    expect((await quotas('acme')).quota_storage_mb).toBe(500);
  });

  it('filters bills by space, state and period, and exports the same selection as xlsx', async () => {
    const all = ok(await root.get(`${API}/bills?limit=200`));
    const acme = ok(await root.get(`${API}/bills?spaceId=acme&limit=200`));
    expect(acme.bills.length).toBeGreaterThan(0);
    expect(acme.bills.every((b: any) => b.spaceId === 'acme')).toBe(true);
    expect(all.count).toBeGreaterThan(acme.count);
    const today = new Date().toISOString().slice(0, 10);
    expect(ok(await root.get(`${API}/bills?from=${today}&to=${today}`)).count).toBe(all.count);
    expect(ok(await root.get(`${API}/bills?to=2000-01-01`)).count).toBe(0);
    expect((await root.get(`${API}/bills?from=yesterday`)).status).toBe(422);
    const cancelled = ok(await root.get(`${API}/bills?state=cancelled`));
    expect(cancelled.bills.every((b: any) => b.state === 'cancelled')).toBe(true);

    const file = await root.download(`${API}/bills/export?spaceId=acme&lang=en`);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(4).value).toBe('Amount (CNY)');
    expect(sheet.rowCount - 1).toBe(acme.count);
    expect(sheet.getRow(2).getCell(1).value).toBe(Number(acme.bills[0].id));
  });

  it('is root’s only: a space administrator (or anyone else) gets 403 and changes nothing, for any space’s bill', async () => {
    const bill = ok(await root.get(`${API}/bills?spaceId=nova`)).bills[0];
    const nova = await signedIn(platform.url, 'nova.admin');
    for (const client of [admin, nova]) {
      for (const path of ['types', 'products', 'listings', 'channels', 'bills', 'bills/export']) expect((await client.get(`${API}/${path}`)).status).toBe(403);
      expect((await client.post(`${API}/types`, { name: 'Mine', kind: 'quota' })).status).toBe(403);
      expect((await client.post(`${API}/orders`, { spaceId: 'acme', productId: bill.productId })).status).toBe(403);
      expect((await client.post(`${API}/orders/${bill.id}/refund`)).status).toBe(403);
      expect((await client.post(`${API}/orders/${bill.id}/cancel`)).status).toBe(403);
    }
    expect(await state(bill.id)).toBe(bill.state);
  });
});
