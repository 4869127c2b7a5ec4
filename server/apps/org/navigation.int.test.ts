import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
let ids: Record<string, string>;
let demoAppId: string;
let adminOnlyAppId: string;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const PATH = '/api/org/navigation';
const list = async (client = admin, terminal = 'web') => ok(await client.get(`${PATH}?terminal=${terminal}`)).entries as any[];
const mine = async (client: TestClient, terminal = 'web') => ok(await client.get(`${PATH}/mine?terminal=${terminal}`)).entries as any[];
const names = (entries: any[]): string[] => entries.flatMap((e) => [e.name, ...names(e.children ?? [])]);

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, safe, audit, novaAdmin] = await Promise.all([
    signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'acme.safe'),
    signedIn(platform.url, 'acme.audit'), signedIn(platform.url, 'nova.admin'),
  ]);
  ids = Object.fromEntries((ok(await admin.get('/api/org/members')).members as any[]).map((m) => [m.loginId, m.id]));
  const apps = ok(await admin.get('/api/appcenter/apps')).apps as any[];
  demoAppId = apps[0].id;
  adminOnlyAppId = ok(await admin.post('/api/appcenter/apps', { systemId: apps[0].systemId, name: 'Admins only', roles: ['admin'] })).id;
});
afterAll(async () => {
  await platform?.stop();
});

describe('space navigation (decision 0044)', () => {
  it('the admin creates, reads, edits, reorders and deletes entries of each terminal', async () => {
    const page = ok(await admin.post(PATH, { terminal: 'web', name: '通讯录', nameEn: 'Contacts', icon: 'user', kind: 'page', target: 'org.contacts' }));
    const url = ok(await admin.post(PATH, { terminal: 'web', name: 'Supplier portal', kind: 'url', target: 'https://supplier.example.com/login' }));
    const app = ok(await admin.post(PATH, { terminal: 'app', name: 'Inspection', kind: 'app', target: demoAppId }));
    expect(page).toMatchObject({ terminal: 'web', parentId: null, name: '通讯录', nameEn: 'Contacts', icon: 'user', enabled: true, roleGroupIds: [], sort: 0 });
    expect(url.sort).toBe(1);
    expect((await list()).map((e) => e.name)).toEqual(['通讯录', 'Supplier portal']);
    expect((await list(admin, 'app')).map((e) => e.id)).toEqual([app.id]);

    expect(ok(await admin.patch(`${PATH}/${url.id}`, { name: 'Suppliers', enabled: false }))).toMatchObject({ name: 'Suppliers', enabled: false, kind: 'url' });
    expect(ok(await admin.get(`${PATH}/${url.id}`)).name).toBe('Suppliers');
    ok(await admin.put(`${PATH}/order`, { terminal: 'web', ids: [url.id, page.id] }));
    expect((await list()).map((e) => e.name)).toEqual(['Suppliers', '通讯录']);
    // An id of the other terminal rolls the whole order back.
    expect((await admin.put(`${PATH}/order`, { terminal: 'web', ids: [page.id, app.id] })).status).toBe(404);
    expect((await list()).map((e) => e.name)).toEqual(['Suppliers', '通讯录']);

    const group = ok(await admin.post(PATH, { terminal: 'web', name: 'Factory', kind: 'group' }));
    ok(await admin.patch(`${PATH}/${page.id}`, { parentId: group.id }));
    ok(await admin.delete(`${PATH}/${group.id}`));
    // A group goes with what it holds.
    expect((await list()).map((e) => e.name)).toEqual(['Suppliers']);
    ok(await admin.delete(`${PATH}/${url.id}`));
    ok(await admin.delete(`${PATH}/${app.id}`));
    expect((await admin.delete(`${PATH}/${app.id}`)).status).toBe(404);
  });

  it('refuses bad input with a 422 in both languages and saves nothing', async () => {
    const group = ok(await admin.post(PATH, { terminal: 'app', name: 'Group', kind: 'group' }));
    const inGroup = ok(await admin.post(PATH, { terminal: 'app', name: 'In group', kind: 'url', target: 'http://example.com', parentId: group.id }));
    const before = [...(await list()), ...(await list(admin, 'app'))];
    const bad: Array<[string, object]> = [
      ['org.navigation.appUnknown', { kind: 'app', target: '999999' }],
      ['org.navigation.pageUnbuilt', { kind: 'page', target: 'org.supplier' }],
      ['org.navigation.pageUnbuilt', { kind: 'page', target: 'org.webConfigEntry' }],
      ['org.navigation.pageUnbuilt', { kind: 'page', target: 'no.suchPage' }],
      ['org.navigation.urlUnsafe', { kind: 'url', target: 'javascript:alert(1)' }],
      ['org.navigation.urlUnsafe', { kind: 'url', target: ' JaVaScRiPt:alert(1)' }],
      ['org.navigation.urlUnsafe', { kind: 'url', target: '/space-nova/appcenter' }],
      ['org.navigation.urlUnsafe', { kind: 'url', target: 'https://user:pw@example.com' }],
      ['org.navigation.nameLength', { kind: 'url', target: 'https://example.com', name: '一二三四五六七八九十一二三四五六七八九十一' }],
      ['org.navigation.nameLength', { kind: 'url', target: 'https://example.com', name: '   ' }],
      ['org.navigation.roleGroupUnknown', { kind: 'url', target: 'https://example.com', roleGroupIds: ['999999'] }],
      ['org.navigation.tooDeep', { kind: 'url', target: 'https://example.com', parentId: inGroup.id }],
      ['org.navigation.tooDeep', { kind: 'group', parentId: group.id }],
      ['org.navigation.parentUnknown', { kind: 'url', target: 'https://example.com', parentId: '999999' }],
      ['org.navigation.groupTarget', { kind: 'group', target: 'https://example.com' }],
    ];
    for (const [key, patch] of bad) {
      const body = { terminal: 'app', name: 'Entry', ...patch };
      for (const lang of ['zh-CN', 'en']) {
        const answer = await admin.post(`${PATH}?lang=${lang}`, body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.body.msg).toBe(key);
        expect(answer.body.text).not.toBe(key);
      }
    }
    expect((await admin.post(`${PATH}?lang=en`, { terminal: 'app', name: 'x'.repeat(21), kind: 'url', target: 'https://example.com' })).body.text).toContain('20');
    // Edits are checked the same way: a group holding entries stays a group; a URL stays safe.
    expect((await admin.patch(`${PATH}/${group.id}`, { kind: 'url', target: 'https://example.com' })).body.msg).toBe('org.navigation.tooDeep');
    expect((await admin.patch(`${PATH}/${inGroup.id}`, { target: 'javascript:alert(1)' })).body.msg).toBe('org.navigation.urlUnsafe');
    expect([...(await list()), ...(await list(admin, 'app'))]).toEqual(before);
    ok(await admin.delete(`${PATH}/${group.id}`));
  });

  it('members see the enabled entries of their role groups, pages and apps they may open', async () => {
    const roleGroup = ok(await admin.post('/api/org/role-groups', { name: 'Navigation testers' }));
    const role = ok(await admin.post('/api/org/roles', { groupId: roleGroup.id, name: 'Tester' }));
    ok(await admin.post(`/api/org/roles/${role.id}/members`, { userIds: [ids['acme.user']] }));
    const emptyGroup = ok(await admin.post('/api/org/role-groups', { name: 'Nobody here' }));
    const make = (body: object) => admin.post(PATH, { terminal: 'web', kind: 'url', target: 'https://example.com', ...body }).then(ok);
    await make({ name: 'Everyone' });
    await make({ name: 'Testers', roleGroupIds: [roleGroup.id] });
    await make({ name: 'Nobody', roleGroupIds: [emptyGroup.id] });
    await make({ name: 'Switched off', enabled: false });
    await make({ name: 'Contacts page', kind: 'page', target: 'org.contacts' });
    await make({ name: 'Roles page', kind: 'page', target: 'org.roleManage' });
    await make({ name: 'Demo app', kind: 'app', target: demoAppId });
    await make({ name: 'Admin app', kind: 'app', target: adminOnlyAppId });
    const folder = await make({ name: 'Folder', kind: 'group', target: '' });
    await make({ name: 'Hidden child', parentId: folder.id, roleGroupIds: [emptyGroup.id] });
    const shown = await make({ name: 'Shown folder', kind: 'group', target: '' });
    await make({ name: 'Child', parentId: shown.id });

    expect(names(await mine(user))).toEqual(['Everyone', 'Testers', 'Contacts page', 'Demo app', 'Shown folder', 'Child']);
    expect(names(await mine(admin))).toEqual(['Everyone', 'Contacts page', 'Roles page', 'Demo app', 'Admin app', 'Shown folder', 'Child']);
    // Safe and audit use no app unless an admin names their role (decision 0026).
    expect(names(await mine(safe))).toEqual(['Everyone', 'Contacts page', 'Shown folder', 'Child']);
    const served = (await mine(user)).find((e) => e.name === 'Demo app');
    expect(served).toEqual({ id: expect.any(String), name: 'Demo app', nameEn: '', icon: 'app', kind: 'app', target: demoAppId });
    expect(await mine(user, 'app')).toEqual([]);
  });

  it('user, safe and audit may not change navigation, nor read the admin list', async () => {
    const entry = (await list())[0];
    for (const client of [user, safe, audit]) {
      expect((await client.post(PATH, { terminal: 'web', name: 'Mine', kind: 'url', target: 'https://example.com' })).status).toBe(403);
      expect((await client.patch(`${PATH}/${entry.id}`, { name: 'Taken' })).status).toBe(403);
      expect((await client.delete(`${PATH}/${entry.id}`)).status).toBe(403);
      expect((await client.put(`${PATH}/order`, { terminal: 'web', ids: [entry.id] })).status).toBe(403);
      expect((await client.get(`${PATH}?terminal=web`)).status).toBe(403);
    }
    expect(ok(await admin.get(`${PATH}/${entry.id}`)).name).toBe(entry.name);
  });

  it('space B never reads or changes space A\'s entries', async () => {
    const entry = (await list())[0];
    expect(await list(novaAdmin)).toEqual([]);
    expect(await mine(novaAdmin)).toEqual([]);
    expect((await novaAdmin.get(`${PATH}/${entry.id}`)).status).toBe(404);
    expect((await novaAdmin.patch(`${PATH}/${entry.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await novaAdmin.delete(`${PATH}/${entry.id}`)).status).toBe(404);
    expect((await novaAdmin.put(`${PATH}/order`, { terminal: 'web', ids: [entry.id] })).status).toBe(404);
    // Nor points at A's apps, groups or role groups.
    expect((await novaAdmin.post(PATH, { terminal: 'web', name: 'A app', kind: 'app', target: demoAppId })).body.msg).toBe('org.navigation.appUnknown');
    const roleGroup = ok(await admin.get('/api/org/role-groups')).groups[0];
    expect((await novaAdmin.post(PATH, { terminal: 'web', name: 'x', kind: 'url', target: 'https://example.com', roleGroupIds: [roleGroup.id] })).body.msg).toBe('org.navigation.roleGroupUnknown');
    expect((await novaAdmin.post(PATH, { terminal: 'web', name: 'x', kind: 'url', target: 'https://example.com', parentId: entry.id })).body.msg).toBe('org.navigation.parentUnknown');
    expect(ok(await admin.get(`${PATH}/${entry.id}`)).name).toBe(entry.name);
  });
});
