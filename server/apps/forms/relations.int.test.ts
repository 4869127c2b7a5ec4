import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../shared/forms/fields.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../tests/support/forms.ts';
import { createTestDatabase, dropTestDatabase, startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { finished, importFile } from './jobs/import-kit.ts';

let platform: Platform;
let databaseUrl: string;
let admin: TestClient, user: TestClient, nova: TestClient;
let projects: string, orders: string, novaForm: string;
const ids = { secret: '', mine: '', adminOrder: '', userOrder: '' };

const PROJECT: FieldDef[] = [{ key: 'f1', type: 'text', label: 'Name', required: true, title: true }];
const orderFields = (formId: string): FieldDef[] => [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'relation', label: 'Project', relation: { formId } },
];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  platform = await startTestPlatform({ databaseUrl });
  [admin, user, nova] = (await Promise.all(['acme.admin', 'acme.user', 'nova.admin'].map((l) => signedIn(platform.url, l)))) as [TestClient, TestClient, TestClient];
  const made = await publishedForm(admin, PROJECT, { system: 'Plan', app: 'Projects', form: 'Project' });
  projects = `/api/forms/forms/${made.formId}`;
  orders = `/api/forms/forms/${(await publishedForm(admin, orderFields(made.formId))).formId}`;
  novaForm = (await publishedForm(nova, PROJECT)).formId;
  ids.secret = (await ok(admin.post(`${projects}/records`, { values: { f1: 'Secret merger' } }))).id;
  ids.mine = (await ok(user.post(`${projects}/records`, { values: { f1: 'My project' } }))).id;
  // Members see every order (not every project): the order that points at the secret project is theirs to read.
  await ok(admin.post(`${orders}/rules`, { name: 'Members read orders', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'all' }));
  ids.adminOrder = (await ok(admin.post(`${orders}/records`, { values: { f1: 'Admin order', f2: ids.secret } }))).id;
});
afterAll(async () => {
  await platform?.stop();
  await dropTestDatabase(databaseUrl);
});

describe('relation fields point only at records the writer may see, and show titles only to who may see them', () => {
  it('a record the writer gets 404 on cannot be related to — same refusal as a missing one; nothing written', async () => {
    expect((await user.get(`${projects}/records/${ids.secret}`)).status).toBe(404);
    const refused = await user.post(`${orders}/records?lang=en`, { values: { f1: 'Probe', f2: ids.secret } });
    expect([refused.status, refused.body.text]).toEqual([422, 'Project refers to an invalid item.']);
    const missing = await user.post(`${orders}/records?lang=en`, { values: { f1: 'Probe', f2: '999999' } });
    expect([missing.status, missing.body.text]).toEqual([422, 'Project refers to an invalid item.']);
    const zh = await user.post(`${orders}/records`, { values: { f1: 'Probe', f2: ids.secret } });
    expect([zh.status, zh.body.text]).toEqual([422, 'Project 引用的对象无效']);
    const mine = await ok(user.post(`${orders}/records`, { values: { f1: 'My order', f2: ids.mine } }));
    ids.userOrder = mine.id;
    const updated = await user.put(`${orders}/records/${mine.id}`, { values: { f2: ids.secret }, rowVersion: mine.rowVersion });
    expect(updated.status).toBe(422);
    const titles = (await ok(admin.get(`${orders}/records?count=true`))).records.map((r: any) => r.values.f1).sort();
    expect(titles).toEqual(['Admin order', 'My order']);
  });

  it('an import goes through the same check: a row pointing at a record the importer may not see fails', async () => {
    const csv = Buffer.from(`Title,Project\nImported mine,${ids.mine}\nImported probe,${ids.secret}\n`);
    const { job } = await importFile(user, orders.split('/').pop()!, 'orders.csv', csv);
    expect([job.status, job.done, job.failed]).toEqual(['complete', 1, 1]);
    const titles = (await ok(admin.get(`${orders}/records`))).records.map((r: any) => r.values.f1);
    expect(titles).toContain('Imported mine');
    expect(titles).not.toContain('Imported probe');
  });

  it('the title of a related record the reader may not see is left out of list, detail and export', async () => {
    const detail = await ok(user.get(`${orders}/records/${ids.adminOrder}`));
    expect(detail.record.values.f2).toBe(ids.secret);
    expect(detail.labels.relations.f2 ?? {}).toEqual({});
    const list = await ok(user.get(`${orders}/records`));
    expect(list.labels.relations.f2).toEqual({ [ids.mine]: 'My project' });
    expect(JSON.stringify(list)).not.toContain('Secret merger');
    expect((await ok(admin.get(`${orders}/records/${ids.adminOrder}`))).labels.relations.f2).toEqual({ [ids.secret]: 'Secret merger' });
    const job = await ok(user.post(`${orders}/exports`, { format: 'csv' }));
    expect((await finished(user, job.id)).status).toBe('complete');
    const csv = (await user.download(`/api/forms/jobs/${job.id}/file`)).bytes.toString();
    expect(csv).toContain('My project');
    expect(csv).toContain(ids.secret);
    expect(csv).not.toContain('Secret merger');
  });

  it('a relation to another space’s form is refused at save and at publish (422, both languages)', async () => {
    const form = await ok(admin.post('/api/forms/forms', { appId: (await ok(admin.get(orders))).appId, name: 'Cross' }));
    const draft = (lang: string) => admin.put(`/api/forms/forms/${form.id}/draft?lang=${lang}`, { definition: { fields: orderFields(novaForm) }, draftUpdatedAt: form.draftUpdatedAt });
    const en = await draft('en');
    expect([en.status, en.body.text]).toEqual([422, 'Project relates to a form that does not exist in this space.']);
    const zh = await draft('zh-CN');
    expect([zh.status, zh.body.text]).toEqual([422, 'Project 关联的表单在本空间中不存在']);
    // A draft saved before this check existed is refused when published.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('update forms_form set draft = $1 where id = $2', [JSON.stringify({ fields: orderFields(novaForm) }), form.id]).finally(() => db.end());
    const published = await admin.post(`/api/forms/forms/${form.id}/publish?lang=en`);
    expect([published.status, published.body.text]).toEqual([422, 'Project relates to a form that does not exist in this space.']);
    expect((await ok(admin.get(`/api/forms/forms/${form.id}/design`))).versions).toEqual([]);
    // Even a design that names another space's form (written behind the API's back) neither writes nor reads there.
    const nv = await publishedForm(nova, orderFields(novaForm));
    const db2 = new pg.Client({ connectionString: databaseUrl });
    await db2.connect();
    try {
      await db2.query(`insert into forms_version (space_id, form_id, version, definition) values ('nova', $1, 2, $2)`, [nv.formId, JSON.stringify({ fields: orderFields(projects.split('/').pop()!) })]);
      await db2.query('update forms_form set version = 2 where id = $1', [nv.formId]);
      await db2.query(`insert into forms_data_${nv.formId} (space_id, owner_id, created_by, updated_by, form_version, f1, f2) select 'nova', user_id, user_id, user_id, 2, 'Planted', $1 from memberships where space_id = 'nova' limit 1`, [ids.secret]);
    } finally {
      await db2.end();
    }
    const novaOrders = `/api/forms/forms/${nv.formId}`;
    expect((await nova.post(`${novaOrders}/records`, { values: { f1: 'Probe', f2: ids.secret } })).status).toBe(422);
    const planted = await ok(nova.get(`${novaOrders}/records`));
    expect(planted.records.map((r: any) => r.values.f2)).toEqual([ids.secret]);
    expect(planted.labels.relations.f2 ?? {}).toEqual({});
    // The same form id is fine in its own space.
    const own = await ok(nova.post('/api/forms/forms', { appId: (await ok(nova.get(`/api/forms/forms/${novaForm}`))).appId, name: 'Own' }));
    await ok(nova.put(`/api/forms/forms/${own.id}/draft`, { definition: { fields: orderFields(novaForm) }, draftUpdatedAt: own.draftUpdatedAt }));
  });
});
