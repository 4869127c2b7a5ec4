import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, signedIn, type Answer } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
let novaUser: TestClient;
const ids: Record<string, string> = {};
let workshop: string;
let line: string;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const contacts = async (client: TestClient, query = '') => ok<{ contacts: any[]; next: string | null }>(await client.get(`/api/org/contacts?size=100${query}`));
const names = async (client: TestClient, q: string) => (await contacts(client, `&q=${encodeURIComponent(q)}`)).contacts.map((c) => c.name);
const setVisible = async (visibleFields: string[]) => ok(await admin.put('/api/org/contacts/settings', { visibleFields }));

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, audit, novaAdmin, novaUser] = await Promise.all([
    signedIn(platform.url, 'acme.admin'),
    signedIn(platform.url, 'acme.user'),
    signedIn(platform.url, 'acme.audit'),
    signedIn(platform.url, 'nova.admin'),
    signedIn(platform.url, 'nova.user'),
  ]);
  workshop = ok(await admin.post('/api/org/departments', { name: '总装车间', code: 'C-ASM' })).id;
  line = ok(await admin.post('/api/org/departments', { name: '一号线', code: 'C-L1', parentId: workshop })).id;
  const post = ok(await admin.post('/api/org/posts', { code: 'C-LEAD', name: '班组长', departmentId: line })).id;
  const people: Array<[string, string, string, Record<string, unknown>]> = [
    ['zhang.san', '张三', '13900000001', { departmentIds: [line], mainPostId: post, idCard: '11010519491231002X', signature: '安全第一' }],
    ['li.si', '李四', '13900000002', { departmentIds: [line] }],
    ['zeng.xx', '曾小贤', '13900000003', { departmentIds: [workshop] }],
    ['wang.wu', '王五', '13900000004', { departmentIds: [line] }],
    ['zhao.liu', '赵六', '13900000005', {}],
  ];
  for (const [loginId, name, phone, extra] of people) {
    ids[loginId] = ok(await admin.post('/api/org/members', { loginId, name, phone, password: 'Welcome@2026', ...extra })).id;
  }
  ok(await admin.put(`/api/org/members/${ids['wang.wu']}/status`, { status: 'disabled' }));
  ok(await novaAdmin.post('/api/org/members', { loginId: 'nova.zhang', name: '张三丰', phone: '13900000009' }));
  ok(await novaAdmin.post('/api/org/departments', { name: 'Nova 注塑车间', code: 'N-INJ' }));
});
afterAll(async () => {
  await platform?.stop();
});

describe('address book', () => {
  it('finds members by name, login ID, phone and pinyin initials (a surname read its own way)', async () => {
    expect(await names(user, '张')).toEqual(['张三']);
    expect(await names(user, 'zhang.san')).toEqual(['张三']);
    expect(await names(user, '13900000002')).toEqual(['李四']);
    expect(await names(user, 'zs')).toEqual(['张三']);
    expect(await names(user, 'ZS')).toEqual(['张三']);
    // 曾 is "ceng" alone but "zeng" as a surname.
    expect(await names(user, 'zxx')).toEqual(['曾小贤']);
    const row = (await contacts(user, '&q=zs')).contacts[0];
    expect(row).toMatchObject({ id: ids['zhang.san'], initials: 'zs', departments: ['一号线'], mainPost: '班组长', loginId: 'zhang.san', phone: '13900000001' });
  });

  it('lists neither disabled members nor another space\'s people', async () => {
    const all = (await contacts(user)).contacts.map((c) => c.name);
    expect(all).toEqual(expect.arrayContaining(['张三', '李四', '曾小贤', '赵六']));
    expect(all).not.toContain('王五');
    expect(all).not.toContain('张三丰');
    expect((await admin.get(`/api/org/contacts/${ids['wang.wu']}`)).status).toBe(404);
    expect(await names(novaUser, '张')).toEqual(['张三丰']);
    expect((await novaUser.get(`/api/org/contacts/${ids['zhang.san']}`)).status).toBe(404);
  });

  it('browses one department', async () => {
    expect((await contacts(user, `&departmentId=${line}`)).contacts.map((c) => c.name).sort()).toEqual(['张三', '李四'].sort());
    expect((await contacts(user, `&departmentId=${workshop}`)).contacts.map((c) => c.name)).toEqual(['曾小贤']);
    // Space B asking for space A's department sees nobody: the department does not exist there.
    expect((await contacts(novaUser, `&departmentId=${line}`)).contacts).toEqual([]);
  });

  it('shows members only the fields the administrator made visible; the admin and the auditor see all', async () => {
    const card = ok(await user.get(`/api/org/contacts/${ids['zhang.san']}`));
    // The defaults: contact fields yes, the ID card no.
    expect(card).toMatchObject({ name: '张三', loginId: 'zhang.san', phone: '13900000001', signature: '安全第一', departments: ['一号线'], mainPost: '班组长' });
    expect(card).not.toHaveProperty('idCard');

    expect((await user.put('/api/org/contacts/settings', { visibleFields: ['phone', 'idCard'] })).status).toBe(403);
    expect(await setVisible(['email'])).toEqual({ visibleFields: ['email'], seesAll: true });
    expect(ok(await user.get('/api/org/contacts/settings'))).toEqual({ visibleFields: ['email'], seesAll: false });
    const hidden = ok(await user.get(`/api/org/contacts/${ids['zhang.san']}`));
    for (const field of ['loginId', 'phone', 'signature', 'idCard', 'superior']) expect(hidden, field).not.toHaveProperty(field);
    expect(hidden).toMatchObject({ name: '张三', email: null });
    const row = (await contacts(user, '&q=zs')).contacts[0];
    expect(row).not.toHaveProperty('phone');
    expect(row).not.toHaveProperty('loginId');
    // A hidden phone or login ID cannot be found by searching for it either.
    expect(await names(user, '13900000001')).toEqual([]);
    expect(await names(user, 'zhang.san')).toEqual([]);

    for (const viewer of [admin, audit]) {
      expect(ok(await viewer.get(`/api/org/contacts/${ids['zhang.san']}`))).toMatchObject({ loginId: 'zhang.san', phone: '13900000001', idCard: '11010519491231002X' });
      expect(await names(viewer, '13900000001')).toEqual(['张三']);
    }
    // The space's own setting: nova still has the defaults.
    expect(ok(await novaUser.get('/api/org/contacts/settings')).visibleFields).toContain('phone');
    await setVisible(['loginId', 'phone', 'email', 'gender', 'signature', 'partTimePosts', 'superior', 'extension']);
  });

  it('refuses bad input: unknown fields (422), a forged cursor (422 in both languages)', async () => {
    expect((await admin.put('/api/org/contacts/settings', { visibleFields: ['password'] })).status).toBe(422);
    const forged = Buffer.from('["a","b","1 or 1=1"]').toString('base64url');
    const en = await user.get(`/api/org/contacts?cursor=${forged}&lang=en`);
    expect(en.status).toBe(422);
    expect(en.body.text).toContain('first page');
    expect((await user.get(`/api/org/contacts?cursor=${forged}`)).body.text).toContain('第一页');
  });
});

describe('people picker', () => {
  it('pages members by keyset: every listed member once, in pinyin order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: any[]; next: string | null } = ok(await user.get(`/api/org/picker/members?size=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((m) => m.id));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 100);
    const all = (await contacts(user)).contacts;
    expect(seen).toEqual(all.map((c) => c.id));
    expect(new Set(seen).size).toBe(seen.length);
    const initials = all.map((c) => c.initials);
    expect(initials).toEqual([...initials].sort());
    expect(ok(await user.get(`/api/org/picker/members?q=zs`)).items).toEqual([{ id: ids['zhang.san'], name: '张三', loginId: 'zhang.san', department: '一号线' }]);
  });

  it('loads the department tree one level at a time, and finds departments with their path', async () => {
    const roots = ok(await user.get('/api/org/picker/departments')).items;
    expect(roots.find((d: any) => d.id === workshop)).toMatchObject({ name: '总装车间', parentId: null, hasChildren: true });
    expect(roots.find((d: any) => d.id === line)).toBeUndefined();
    const children = ok(await user.get(`/api/org/picker/departments?parentId=${workshop}`)).items;
    expect(children).toEqual([expect.objectContaining({ id: line, name: '一号线', hasChildren: false })]);
    expect(ok(await user.get(`/api/org/picker/departments?q=${encodeURIComponent('一号')}`)).items).toEqual([expect.objectContaining({ id: line, path: '总装车间/一号线' })]);
  });

  it('offers posts and user groups; a private group only to those who manage the structure', async () => {
    expect(ok(await user.get('/api/org/picker/posts?q=LEAD')).items).toEqual([expect.objectContaining({ name: '班组长', code: 'C-LEAD', department: '一号线' })]);
    ok(await admin.post('/api/org/groups', { name: '巡检组', kind: 'public' }));
    ok(await admin.post('/api/org/groups', { name: '管理员私有组', kind: 'private' }));
    const forUser = ok(await user.get('/api/org/picker/user-groups')).items.map((g: any) => g.name);
    expect(forUser).toContain('巡检组');
    expect(forUser).not.toContain('管理员私有组');
    expect(ok(await admin.get('/api/org/picker/user-groups')).items.map((g: any) => g.name)).toContain('管理员私有组');
  });

  it('never shows space B anything of space A', async () => {
    const novaDepartments = ok(await novaUser.get('/api/org/picker/departments')).items.map((d: any) => d.name);
    expect(novaDepartments).toContain('Nova 注塑车间');
    expect(novaDepartments).not.toContain('总装车间');
    expect(ok(await novaUser.get(`/api/org/picker/departments?parentId=${workshop}`)).items).toEqual([]);
    expect(ok(await novaUser.get(`/api/org/picker/departments?q=${encodeURIComponent('车间')}`)).items.map((d: any) => d.name)).toEqual(['Nova 注塑车间']);
    const novaMembers = ok(await novaUser.get('/api/org/picker/members?size=100')).items.map((m: any) => m.name);
    expect(novaMembers).toContain('张三丰');
    expect(novaMembers).not.toContain('张三');
    expect(ok(await novaUser.get(`/api/org/picker/members?departmentId=${line}`)).items).toEqual([]);
    expect(ok(await novaUser.get('/api/org/picker/posts')).items.map((p: any) => p.code)).not.toContain('C-LEAD');
    expect(ok(await novaAdmin.get('/api/org/picker/user-groups')).items.map((g: any) => g.name)).not.toContain('巡检组');
  });
});
