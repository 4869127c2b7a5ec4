import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { canonicalJson } from '../../../shared/appcenter/package.ts';
import type { FieldDef } from '../../../shared/forms/fields.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let acme: TestClient, nova: TestClient, root: TestClient;

const LIVE = '<p>Welcome<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">here</a></p>';
const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'richtext', label: 'Body', defaultValue: LIVE },
];
const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);
/** The store's hash of a package (its canonical JSON), so a package changed here still reads as untampered. */
const packageHash = (pkg: unknown) => `sha256:${createHash('sha256').update(canonicalJson(pkg)).digest('hex')}`;
const bodyOf = (definition: { fields: FieldDef[] }) => String(definition.fields.find((f) => f.key === 'f2')!.defaultValue);

/** No script, no event handler, no javascript: link left; the formatting and the text stay. */
function expectClean(html: string) {
  expect(html).toContain('<p>Welcome');
  expect(html).toContain('here');
  for (const live of ['<script', 'alert(1)', 'onerror', 'javascript:']) expect(html).not.toContain(live);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  [acme, nova, root] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'nova.admin'), signedIn(platform.url, 'root')]);
});
afterAll(async () => {
  await platform?.stop();
});

describe('a form definition never stores live markup in rich-text defaults', () => {
  let formId: string;

  it('the designer saves and publishes a rich-text default cleaned, as a record is', async () => {
    ({ formId } = await publishedForm(acme, FIELDS));
    const design = await ok(acme.get(`/api/forms/forms/${formId}/design`));
    expectClean(bodyOf(design.form.draft));
    expectClean(bodyOf(design.versions[0].definition));
    const record = await ok(acme.post(`/api/forms/forms/${formId}/records`, { values: { f1: 'one' } }));
    expectClean(String(record.values.f2));
  });

  it('a draft stored with markup before the rule is cleaned when published and when copied', async () => {
    await owner(`update forms_form set draft = $2 where id = $1`, [formId, JSON.stringify({ fields: [FIELDS[0], { ...FIELDS[1], label: 'Body 2' }] })]);
    await ok(acme.post(`/api/forms/forms/${formId}/publish`));
    const version = (await owner(`select definition from forms_version where form_id = $1 and version = 2`, [formId])).rows[0].definition;
    expectClean(bodyOf(version));
    const copy = await ok(acme.post(`/api/forms/forms/${formId}/copy`, { name: 'Copy' }));
    expectClean(bodyOf((await ok(acme.get(`/api/forms/forms/${copy.id}/design`))).form.draft));
  });

  it('the store neither ships nor installs live markup, whatever the package holds', async () => {
    // A version published before the rule still holds the markup: the package made of it does not.
    await owner(`update forms_version set definition = $2 where form_id = $1`, [formId, JSON.stringify({ fields: FIELDS })]);
    const appId = (await owner(`select app_id from forms_form where id = $1`, [formId])).rows[0].app_id;
    const version = await ok(acme.post('/api/appcenter/store/versions', { appId, label: '1.0', channel: 'official', notes: '' }));
    const stored = (await owner('select package from appcenter_store_version where id = $1', [version.id])).rows[0].package;
    expectClean(bodyOf(stored.parts.forms.forms[0].definition));

    // A package with markup all the same (written into the store's table) installs cleaned.
    stored.parts.forms.forms[0].definition.fields[1].defaultValue = LIVE;
    await owner('update appcenter_store_version set package = $2, hash = $3 where id = $1', [version.id, JSON.stringify(stored), packageHash(stored)]);
    await ok(root.post(`/api/appcenter/store/review/${version.id}/approve`, {}));
    const installed = await ok(nova.post(`/api/appcenter/store/apps/${version.storeAppId}/install`, { versionId: version.id }));
    const novaForm = (await owner(`select id, draft from forms_form where app_id = $1`, [installed.appId])).rows[0];
    expectClean(bodyOf(novaForm.draft));
    expectClean(bodyOf((await owner(`select definition from forms_version where form_id = $1`, [novaForm.id])).rows[0].definition));
  });
});
