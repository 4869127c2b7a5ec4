import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient, user: TestClient, nova: TestClient;
let appId: string, formId: string;

const names = async (client: TestClient) => (await ok(client.get(`/api/forms/apps/${appId}/forms`))).forms.map((f: any) => f.name) as string[];

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = (await Promise.all(['acme.admin', 'acme.user', 'nova.admin'].map((l) => signedIn(platform.url, l)))) as [TestClient, TestClient, TestClient];
  ({ appId, formId } = await publishedForm(admin, ORDER_FIELDS));
  await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: 'kept' } }));
});
afterAll(async () => {
  await platform?.stop();
});

describe('managing the forms of an app (copy, order, recycle bin)', () => {
  it('a new form goes last; a copy takes the design but no records', async () => {
    await ok(admin.post('/api/forms/forms', { appId, name: 'Second' }));
    const copy = await ok(admin.post(`/api/forms/forms/${formId}/copy`, { name: 'Order copy' }));
    expect(await names(admin)).toEqual(['Order', 'Second', 'Order copy']);
    const design = await ok(admin.get(`/api/forms/forms/${copy.id}/design`));
    expect(design.form.draft.fields.map((f: any) => f.key)).toEqual(ORDER_FIELDS.map((f) => f.key));
    expect(design.form.version).toBe(0);
  });

  it('reordering names every live form once, or is a 422 in the caller language that changes nothing', async () => {
    const forms = (await ok(admin.get(`/api/forms/apps/${appId}/forms`))).forms as { id: string; name: string }[];
    const reversed = forms.map((f) => f.id).reverse();
    await ok(admin.put(`/api/forms/apps/${appId}/form-order`, { formIds: reversed }));
    expect(await names(admin)).toEqual(['Order copy', 'Second', 'Order']);
    const zh = await admin.put(`/api/forms/apps/${appId}/form-order`, { formIds: reversed.slice(1) });
    expect(zh.status).toBe(422);
    expect(zh.body.text).toContain('每个表单');
    const en = await admin.put(`/api/forms/apps/${appId}/form-order?lang=en`, { formIds: [...reversed.slice(1), '999999'] });
    expect(en.status).toBe(422);
    expect(en.body.text).toContain('every form');
    expect(await names(admin)).toEqual(['Order copy', 'Second', 'Order']);
  });

  it('a deleted form waits in the recycle bin, answers no record call, and comes back with its records', async () => {
    await ok(admin.delete(`/api/forms/forms/${formId}`));
    expect(await names(admin)).not.toContain('Order');
    expect((await admin.get(`/api/forms/forms/${formId}/records`)).status).toBe(404);
    const bin = await ok(admin.get(`/api/forms/apps/${appId}/recycle`));
    expect(bin.forms.map((f: any) => f.id)).toEqual([formId]);
    await ok(admin.post(`/api/forms/forms/${formId}/restore`, {}));
    const page = await ok(admin.get(`/api/forms/forms/${formId}/records`));
    expect(page.records.map((r: any) => r.values.f1)).toEqual(['kept']);
    expect((await admin.post(`/api/forms/forms/${formId}/restore`, {})).status).toBe(404);
  });

  it('a blank name is a 422 in the caller language on create, rename and copy, and creates nothing', async () => {
    const before = await names(admin);
    const zh = await admin.post('/api/forms/forms', { appId, name: '   ' });
    expect(zh.status).toBe(422);
    expect(zh.body.text).toBe('表单名称不能为空');
    const en = await admin.post(`/api/forms/forms/${formId}/copy?lang=en`, { name: ' ' });
    expect(en.status).toBe(422);
    expect(en.body.text).toBe('The form name cannot be empty.');
    expect((await admin.patch(`/api/forms/forms/${formId}`, { name: '  ' })).status).toBe(422);
    expect(await names(admin)).toEqual(before);
  });

  it('a member may not create, copy, order or delete forms', async () => {
    expect((await user.post('/api/forms/forms', { appId, name: 'Mine' })).status).toBe(403);
    expect((await user.post(`/api/forms/forms/${formId}/copy`, { name: 'Mine' })).status).toBe(403);
    expect((await user.delete(`/api/forms/forms/${formId}`)).status).toBe(403);
    const ids = (await ok(admin.get(`/api/forms/apps/${appId}/forms`))).forms.map((f: any) => f.id);
    expect((await user.put(`/api/forms/apps/${appId}/form-order`, { formIds: ids })).status).toBe(403);
    expect(await names(admin)).toEqual(['Order copy', 'Second', 'Order']);
  });

  it("another space's admin can neither see, copy, delete nor restore this space's forms", async () => {
    expect((await nova.get(`/api/forms/apps/${appId}/forms`)).status).toBe(404);
    expect((await nova.post(`/api/forms/forms/${formId}/copy`, { name: 'Stolen' })).status).toBe(404);
    expect((await nova.delete(`/api/forms/forms/${formId}`)).status).toBe(404);
    expect((await nova.get(`/api/forms/apps/${appId}/recycle`)).status).toBe(404);
    await ok(admin.delete(`/api/forms/forms/${formId}`));
    expect((await nova.post(`/api/forms/forms/${formId}/restore`, {})).status).toBe(404);
    await ok(admin.post(`/api/forms/forms/${formId}/restore`, {}));
    expect(await names(admin)).toEqual(['Order copy', 'Second', 'Order']);
  });
});
