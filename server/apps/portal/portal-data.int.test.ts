import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, appRoles, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { appData, chart, draft, messageAlert, myWork, ok, quickEntry } from './portal-test-kit.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let second: TestClient;
let novaUser: TestClient;
let ids: Record<string, string>;
let form: { appId: string; formId: string };
const PATH = '/api/portal/portals';
const open = async (client: TestClient, query = '') => ok(await client.get(`/api/portal/open?terminal=web${query}`));
const mine = async (client: TestClient) => (ok(await client.get(`${PATH}?terminal=web`)) as any[]).map((p) => p.name);

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaUser] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.user')]);
  ok(await admin.post('/api/org/members', { loginId: 'acme.second', name: 'Second member', phone: '13900000042', password: 'Welcome@2026' }));
  second = await signedIn(platform.url, 'acme.second', 'Welcome@2026');
  ids = Object.fromEntries((ok(await admin.get('/api/org/members')).members as any[]).map((m) => [m.loginId, m.id]));
  form = await publishedForm(admin, ORDER_FIELDS);
  const records = `/api/forms/forms/${form.formId}/records`;
  for (const [f1, f2, f6] of [['Open A', 'open', 'note A'], ['Done B', 'done', 'note B'], ['Open C', 'open', 'note C'], ['Doing D', 'doing', 'note D']]) {
    ok(await admin.post(records, { values: { f1, f2, f6 } }));
  }
  const rules = `/api/forms/forms/${form.formId}/rules`;
  const only = (value: string) => ({ logic: 'and', items: [{ field: 'f2', op: 'eq', value }] });
  // The user sees open orders without their notes; the second member sees done orders with them.
  ok(await admin.post(rules, { name: 'User: open', subjectKind: 'user', subject: ids['acme.user'], levels: ['view'], scope: 'condition', condition: only('open'), hiddenFields: ['f6'] }));
  ok(await admin.post(rules, { name: 'Second: done', subjectKind: 'user', subject: ids['acme.second'], levels: ['view'], scope: 'condition', condition: only('done') }));
});
afterAll(async () => {
  await platform?.stop();
});

describe('portal scope by role groups', () => {
  it('members see the portals of their role groups; another space sees none of them', async () => {
    const group = ok(await admin.post('/api/org/role-groups', { name: 'Portal readers' }));
    const role = ok(await admin.post('/api/org/roles', { groupId: group.id, name: 'Reader' }));
    ok(await admin.post(`/api/org/roles/${role.id}/members`, { userIds: [ids['acme.user']] }));
    const nobody = ok(await admin.post('/api/org/role-groups', { name: 'Nobody reads' }));
    const readers = ok(await admin.post(PATH, draft({ name: 'Readers', roleGroups: [group.id] })), 201);
    const hidden = ok(await admin.post(PATH, draft({ name: 'Hidden', roleGroups: [nobody.id] })), 201);

    expect(await mine(user)).toEqual(['工作台 Workbench', 'Readers']);
    expect(await mine(second)).toEqual(['工作台 Workbench']);
    expect((await open(user, `&id=${readers.id}`)).portal.name).toBe('Readers');
    const refused = await user.get(`/api/portal/open?terminal=web&id=${hidden.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('portal.outOfScope');
    expect((await second.get(`/api/portal/open?terminal=web&id=${readers.id}`)).status).toBe(403);
    expect((await user.get(`${PATH}/${readers.id}/components/x/data`)).status).toBe(404);
    // The manager previews any portal of his space.
    expect((await open(admin, `&id=${hidden.id}`)).portal.name).toBe('Hidden');
    // Another space's member: not found, whatever the scope.
    expect((await novaUser.get(`/api/portal/open?terminal=web&id=${readers.id}`)).status).toBe(404);
    expect(await mine(novaUser)).toEqual(['工作台 Workbench']);

    // The default when in scope; else none (the built-in workbench); choices are what he may switch to.
    expect((await open(user)).portal).toBeNull();
    ok(await admin.post(`${PATH}/${hidden.id}/default`));
    const fallback = await open(user);
    expect(fallback.portal).toBeNull();
    expect(fallback.choices.map((c: any) => c.name)).toEqual(['工作台 Workbench', 'Readers']);
    ok(await admin.post(`${PATH}/${readers.id}/default`));
    expect((await open(user)).portal.name).toBe('Readers');
    expect((await open(second)).portal).toBeNull();
    expect(await open(user, '').then((a) => a.choices.find((c: any) => c.isDefault)?.name)).toBe('Readers');
    expect((await ok(await user.get('/api/portal/open?terminal=app'))).portal).toBeNull();
    const seeded = (ok(await admin.get(`${PATH}?terminal=web&manage=1`)) as any[]).find((p) => p.system);
    ok(await admin.post(`${PATH}/${seeded.id}/default`));
  });
});

describe('portal component data', () => {
  it('the seeded portal opens with each component’s first page', async () => {
    const choice = (await open(user)).choices.find((c: any) => c.name === '工作台 Workbench');
    const answer = await open(user, `&id=${choice.id}`);
    expect(answer.portal).toMatchObject({ system: true });
    const byType = Object.fromEntries(answer.portal.components.map((c: any) => [c.type, answer.components[c.id]]));
    expect(byType.messageAlert).toMatchObject({ ok: true, data: { type: 'messageAlert', unread: expect.any(Object), items: expect.any(Array) } });
    expect(byType.myWork).toMatchObject({ ok: true, data: { type: 'myWork', counts: { todo: 0, entrusted: 0, cc: 0, initiated: 0 } } });
    // The demo form's department rule: the user sees his department's inspections, each opening its detail page.
    expect(byType.appData.ok).toBe(true);
    expect(byType.appData.data.rows.length).toBeGreaterThan(0);
    expect(byType.appData.data.rows[0].href).toMatch(/^\/space-acme\/\d+\/detail\/\d+\?id=\d+$/);
    expect(byType.quickEntry).toBeUndefined();
  });

  it('application data follows the viewer’s record rules and hidden fields, pages by keyset up to maxItems', async () => {
    const label = { appId: form.appId, formId: form.formId, titleField: 'f1', contentField: 'f6' };
    const component = appData([label], { pageSize: 1, maxItems: 2 });
    const portal = ok(await admin.post(PATH, draft({ name: 'Orders', components: [component, chart()] })), 201);
    const first = async (client: TestClient) => (await open(client, `&id=${portal.id}`)).components[component.id];
    const seen = await first(user);
    expect(seen).toMatchObject({ ok: true, data: { type: 'appData', label: 'l0', rows: [{ title: 'Open C', content: null }] } });
    const page2 = ok(await user.get(`${PATH}/${portal.id}/components/${component.id}/data?cursor=${seen.data.next}`));
    expect(page2.data.rows.map((r: any) => r.title)).toEqual(['Open A']);
    expect(page2.data.next).toBeNull();
    const other = await first(second);
    expect(other.data.rows).toMatchObject([{ title: 'Done B', content: 'note B' }]);
    expect(other.data.next).toBeNull();
    const all = await first(admin);
    expect(all.data.rows).toMatchObject([{ title: 'Doing D', content: 'note D' }]);
    expect((await open(user, `&id=${portal.id}`)).components[portal.components[1].id]).toEqual({ ok: true, data: { type: 'chart', state: 'unavailable' } });
    // A cursor past maxItems, or forged, is a clear 422 of this component only.
    const forged = Buffer.from(JSON.stringify(['999999', 2])).toString('base64url');
    expect(ok(await user.get(`${PATH}/${portal.id}/components/${component.id}/data?cursor=${forged}`))).toMatchObject({ ok: false, status: 422 });
  });

  it('one failing component does not break the page', async () => {
    const label = { appId: form.appId, formId: form.formId };
    const data = appData([label]);
    const alert = messageAlert();
    const work = myWork();
    const portal = ok(await admin.post(PATH, draft({ name: 'Fragile', components: [alert, data, work, quickEntry([{ link: { type: 'system', target: 'messages.center' } }])] })), 201);
    // The app is narrowed to administrators: the user's data component now fails, the rest still answer.
    await appRoles(admin, form.appId, ['admin']);
    try {
      const answer = await open(user, `&id=${portal.id}&lang=en`);
      expect(answer.components[data.id]).toMatchObject({ ok: false, status: 404, error: expect.stringMatching(/[A-Za-z]/) });
      expect(answer.components[alert.id].ok).toBe(true);
      expect(answer.components[work.id].ok).toBe(true);
      const zh = await open(user, `&id=${portal.id}`);
      expect(zh.components[data.id].error).not.toBe(answer.components[data.id].error);
    } finally {
      await appRoles(admin, form.appId, []);
    }
    expect((await open(user, `&id=${portal.id}`)).components[data.id].ok).toBe(true);
  });
});
