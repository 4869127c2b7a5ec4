import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartQuery } from '../../../../shared/dashboards/model.ts';
import type { TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { boundSocket } from '../../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { AnalysisActor } from '../../../kernel/analysis.ts';
import type { Platform } from '../../../platform.ts';
import { importFile, sheetBytes } from '../jobs/import-kit.ts';
import { CUSTOMER_FIELDS, designForms, member, provider, table } from './analysis-test-kit.ts';

let platform: Platform;
let admin: TestClient, novaAdmin: TestClient;
let user: AnalysisActor, safe: AnalysisActor;
let formId: string, customerId: string, otherId: string, novaFormId: string;
let api: ReturnType<typeof provider>;

const count: () => ChartQuery = () => ({ formId, dimensions: [{ field: 'f2' }], measures: [{ id: 'n', aggregate: 'count', field: null }] });
const byRegion: () => ChartQuery = () => ({ formId, dimensions: [{ field: 'f6.f2' }], measures: [{ id: 'n', aggregate: 'count', field: null }] });
const orders = () => `/api/forms/forms/${formId}/records`;

/** Keys also turn over every ten minutes (provider.ts): a comparison that straddles that moment is taken again. */
async function unchanged(actor: AnalysisActor, query: ChartQuery, between: () => Promise<unknown>) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const window = Math.floor(Date.now() / 600_000);
    const before = await api.cacheKey(actor, query);
    await between();
    const after = await api.cacheKey(actor, query);
    if (window === Math.floor(Date.now() / 600_000)) return [before, after];
  }
  throw new Error('no stable window');
}

beforeAll(async () => {
  platform = await startTestPlatform();
  api = provider(platform);
  const a = await member(platform, 'acme.admin');
  admin = a.client;
  user = (await member(platform, 'acme.user')).actor;
  safe = (await member(platform, 'acme.safe')).actor;
  novaAdmin = (await member(platform, 'nova.admin')).client;
  const made = await designForms(admin);
  formId = made.orders.formId;
  customerId = made.customers.formId;
  otherId = (await publishedForm(admin, CUSTOMER_FIELDS)).formId;
  novaFormId = (await publishedForm(novaAdmin, CUSTOMER_FIELDS)).formId;
  await ok(admin.post(`/api/forms/forms/${formId}/rules`, { name: 'Production reads', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'department' }));
  await ok(admin.post(orders(), { values: { f1: 'First', f2: 'open', f3: 1 } }));
});
afterAll(async () => {
  await platform?.stop();
});

describe('cache stamps: a key changes with every committed write and permission change, and only then', () => {
  it('reads and unrelated writes leave the key alone; viewers with other facts get other keys', async () => {
    const [before, after] = await unchanged(user, count(), async () => {
      await ok(admin.get(`${orders()}?count=true`));
      await api.aggregate(user, count());
      await ok(admin.post(`/api/forms/forms/${otherId}/records`, { values: { f1: 'Elsewhere' } }));
      await ok(novaAdmin.post(`/api/forms/forms/${novaFormId}/records`, { values: { f1: 'Other space' } }));
    });
    expect(after).toBe(before);
    expect(await api.cacheKey(safe, count())).not.toBe(before);
  });

  it('a created, changed or deleted record changes it, and the next answer shows the change', async () => {
    const first = await api.cacheKey(user, count());
    const record = await ok(admin.post(orders(), { values: { f1: 'Second', f2: 'open', f3: 2 } }));
    const second = await api.cacheKey(user, count());
    expect(second).not.toBe(first);
    expect(table(await api.aggregate(user, count()))).toEqual([['open', 2]]);
    await ok(admin.put(`${orders()}/${record.id}`, { values: { f2: 'done' }, rowVersion: record.rowVersion }));
    const third = await api.cacheKey(user, count());
    expect(third).not.toBe(second);
    expect(table(await api.aggregate(user, count()))).toEqual([['done', 1], ['open', 1]]);
    await ok(admin.post(`${orders()}/delete`, { ids: [record.id] }));
    expect(await api.cacheKey(user, count())).not.toBe(third);
  });

  it('an import (the bulk path) changes it once it has written', async () => {
    const before = await api.cacheKey(user, count());
    const bytes = await sheetBytes('csv', [['Title', 'Status', 'Amount'], ['Imported 1', 'open', 5], ['Imported 2', 'done', 6]]);
    const { job } = await importFile(admin, formId, 'orders.csv', bytes);
    expect(job).toMatchObject({ status: 'complete', done: 2 });
    expect(await api.cacheKey(user, count())).not.toBe(before);
    expect(table(await api.aggregate(user, count()))).toEqual([['done', 1], ['open', 2]]);
  });

  it('a write to a related form changes the keys of charts that read it, not the others', async () => {
    const [plainBefore, plainAfter] = await unchanged(user, count(), async () => {
      const related = await api.cacheKey(user, byRegion());
      await ok(admin.post(`/api/forms/forms/${customerId}/records`, { values: { f1: 'North Ltd', f2: 'north' } }));
      expect(await api.cacheKey(user, byRegion())).not.toBe(related);
    });
    expect(plainAfter).toBe(plainBefore);
  });

  it('a changed rule changes the viewer\'s key; a write heard from another process changes it too', async () => {
    const before = await api.cacheKey(user, count());
    await ok(admin.post(`/api/forms/forms/${formId}/rules`, { name: 'Users see done', subjectKind: 'user', subject: user.userId, levels: ['view'], scope: 'condition', condition: { logic: 'and', items: [{ field: 'f2', op: 'eq', value: 'done' }] } }));
    const ruled = await api.cacheKey(user, count());
    expect(ruled).not.toBe(before);
    // Another server process committed a write: only its NOTIFY arrives here.
    await platform.kernel.databases.owner.query(`select pg_notify('qpaas_forms_records', $1)`, [`acme:${formId}`]);
    for (let i = 0; i < 50 && (await api.cacheKey(user, count())) === ruled; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await api.cacheKey(user, count())).not.toBe(ruled);
  });
});

describe('the live event forms.records', () => {
  it('reaches the space once per form per transaction after commit, and never another space', async () => {
    const userClient = (await member(platform, 'acme.user')).client;
    const acme = await boundSocket(platform.url, userClient);
    const nova = await boundSocket(platform.url, (await member(platform, 'nova.user')).client);
    const a = await ok(admin.post(orders(), { values: { f1: 'Live 1' } }));
    const b = await ok(admin.post(orders(), { values: { f1: 'Live 2' } }));
    await acme.next((m) => m.type === 'forms.records' && m.formId === formId);
    const seen = () => acme.messages.filter((m) => m.type === 'forms.records' && m.formId === formId).length;
    for (let i = 0; i < 50 && seen() < 2; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(seen()).toBe(2);
    // Two records deleted in one request: one transaction, one event.
    await ok(admin.post(`${orders()}/delete`, { ids: [a.id, b.id] }));
    for (let i = 0; i < 50 && seen() < 3; i += 1) await new Promise((r) => setTimeout(r, 20));
    await ok(novaAdmin.post(`/api/forms/forms/${novaFormId}/records`, { values: { f1: 'Nova live' } }));
    await nova.next((m) => m.type === 'forms.records' && m.formId === novaFormId);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen()).toBe(3);
    expect(acme.messages.find((m) => m.type === 'forms.records' && m.formId === formId)).toEqual({ type: 'forms.records', spaceId: 'acme', formId });
    expect(nova.messages.filter((m) => m.type === 'forms.records' && m.formId !== novaFormId)).toEqual([]);
    expect(acme.messages.filter((m) => m.type === 'forms.records' && m.formId === novaFormId)).toEqual([]);
    acme.close();
    nova.close();
  });
});
