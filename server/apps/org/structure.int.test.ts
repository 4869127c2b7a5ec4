import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaAdmin: TestClient;
let ids: Record<string, string>;

interface Dept { id: string; parentId: string | null; name: string; code: string; sort: number; disabled: boolean; headIds: string[]; updatedAt: string }

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const tree = async (client = admin) => ok<{ departments: Dept[] }>(await client.get('/api/org/departments')).departments;
const byName = async (name: string) => (await tree()).find((d) => d.name === name);
const create = async (body: Record<string, unknown>) => ok<Dept>(await admin.post('/api/org/departments', body));

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaAdmin] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  const members = ok<{ members: Array<{ id: string; loginId: string }> }>(await admin.get('/api/org/members')).members;
  const nova = ok<{ members: Array<{ id: string; loginId: string }> }>(await novaAdmin.get('/api/org/members')).members;
  ids = Object.fromEntries([...members, ...nova].map((m) => [m.loginId, m.id]));
});
afterAll(async () => {
  await platform?.stop();
});

describe('departments: codes, heads, move, reorder, merge, disable, delete with a destination', () => {
  it('creates a tree with codes unique in the space and heads who are members; bad input is a 422 that saves nothing', async () => {
    const plant = await create({ name: 'Plant', code: 'PLANT', headIds: [ids['acme.admin'], ids['acme.user']] });
    expect(plant.headIds).toEqual([ids['acme.admin'], ids['acme.user']]);
    const auto = await create({ name: 'No code given' });
    expect(auto.code).toBe(`D${auto.id}`);
    const taken = await admin.post('/api/org/departments?lang=en', { name: 'Other', code: 'plant' });
    expect(taken.status).toBe(422);
    expect(taken.body.text).toContain('"plant" is already used');
    expect((await admin.post('/api/org/departments', { name: 'Other', code: 'plant' })).body.text).toContain('已被其他部门使用');
    const stranger = await admin.post('/api/org/departments', { name: 'Stranger-led', headIds: [ids['nova.admin']] });
    expect(stranger.status).toBe(422);
    expect(await byName('Other')).toBeUndefined();
    expect(await byName('Stranger-led')).toBeUndefined();
    const patched = ok<Dept>(await admin.patch(`/api/org/departments/${plant.id}`, { headIds: [ids['acme.user']], updatedAt: plant.updatedAt }));
    expect((await byName('Plant'))!.headIds).toEqual([ids['acme.user']]);
    expect(patched.code).toBe('PLANT');
  });

  it('moves and reorders; never under itself or its own descendant (422, tree unchanged)', async () => {
    const root = await create({ name: 'Root M' });
    const a = await create({ name: 'A', parentId: root.id });
    const b = await create({ name: 'B', parentId: root.id });
    const a1 = await create({ name: 'A1', parentId: a.id });
    for (const parentId of [a.id, a1.id]) {
      const refused = await admin.put(`/api/org/departments/${a.id}/position?lang=en`, { parentId, index: 0 });
      expect(refused.status).toBe(422);
      expect(refused.body.text).toContain('cannot be moved under itself');
    }
    expect((await byName('A'))!.parentId).toBe(root.id);
    ok(await admin.put(`/api/org/departments/${b.id}/position`, { parentId: root.id, index: 0 }));
    const children = (await tree()).filter((d) => d.parentId === root.id).sort((x, y) => x.sort - y.sort).map((d) => d.name);
    expect(children).toEqual(['B', 'A']);
    ok(await admin.put(`/api/org/departments/${a1.id}/position`, { parentId: b.id, index: 0 }));
    expect((await byName('A1'))!.parentId).toBe(b.id);
    ok(await admin.put(`/api/org/departments/${a1.id}/position`, { parentId: null, index: 0 }));
    expect((await byName('A1'))!.parentId).toBeNull();
  });

  it('merges members, heads, posts and sub-departments into the target; never into its own subtree', async () => {
    const source = await create({ name: 'Merge source', headIds: [ids['acme.admin']] });
    const child = await create({ name: 'Merge child', parentId: source.id });
    const target = await create({ name: 'Merge target' });
    ok(await admin.put(`/api/org/members/${ids['acme.user']}/departments`, { departmentIds: [source.id] }));
    const post = ok<{ id: string }>(await admin.post('/api/org/posts', { code: 'MRG-1', name: 'Merger', departmentId: source.id }));
    expect((await admin.post(`/api/org/departments/${source.id}/merge`, { targetId: child.id })).status).toBe(422);
    expect((await admin.post(`/api/org/departments/${source.id}/merge`, { targetId: source.id })).status).toBe(422);
    ok(await admin.post(`/api/org/departments/${source.id}/merge`, { targetId: target.id }));
    expect(await byName('Merge source')).toBeUndefined();
    expect((await byName('Merge child'))!.parentId).toBe(target.id);
    expect((await byName('Merge target'))!.headIds).toEqual([ids['acme.admin']]);
    const members = ok(await admin.get(`/api/org/departments/${target.id}/members`)).members;
    expect(members.map((m: { loginId: string }) => m.loginId)).toEqual(['acme.user']);
    const posts = ok(await admin.get('/api/org/posts')).posts as Array<{ id: string; departmentId: string }>;
    expect(posts.find((p) => p.id === post.id)!.departmentId).toBe(target.id);
  });

  it('refuses to delete a department that holds anything unless told where it goes; disables and enables', async () => {
    const full = await create({ name: 'Full' });
    const dest = await create({ name: 'Destination' });
    await create({ name: 'Full child', parentId: full.id });
    const refused = await admin.delete(`/api/org/departments/${full.id}?lang=en`);
    expect(refused.status).toBe(422);
    expect(refused.body.text).toContain('Choose a department');
    expect(await byName('Full')).toBeDefined();
    expect((await admin.delete(`/api/org/departments/${full.id}?destinationId=${full.id}`)).status).toBe(422);
    ok(await admin.delete(`/api/org/departments/${full.id}?destinationId=${dest.id}`));
    expect((await byName('Full child'))!.parentId).toBe(dest.id);
    const empty = await create({ name: 'Empty' });
    ok(await admin.delete(`/api/org/departments/${empty.id}`));
    const off = ok<Dept>(await admin.patch(`/api/org/departments/${dest.id}`, { disabled: true, updatedAt: (await byName('Destination'))!.updatedAt }));
    expect(off.disabled).toBe(true);
    const on = ok<Dept>(await admin.patch(`/api/org/departments/${dest.id}`, { disabled: false, updatedAt: off.updatedAt }));
    expect(on.disabled).toBe(false);
  });
});

describe('posts and the structure page member list', () => {
  it('gives a member one main post and part-time posts, shown in the department list; bad sets change nothing', async () => {
    const dept = await create({ name: 'Quality lab' });
    const inspector = ok<{ id: string }>(await admin.post('/api/org/posts', { code: 'QI', name: 'Inspector', departmentId: dept.id }));
    const auditor = ok<{ id: string }>(await admin.post('/api/org/posts', { code: 'QA', name: 'Auditor', departmentId: dept.id }));
    expect((await admin.post('/api/org/posts', { code: 'qi', name: 'Dup', departmentId: dept.id })).status).toBe(422);
    ok(await admin.put(`/api/org/members/${ids['acme.user']}/departments`, { departmentIds: [dept.id] }));
    ok(await admin.put(`/api/org/members/${ids['acme.user']}/posts`, { mainPostId: inspector.id, partTimePostIds: [auditor.id] }));
    const bad = await admin.put(`/api/org/members/${ids['acme.user']}/posts`, { mainPostId: auditor.id, partTimePostIds: [auditor.id] });
    expect(bad.status).toBe(422);
    expect((await admin.put(`/api/org/members/${ids['acme.user']}/posts`, { mainPostId: '999999999', partTimePostIds: [] })).status).toBe(422);
    const list = ok(await admin.get(`/api/org/departments/${dept.id}/members`));
    expect(list.members).toEqual([{ id: ids['acme.user'], name: expect.any(String), loginId: 'acme.user', mainPostId: inspector.id, mainPost: 'Inspector', partTimePostIds: [auditor.id] }]);
  });

  it('pages the member list and moves a member between departments', async () => {
    const from = await create({ name: 'Paged' });
    const to = await create({ name: 'Moved to' });
    for (const login of ['acme.admin', 'acme.user', 'acme.safe']) {
      ok(await admin.put(`/api/org/members/${ids[login]}/departments`, { departmentIds: [from.id] }));
    }
    const first = ok(await admin.get(`/api/org/departments/${from.id}/members?page=1&size=2`));
    const second = ok(await admin.get(`/api/org/departments/${from.id}/members?page=2&size=2`));
    expect(first.total).toBe(3);
    expect([...first.members, ...second.members].map((m: { loginId: string }) => m.loginId).sort()).toEqual(['acme.admin', 'acme.safe', 'acme.user']);
    ok(await admin.post(`/api/org/members/${ids['acme.safe']}/move`, { fromId: from.id, toId: to.id }));
    expect(ok(await admin.get(`/api/org/departments/${to.id}/members`)).members.map((m: { loginId: string }) => m.loginId)).toEqual(['acme.safe']);
    expect(ok(await admin.get(`/api/org/departments/${from.id}/members`)).total).toBe(2);
    expect((await admin.post(`/api/org/members/${ids['acme.safe']}/move`, { fromId: from.id, toId: to.id })).status).toBe(422);
  });
});

describe('departments and posts: isolation and who manages', () => {
  it("space B neither sees nor changes space A's departments and posts; members read, only admins manage", async () => {
    const secret = await create({ name: 'Acme secret', code: 'SECRET' });
    const post = ok<{ id: string }>(await admin.post('/api/org/posts', { code: 'SEC-P', name: 'Secret post', departmentId: secret.id }));
    expect((await tree(novaAdmin)).map((d) => d.name)).not.toContain('Acme secret');
    expect(ok(await novaAdmin.get('/api/org/posts')).posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
    expect((await novaAdmin.get(`/api/org/departments/${secret.id}/members`)).status).toBe(404);
    expect((await novaAdmin.put(`/api/org/departments/${secret.id}/position`, { parentId: null, index: 3 })).status).toBe(404);
    expect((await novaAdmin.post(`/api/org/departments/${secret.id}/merge`, { targetId: secret.id })).status).toBe(404);
    expect((await novaAdmin.patch(`/api/org/posts/${post.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await novaAdmin.delete(`/api/org/posts/${post.id}`)).status).toBe(404);
    const novaDept = ok<Dept>(await novaAdmin.post('/api/org/departments', { name: 'Nova dept', code: 'SECRET' }));
    expect((await novaAdmin.post('/api/org/posts', { code: 'X1', name: 'Spy', departmentId: secret.id })).status).toBe(404);
    expect((await novaAdmin.delete(`/api/org/departments/${novaDept.id}?destinationId=${secret.id}`)).status).toBe(404);
    expect((await novaAdmin.put(`/api/org/members/${ids['acme.user']}/posts`, { mainPostId: null, partTimePostIds: [] })).status).toBe(422);

    expect((await tree(user)).map((d) => d.name)).toContain('Acme secret');
    expect((await user.post('/api/org/departments', { name: 'By a user' })).status).toBe(403);
    expect((await user.put(`/api/org/departments/${secret.id}/position`, { parentId: null, index: 0 })).status).toBe(403);
    expect((await user.post('/api/org/posts', { code: 'U1', name: 'By a user', departmentId: secret.id })).status).toBe(403);
    expect((await byName('Acme secret'))!.code).toBe('SECRET');
  });
});
