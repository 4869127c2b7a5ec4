import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { DATACENTER_API, GROWTH_DAYS, type DataMonitoring, type DataTableDetail, type DataTableItem } from '../../../../shared/api/forms-datacenter.ts';
import type { Platform } from '../../../platform.ts';
import { configureCounts, countConfig } from '../count-budget.ts';

let platform: Platform;
let admin: TestClient, user: TestClient, nova: TestClient;
let appId: string, formId: string, recordIds: string[];
const defaults = countConfig();

const owner = (text: string, values: unknown[]) => platform.kernel.databases.owner.query(text, values);
const items = async (client: TestClient) => (await ok<{ items: DataTableItem[] }>(client.get(`${DATACENTER_API}/tables`))).items;
const detail = (client: TestClient, id = formId) => ok<DataTableDetail>(client.get(`${DATACENTER_API}/tables/${id}`));
const create = async (title: string) => (await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: title } }))).id as string;
const today = (growth: DataTableDetail['growth']) => growth[growth.length - 1]!.added;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = (await Promise.all(['acme.admin', 'acme.user', 'nova.admin'].map((l) => signedIn(platform.url, l)))) as [TestClient, TestClient, TestClient];
  ({ appId, formId } = await publishedForm(admin, ORDER_FIELDS, { system: 'Plant', app: 'DC orders', form: 'DC order' }));
  recordIds = [];
  for (const title of ['a', 'b', 'c', 'd']) recordIds.push(await create(title));
  // One record made twelve days ago (the API always stamps now): counted in 30 days and its own day, not in 7.
  await owner(`update forms_data_${formId} set created_at = now() - interval '12 days' where id = $1`, [recordIds[3]]);
});
afterEach(() => configureCounts(defaults));
afterAll(async () => {
  await platform?.stop();
});

describe('the data centre: the space’s forms as tables (decision 0068)', () => {
  it('lists each published form of the space with its live rows, size and what was added in 7 and 30 days', async () => {
    const list = await items(admin);
    const mine = list.find((i) => i.formId === formId)!;
    expect(mine).toMatchObject({ appId, appName: 'DC orders', formName: 'DC order', table: `forms_data_${formId}`, rows: 4, added7d: 3, added30d: 4, estimated: false });
    expect(mine.bytes).toBeGreaterThan(0);
    expect(Date.parse(mine.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // The demo's equipment inspection form is a table of the space too; a draft that was never published is not.
    expect(list.some((i) => i.formId !== formId && i.rows > 0)).toBe(true);
    const draft = await ok(admin.post('/api/forms/forms', { appId, name: 'Never published' }));
    expect((await items(admin)).map((i) => i.formId)).not.toContain(draft.id);
  });

  it('answers one table with its fields and 90 days of growth, in step with deletes, restores and creates', async () => {
    const first = await detail(admin);
    expect(first.fields).toBe(ORDER_FIELDS.length);
    expect(first.growth).toHaveLength(GROWTH_DAYS);
    expect(first.growth.reduce((sum, d) => sum + d.added, 0)).toBe(4);
    expect(today(first.growth)).toBe(3);
    expect(first.growth[GROWTH_DAYS - 13]!.added).toBe(1);
    // Days are consecutive calendar days, oldest first.
    expect(Date.parse(first.growth[1]!.day) - Date.parse(first.growth[0]!.day)).toBe(86_400_000);

    // Records in the recycle bin are not live: they leave rows and growth, and come back on restore.
    await ok(admin.post(`/api/forms/forms/${formId}/records/delete`, { ids: [recordIds[0]] }));
    const deleted = await detail(admin);
    expect([deleted.rows, deleted.added7d, today(deleted.growth)]).toEqual([3, 2, 2]);
    await ok(admin.post(`/api/forms/forms/${formId}/recycle/${recordIds[0]}/restore`, {}));
    expect((await detail(admin)).rows).toBe(4);
    recordIds.push(await create('e'));
    const created = await detail(admin);
    expect([created.rows, created.added7d, created.added30d, today(created.growth)]).toEqual([5, 4, 5, 4]);
  });

  it('monitoring sums the space: totals, growth over every form, and the largest tables by size', async () => {
    const data = await ok<DataMonitoring>(admin.get(`${DATACENTER_API}/monitoring`));
    const list = await items(admin);
    expect(data.totals).toEqual({
      forms: list.length,
      rows: list.reduce((sum, i) => sum + i.rows, 0),
      bytes: list.reduce((sum, i) => sum + i.bytes, 0),
      estimated: false,
    });
    expect(data.growth).toHaveLength(GROWTH_DAYS);
    expect(data.growth.reduce((sum, d) => sum + d.added, 0)).toBeGreaterThanOrEqual(5);
    expect(data.largest.length).toBe(Math.min(10, list.length));
    const sizes = data.largest.map((i) => i.bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('a large table answers the planner’s estimate, labelled, and reads its indexes instead of scanning', async () => {
    configureCounts({ exactBelow: 1 });
    // A new record: the growth kept from the calls before is read again, now through the created_at index.
    recordIds.push(await create('f'));
    const large = await detail(admin);
    expect(large.estimated).toBe(true);
    // Growth stays exact (the window), and an estimate is never below it.
    expect([large.added7d, large.added30d]).toEqual([5, 6]);
    expect(large.rows).toBeGreaterThanOrEqual(6);
    const indexes = (await owner('select indexname from pg_indexes where tablename = $1', [`forms_data_${formId}`])).rows.map((r: { indexname: string }) => r.indexname);
    expect(indexes).toEqual(expect.arrayContaining([`forms_data_${formId}_created_at`, `forms_data_${formId}_updated_at`]));
  });

  it('is for administrators: a member is refused every call', async () => {
    for (const path of ['/tables', `/tables/${formId}`, '/monitoring']) {
      const answer = await user.get(`${DATACENTER_API}${path}?lang=en`);
      expect(answer.status, path).toBe(403);
    }
  });

  it('another space sees none of these forms, and a form id of this space is not found there', async () => {
    const theirs = await items(nova);
    expect(theirs.map((i) => i.formId)).not.toContain(formId);
    expect(theirs.every((i) => i.appName !== 'DC orders')).toBe(true);
    const answer = await nova.get(`${DATACENTER_API}/tables/${formId}?lang=en`);
    expect(answer.status).toBe(404);
    expect(answer.body.text).toBe('The form does not exist or has been deleted.');
    const monitoring = await ok<DataMonitoring>(nova.get(`${DATACENTER_API}/monitoring`));
    expect(monitoring.largest.map((i) => i.formId)).not.toContain(formId);
    expect(monitoring.totals.forms).toBe(theirs.length);
  });

  it('a malformed id is a 422, an unknown one a 404, a draft a 404 that says it has no table yet', async () => {
    const bad = await admin.get(`${DATACENTER_API}/tables/abc?lang=en`);
    expect(bad.status).toBe(422);
    expect((await admin.get(`${DATACENTER_API}/tables/999999999?lang=en`)).status).toBe(404);
    const draft = await ok(admin.post('/api/forms/forms', { appId, name: 'Draft only' }));
    const unpublished = await admin.get(`${DATACENTER_API}/tables/${draft.id}?lang=en`);
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.text).toBe('This form has not been published yet, so it has no table.');
    const zh = await admin.get(`${DATACENTER_API}/tables/${draft.id}`);
    expect(zh.body.text).toBe('该表单尚未发布，还没有数据表。');
  });
});
