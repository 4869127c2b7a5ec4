import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, appRoles, ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient, user: TestClient, safe: TestClient, audit: TestClient, nova: TestClient;
let base: string;
const ids: Record<string, string> = {};

const create = async (client: TestClient, name: string, values: Record<string, unknown> = {}) => {
  const record = await ok(client.post(`${base}/records`, { values: { f1: name, ...values } }));
  ids[name] = record.id;
  return record;
};
const titles = async (client: TestClient, query = '') => {
  const page = await ok(client.get(`${base}/records?pageSize=999&count=true${query}`));
  return { names: page.records.map((r: any) => r.values.f1).sort() as string[], total: page.total.count as number, records: page.records };
};
const userIdOf = async (client: TestClient) => (await ok(client.get('/api/account/me'))).id as string;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, safe, audit, nova] = (await Promise.all(['acme.admin', 'acme.user', 'acme.safe', 'acme.audit', 'nova.admin'].map((l) => signedIn(platform.url, l)))) as TestClient[] as [TestClient, TestClient, TestClient, TestClient, TestClient];
  const { appId, formId } = await publishedForm(admin, ORDER_FIELDS);
  // safe and audit use an app only when it names their role (decision 0026): this one is opened to every role.
  await appRoles(admin, appId, ['saas', 'admin', 'user', 'safe', 'audit']);
  base = `/api/forms/forms/${formId}`;
  for (const name of ['A1', 'A2', 'A3']) await create(admin, name, { f2: name === 'A3' ? 'done' : 'open', f5: 'a@example.com' });
  for (const name of ['U1', 'U2']) await create(user, name, { f5: 'u@example.com' });
  await create(safe, 'S1');
});
afterAll(async () => {
  await platform?.stop();
});

describe('record permissions of §6, inside the SQL', () => {
  it('without rules a member sees only their own records — in list, count, search and aggregates', async () => {
    expect(await titles(user)).toMatchObject({ names: ['U1', 'U2'], total: 2 });
    expect((await titles(user, '&q=a1')).names).toEqual([]);
    expect((await titles(admin, '&q=a1')).names).toEqual(['A1']);
    const groups = await ok(user.get(`${base}/distinct?field=f2`));
    expect(groups.values.reduce((n: number, g: any) => n + g.count, 0)).toBe(2);
    expect((await user.get(`${base}/records/${ids.A1}`)).status).toBe(404);
    expect(await titles(admin)).toMatchObject({ total: 6 });
  });

  it('a rule per role over the own department widens the view, and hides the fields it says', async () => {
    await ok(admin.post(`${base}/rules`, { name: 'Production reads', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'department', hiddenFields: ['f5'] }));
    const seen = await titles(user);
    expect(seen).toMatchObject({ names: ['A1', 'A2', 'A3', 'U1', 'U2'], total: 5 });
    expect(seen.records.every((r: any) => !('f5' in r.values))).toBe(true);
    const form = await ok(user.get(base));
    expect(form.fields.map((f: any) => f.key)).not.toContain('f5');
    expect((await user.get(`${base}/records?filter=${encodeURIComponent(JSON.stringify({ logic: 'and', items: [{ field: 'f5', op: 'notEmpty' }] }))}`)).status).toBe(422);
    const groups = await ok(user.get(`${base}/distinct?field=f2`));
    expect(groups.values.reduce((n: number, g: any) => n + g.count, 0)).toBe(5);
  });

  it('a condition rule lets a role see the records matching it', async () => {
    await ok(admin.post(`${base}/rules`, { name: 'Safe sees done', subjectKind: 'role', subject: 'safe', levels: ['view'], scope: 'condition', condition: { logic: 'and', items: [{ field: 'f2', op: 'eq', value: 'done' }] } }));
    expect((await titles(safe)).names).toEqual(['A3', 'S1']);
    const bad = await admin.post(`${base}/rules`, { name: 'Bad', subjectKind: 'role', subject: 'safe', levels: ['view'], scope: 'condition', condition: { logic: 'and', items: [{ field: 'f99', op: 'eq', value: 1 }] } });
    expect(bad.status).toBe(422);
  });

  it('view without modify or delete: "No permission to modify / delete", nothing changed', async () => {
    const seen = await ok(user.get(`${base}/records/${ids.A1}`));
    expect(seen.can).toEqual({ modify: false, delete: false, share: false, transfer: false });
    const put = await user.put(`${base}/records/${ids.A1}?lang=en`, { values: { f1: 'hijacked' }, rowVersion: seen.record.rowVersion });
    expect([put.status, put.body.text]).toEqual([403, 'No permission to modify.']);
    const del = await user.post(`${base}/records/delete?lang=en`, { ids: [ids.A1] });
    expect([del.status, del.body.text]).toEqual([403, 'No permission to delete.']);
    expect((await ok(admin.get(`${base}/records/${ids.A1}`))).record.values.f1).toBe('A1');
  });

  it('sharing: only the owner shares; view shares read, modify shares write', async () => {
    const safeId = await userIdOf(safe);
    const notOwner = await safe.post(`${base}/records/${ids.A3}/shares?lang=en`, { userIds: [safeId], level: 'modify' });
    expect([notOwner.status, notOwner.body.text]).toEqual([403, 'No permission to share.']);
    await ok(user.post(`${base}/records/${ids.U1}/shares`, { userIds: [safeId], level: 'view' }));
    expect((await titles(safe)).names).toEqual(['A3', 'S1', 'U1']);
    const shared = await ok(safe.get(`${base}/records/${ids.U1}`));
    expect((await safe.put(`${base}/records/${ids.U1}`, { values: { f1: 'U1 by safe' }, rowVersion: shared.record.rowVersion })).status).toBe(403);
    await ok(user.post(`${base}/records/${ids.U1}/shares`, { userIds: [safeId], level: 'modify' }));
    const changed = await ok(safe.put(`${base}/records/${ids.U1}`, { values: { f3: 5 }, rowVersion: shared.record.rowVersion }));
    expect(changed.values.f3).toBe(5);
    const novaId = await userIdOf(nova);
    expect((await user.post(`${base}/records/${ids.U1}/shares`, { userIds: [novaId], level: 'view' })).status).toBe(422);
    await ok(user.delete(`${base}/records/${ids.U1}/shares/${safeId}`));
    expect((await titles(safe)).names).toEqual(['A3', 'S1']);
  });

  it('transfer: only the owner or an admin; the new owner’s department follows', async () => {
    const auditId = await userIdOf(audit);
    const refused = await safe.post(`${base}/records/${ids.U2}/transfer?lang=en`, { userId: auditId });
    expect(refused.status).toBe(404);
    const notOwner = await user.post(`${base}/records/${ids.A2}/transfer?lang=en`, { userId: auditId });
    expect([notOwner.status, notOwner.body.text]).toEqual([403, 'No permission to transfer.']);
    await ok(user.post(`${base}/records/${ids.U2}/transfer`, { userId: auditId }));
    expect((await titles(user)).names).not.toContain('U2');
    expect((await titles(audit)).names).toEqual(['U2']);
  });

  it('monitor gives read access to every record of the form', async () => {
    await ok(admin.post(`${base}/rules`, { name: 'Auditors monitor', subjectKind: 'role', subject: 'audit', levels: ['monitor'], scope: 'all' }));
    expect(await titles(audit)).toMatchObject({ total: 6 });
    expect((await ok(audit.get(base))).can.monitor).toBe(true);
    const record = await ok(audit.get(`${base}/records/${ids.A1}`));
    expect(record.can.modify).toBe(false);
  });

  it('the monitoring view is for monitors: "No permission to view" for others, 404 for another space', async () => {
    const seen = await ok(audit.get(`${base}/monitor`));
    expect(seen.total).toEqual({ count: 6, estimated: false });
    expect(seen.byOwner.reduce((n: number, g: any) => n + g.count, 0)).toBe(6);
    expect(seen.recent).toHaveLength(6);
    expect(Object.values(seen.labels.users)).toContain('acme admin');
    const refused = await user.get(`${base}/monitor?lang=en`);
    expect([refused.status, refused.body.text]).toEqual([403, 'No permission to view.']);
    expect((await nova.get(`${base}/monitor`)).status).toBe(404);
  });

  it('QR codes only for the records the caller may see, with up to three fields', async () => {
    const answer = await ok(safe.post(`${base}/qrcodes`, { ids: [ids.A3, ids.A1, ids.S1], fields: ['f1', 'f2'] }));
    expect(answer.codes.map((c: any) => c.id).sort()).toEqual([ids.A3, ids.S1].sort());
    expect(answer.missing).toBe(1);
    expect(answer.codes[0].svg).toContain('<svg');
    expect(answer.codes[0].url).toMatch(/\/space-acme\/\d+\/detail\/\d+\?id=\d+$/);
    expect(answer.codes.find((c: any) => c.id === ids.A3).lines).toEqual([{ label: 'Title', value: 'A3' }, { label: 'Status', value: 'done' }]);
    expect((await safe.post(`${base}/qrcodes`, { ids: [ids.S1], fields: ['f1', 'f2', 'f3', 'f4'] })).status).toBe(422);
  });

  it('search across the app stays inside each form’s permissions and answers at most 600', async () => {
    const form = await ok(admin.get(base));
    const search = (client: TestClient, q: string) => ok(client.get(`/api/forms/apps/${form.appId}/search?q=${encodeURIComponent(q)}`));
    const byAdmin = await search(admin, 's1');
    expect(byAdmin.results.map((r: any) => r.title)).toEqual(['S1']);
    expect(byAdmin.results[0]).toMatchObject({ formName: 'Order', id: ids.S1 });
    expect((await search(user, 's1')).results).toEqual([]);
    expect((await search(user, 'u1')).results.map((r: any) => r.title)).toEqual(['U1']);
    expect((await nova.get(`/api/forms/apps/${form.appId}/search?q=a1`)).status).toBe(404);
  });

  it('only admins manage rules; another space cannot see or change them', async () => {
    expect((await user.post(`${base}/rules`, { name: 'Me all', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'all' })).status).toBe(403);
    const rules = await ok(admin.get(`${base}/rules`));
    expect(rules.rules).toHaveLength(3);
    expect((await nova.get(`${base}/rules`)).status).toBe(404);
    expect((await nova.delete(`${base}/rules/${rules.rules[0].id}`)).status).toBe(404);
    expect((await nova.post(`${base}/rules`, { name: 'x', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'all' })).status).toBe(404);
    expect((await ok(admin.get(`${base}/rules`))).rules).toHaveLength(3);
  });
});
