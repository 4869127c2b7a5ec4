import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { inSpace } from '../../../kernel/db/pool.ts';
import type { Platform } from '../../../platform.ts';
import { packageHash } from './package.ts';
import { approval, members, model } from '../../../../tests/support/workflow.ts';

let platform: Platform;
let acme: TestClient, nova: TestClient, acmeUser: TestClient, root: TestClient;
let appId: string, orderId: string, customerId: string, supplierId: string;
const API = '/api/appcenter/store';
const en = { 'accept-language': 'en' };

const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);
const count = async (table: string, space: string) => Number((await owner(`select count(*) as n from ${table} where space_id = $1`, [space])).rows[0].n);
const ORDER: FieldDef[] = [...ORDER_FIELDS, { key: 'f8', type: 'relation', label: 'Customer', relation: { formId: '' } }];

/** An app of acme with three forms (a relation between two), a shared view and rules — built as an admin would. */
async function buildSourceApp() {
  const made = await publishedForm(acme, [{ key: 'f1', type: 'text', label: 'Customer name', required: true, title: true }], { system: 'Sales', app: 'Order desk', form: 'Customer' });
  appId = made.appId;
  customerId = made.formId;
  const form = async (name: string, fields: FieldDef[]) => {
    const created = await ok(acme.post('/api/forms/forms', { appId, name }));
    await ok(acme.put(`/api/forms/forms/${created.id}/draft`, { definition: { fields }, draftUpdatedAt: created.draftUpdatedAt }));
    await ok(acme.post(`/api/forms/forms/${created.id}/publish`));
    return created.id as string;
  };
  orderId = await form('Order', ORDER.map((f) => (f.key === 'f8' ? { ...f, relation: { formId: customerId } } : f)));
  supplierId = await form('Supplier', [{ key: 'f1', type: 'text', label: 'Supplier name', required: true, title: true }]);
  await ok(acme.post(`/api/forms/forms/${orderId}/views`, { name: 'By due date', kind: 'list', shared: true, config: { columns: ['f1', 'f4'], sort: { field: 'f4', dir: 'asc' } } }));
  await ok(acme.post(`/api/forms/forms/${orderId}/rules`, { name: 'Users see their own', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'own' }));
  const userId = (await owner(`select id from users where login_id = 'acme.user'`)).rows[0].id;
  await ok(acme.post(`/api/forms/forms/${orderId}/rules`, { name: 'One person', subjectKind: 'user', subject: String(userId), levels: ['view'], scope: 'all' }));
  await ok(acme.post(`/api/forms/forms/${orderId}/records`, { values: { f1: 'Acme secret order' } }));
}

const publish = (label: string, channel = 'official', client = acme, app = appId) => client.post(`${API}/versions`, { appId: app, label, channel, notes: `Version ${label}` });

beforeAll(async () => {
  platform = await startTestPlatform();
  [acme, nova, acmeUser, root] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'root')]);
  await buildSourceApp();
});
afterAll(async () => {
  await platform?.stop();
});

describe('publish → review → install → update', () => {
  let v1: string, v2: string, storeAppId: string, novaOrder: string;

  it('only admins publish and install, only root reviews', async () => {
    expect((await publish('0.1', 'official', acmeUser)).status).toBe(403);
    expect((await acmeUser.get(`${API}/apps`)).status).toBe(403);
    expect((await acme.get(`${API}/review`)).status).toBe(403);
    expect((await root.post(`${API}/versions`, { appId, label: '0.1', channel: 'official', notes: '' })).status).toBe(403);
  });

  it('publishes a pending version whose package holds no record; another space sees nothing of it', async () => {
    const version = await ok(publish('1.0'));
    expect(version).toMatchObject({ state: 'pending', seq: 1, label: '1.0', forms: 3 });
    v1 = version.id;
    storeAppId = version.storeAppId;
    const stored = (await owner('select package from appcenter_store_version where id = $1', [v1])).rows[0].package;
    expect(JSON.stringify(stored)).not.toContain('Acme secret order');
    const order = stored.parts.forms.forms.find((f: { name: string }) => f.name === 'Order');
    expect(order.definition.fields.find((f: FieldDef) => f.key === 'f8').relation.formId).toMatch(/^form[0-9]+$/);
    expect(order.rules).toEqual([expect.objectContaining({ role: 'user', scope: 'own' })]); // the person's rule stays home
    // A second pending version of the same app waits for the first.
    expect((await publish('1.1')).status).toBe(409);

    expect((await ok(nova.get(`${API}/apps`))).apps.map((a: { id: string }) => a.id)).not.toContain(storeAppId);
    expect((await nova.get(`${API}/apps/${storeAppId}`)).status).toBe(404);
    expect((await nova.post(`${API}/apps/${storeAppId}/install`, { versionId: v1 })).status).toBe(404);
    expect((await ok(nova.get(`${API}/submissions`))).versions).toEqual([]);
    // The database itself hides it: nova's transaction reads no row of acme's pending version.
    const seen = await inSpace(platform.kernel.db, 'nova', (trx) => trx.selectFrom('appcenter_store_version').select('id').where('id', '=', v1).execute());
    expect(seen).toEqual([]);
    expect((await ok(acme.get(`${API}/submissions`))).versions.map((v: { id: string }) => v.id)).toContain(v1);
  });

  it('root sees it pending and approves it: it is in the store', async () => {
    const pending = (await ok(root.get(`${API}/review`))).versions;
    expect(pending.map((v: { id: string }) => v.id)).toContain(v1);
    const detail = await ok(root.get(`${API}/review/${v1}`));
    expect(detail.summary).toMatchObject({ valid: true, flows: 0 });
    expect(detail.summary.forms.map((f: { name: string }) => f.name)).toEqual(['Customer', 'Order', 'Supplier']);
    expect(await ok(root.post(`${API}/review/${v1}/approve`, {}))).toMatchObject({ state: 'approved' });
    expect((await root.post(`${API}/review/${v1}/approve`, {})).status).toBe(409);
    const store = (await ok(nova.get(`${API}/apps`))).apps;
    expect(store.find((a: { id: string }) => a.id === storeAppId)).toMatchObject({ name: 'Order desk', latest: { id: v1, label: '1.0' }, installed: null });
  });

  it('another space installs a real copy under its own ids and adds a record', async () => {
    const before = await count('forms_form', 'acme');
    const result = await ok(nova.post(`${API}/apps/${storeAppId}/install`, { versionId: v1 }));
    expect(await count('forms_form', 'acme')).toBe(before);
    const forms = (await owner(`select id, name, version from forms_form where space_id = 'nova' and app_id = $1 order by sort`, [result.appId])).rows;
    expect(forms.map((f) => f.name)).toEqual(['Customer', 'Order', 'Supplier']);
    expect(forms.every((f) => f.version === 1)).toBe(true);
    novaOrder = forms[1].id;
    expect([orderId, customerId, supplierId]).not.toContain(novaOrder);
    const definition = (await owner(`select definition from forms_version where form_id = $1`, [novaOrder])).rows[0].definition;
    expect(definition.fields.find((f: FieldDef) => f.key === 'f8').relation.formId).toBe(forms[0].id);
    expect(definition.fields.find((f: FieldDef) => f.key === 'f7').numbering).toMatchObject({ prefix: 'PO' });
    expect((await owner(`select name from forms_view where form_id = $1`, [novaOrder])).rows).toEqual([{ name: 'By due date' }]);
    expect((await owner(`select subject_kind, subject from forms_rule where form_id = $1`, [novaOrder])).rows).toEqual([{ subject_kind: 'role', subject: 'user' }]);
    expect((await owner(`select count(*)::int as n from forms_data_${novaOrder}`)).rows[0].n).toBe(0);
    const record = await ok(nova.post(`/api/forms/forms/${novaOrder}/records`, { values: { f1: 'Nova first order' } }));
    expect(record.number).toMatch(/^PO0000[0-9]$/);
    expect((await nova.post(`${API}/apps/${storeAppId}/install`, { versionId: v1 })).status).toBe(409);
    const mine = await ok(nova.get(`${API}/mine`));
    expect(mine.installed).toEqual([expect.objectContaining({ storeAppId, appId: result.appId, label: '1.0', update: null })]);
  });

  it('updates to version 2: fields change as a new published version, records kept, a removed form kept', async () => {
    const design = await ok(acme.get(`/api/forms/forms/${orderId}/design`));
    const fields = (design.form.draft.fields as FieldDef[]).filter((f) => f.key !== 'f6').map((f) => (f.key === 'f1' ? { ...f, label: 'Order title' } : f));
    fields.push({ key: 'f9', type: 'number', label: 'Quantity' });
    await ok(acme.put(`/api/forms/forms/${orderId}/draft`, { definition: { fields }, draftUpdatedAt: design.form.draftUpdatedAt }));
    await ok(acme.post(`/api/forms/forms/${orderId}/publish`));
    await ok(acme.delete(`/api/forms/forms/${supplierId}`));
    v2 = (await ok(publish('2.0'))).id;
    expect((await nova.post(`${API}/apps/${storeAppId}/update`, { versionId: v2 })).status).toBe(404); // not released yet
    await ok(root.post(`${API}/review/${v2}/approve`, {}));
    expect((await ok(nova.get(`${API}/mine`))).installed[0].update).toMatchObject({ id: v2, label: '2.0' });

    const result = await ok(nova.post(`${API}/apps/${storeAppId}/update`, { versionId: v2 }));
    expect(result.kept).toEqual(['Supplier']);
    const versions = (await owner(`select version, definition from forms_version where form_id = $1 order by version`, [novaOrder])).rows;
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    const labels = versions[1].definition.fields.map((f: FieldDef) => f.label);
    expect(labels).toContain('Order title');
    expect(labels).toContain('Quantity');
    expect(labels).not.toContain('Notes');
    const records = (await ok(nova.get(`/api/forms/forms/${novaOrder}/records`))).records;
    expect(records.map((r: { values: { f1: string } }) => r.values.f1)).toEqual(['Nova first order']);
    expect((await owner(`select count(*)::int as n from forms_form where space_id = 'nova' and name = 'Supplier' and deleted_at is null`)).rows[0].n).toBe(1);
    expect((await ok(nova.get(`${API}/mine`))).installed[0]).toMatchObject({ label: '2.0', update: null, kept: ['Supplier'] });
    expect((await nova.post(`${API}/apps/${storeAppId}/update`, { versionId: v1 })).status).toBe(422); // not newer
  });

  it('rejects only with a reason; a rejected version is never installable', async () => {
    const v3 = (await ok(publish('3.0', 'trial'))).id;
    const blank = await root.post(`${API}/review/${v3}/reject`, { reason: '   ' }, en);
    expect(blank.status).toBe(422);
    expect(blank.body.msg).toBe('appcenter.store.reasonRequired');
    expect(await ok(root.post(`${API}/review/${v3}/reject`, { reason: 'Field names are unclear' }))).toMatchObject({ state: 'rejected', reason: 'Field names are unclear' });
    const own = (await ok(acme.get(`${API}/submissions`))).versions.find((v: { id: string }) => v.id === v3);
    expect(own).toMatchObject({ state: 'rejected', reason: 'Field names are unclear', channel: 'trial' });
    expect((await nova.post(`${API}/apps/${storeAppId}/update`, { versionId: v3 })).status).toBe(404);
    expect((await ok(nova.get(`${API}/mine`))).installed[0].update).toBeNull();
  });
});

describe('packages refused whole', () => {
  let toolsStore: string, toolsVersion: string, original: unknown;
  const novaCounts = async () => [await count('appcenter_app', 'nova'), await count('forms_form', 'nova'), await count('appcenter_store_install', 'nova'), await count('appcenter_system', 'nova')];

  beforeAll(async () => {
    const tools = await publishedForm(acme, [{ key: 'f1', type: 'text', label: 'Tool', required: true, title: true }], { system: 'Workshop', app: 'Tools', form: 'Tool' });
    const version = await ok(publish('1.0', 'official', acme, tools.appId));
    toolsStore = version.storeAppId;
    toolsVersion = version.id;
    await ok(root.post(`${API}/review/${toolsVersion}/approve`, {}));
    original = (await owner('select package from appcenter_store_version where id = $1', [toolsVersion])).rows[0].package;
  });

  it('a tampered package (hash mismatch) is refused, nothing written', async () => {
    const before = await novaCounts();
    await owner(`update appcenter_store_version set package = jsonb_set(package, '{app,name}', '"Tools (changed)"') where id = $1`, [toolsVersion]);
    const answer = await nova.post(`${API}/apps/${toolsStore}/install`, { versionId: toolsVersion }, en);
    expect(answer.status).toBe(422);
    expect(answer.body.msg).toBe('appcenter.store.tampered');
    expect(await novaCounts()).toEqual(before);
    expect((await ok(root.get(`${API}/review/${toolsVersion}`))).summary).toMatchObject({ valid: false, problems: ['appcenter.store.tampered'] });
  });

  it('a malformed package (a form it does not contain) is refused even with a matching hash, nothing written', async () => {
    const before = await novaCounts();
    const bad = structuredClone(original) as { parts: { forms: { forms: Array<{ definition: { fields: FieldDef[] } }> } } };
    bad.parts.forms.forms[0]!.definition.fields.push({ key: 'f2', type: 'relation', label: 'Elsewhere', relation: { formId: 'form9' } });
    await owner('update appcenter_store_version set package = $2, hash = $3 where id = $1', [toolsVersion, JSON.stringify(bad), packageHash(bad)]);
    const answer = await nova.post(`${API}/apps/${toolsStore}/install`, { versionId: toolsVersion }, en);
    expect(answer.status).toBe(422);
    expect(answer.body.msg).toBe('appcenter.store.package.missingForm');
    expect(await novaCounts()).toEqual(before);
  });

  it('the apps quota applies, then the sound package installs', async () => {
    await owner('update appcenter_store_version set package = $2, hash = $3 where id = $1', [toolsVersion, JSON.stringify(original), packageHash(original)]);
    const live = Number((await owner(`select count(*) as n from appcenter_app where space_id = 'nova' and deleted_at is null`)).rows[0].n);
    await owner(`update spaces set quota_apps = $1 where id = 'nova'`, [live]);
    const before = await novaCounts();
    const refused = await nova.post(`${API}/apps/${toolsStore}/install`, { versionId: toolsVersion }, en);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('space.quota.apps');
    expect(await novaCounts()).toEqual(before);
    await owner(`update spaces set quota_apps = null where id = 'nova'`);
    expect(await ok(nova.post(`${API}/apps/${toolsStore}/install`, { versionId: toolsVersion }))).toMatchObject({ seq: 1, kept: [] });
  });

  it('root takes an app off the store: no longer listed nor installable', async () => {
    await ok(root.put(`${API}/review-apps/${toolsStore}/listed`, { listed: false }));
    expect((await ok(acme.get(`${API}/apps`))).apps.map((a: { id: string }) => a.id)).not.toContain(toolsStore);
    expect((await ok(root.get(`${API}/review-apps`))).apps.find((a: { id: string }) => a.id === toolsStore)).toMatchObject({ listed: false, released: true });
    await ok(root.put(`${API}/review-apps/${toolsStore}/listed`, { listed: true }));
  });
});

describe('flows travel with their forms', () => {
  it('a flow naming no person of the publisher is published in the installing space; one naming people lands as a draft', async () => {
    const made = await publishedForm(acme, ORDER_FIELDS, { system: 'Buying', app: 'Purchasing', form: 'Purchase' });
    const repair = await ok(acme.post('/api/forms/forms', { appId: made.appId, name: 'Repair' }));
    await ok(acme.put(`/api/forms/forms/${repair.id}/draft`, { definition: { fields: ORDER_FIELDS }, draftUpdatedAt: repair.draftUpdatedAt }));
    await ok(acme.post(`/api/forms/forms/${repair.id}/publish`));
    const acmeUserId = String((await owner(`select id from users where login_id = 'acme.user'`)).rows[0].id);
    const flows: Array<[string, ReturnType<typeof model>]> = [
      [made.formId, model([approval('n1', [{ kind: 'superior', levels: 1 }])])],
      [repair.id, model([approval('n1', members(acmeUserId))])],
    ];
    for (const [formId, flow] of flows) {
      const current = await ok(acme.get(`/api/workflow/forms/${formId}/flow`));
      await ok(acme.put(`/api/workflow/forms/${formId}/flow/draft`, { model: flow, draftUpdatedAt: current.draftUpdatedAt ?? null }));
      await ok(acme.post(`/api/workflow/forms/${formId}/flow/publish`));
    }
    const version = await ok(publish('1.0', 'trial', acme, made.appId));
    expect((await ok(root.get(`${API}/review/${version.id}`))).summary.flows).toBe(2);
    await ok(root.post(`${API}/review/${version.id}/approve`, {}));
    const result = await ok(nova.post(`${API}/apps/${version.storeAppId}/install`, { versionId: version.id }));
    const installed = (await owner(`select f.name, w.version, w.draft is not null as drafted from forms_form f join workflow_flow w on w.form_id = f.id where f.space_id = 'nova' and f.app_id = $1 order by f.name`, [result.appId])).rows;
    expect(installed).toEqual([
      { name: 'Purchase', version: 1, drafted: true },
      { name: 'Repair', version: 0, drafted: true },
    ]);
  });
});
