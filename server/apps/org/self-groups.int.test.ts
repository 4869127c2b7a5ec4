import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let novaUser: TestClient;
const ids: Record<string, string> = {};

const GROUPS = '/api/org/me/groups';
function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const idOf = async (client: TestClient) => ok(await client.get('/api/account/me')).id as string;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, safe, novaUser] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'acme.safe'), signedIn(platform.url, 'nova.user')]);
  ids.admin = await idOf(admin);
  ids.user = await idOf(user);
  ids.safe = await idOf(safe);
  ids.nova = await idOf(novaUser);
  // The administrator's groups: one public with the user in it, one private (never listed to members).
  ids.public = ok(await admin.post('/api/org/groups', { name: '班组长', kind: 'public' })).id;
  ok(await admin.put(`/api/org/groups/${ids.public}/members`, { userIds: [ids.user, ids.safe] }));
  ids.adminPrivate = ok(await admin.post('/api/org/groups', { name: '管理层', kind: 'private' })).id;
});
afterAll(async () => {
  await platform?.stop();
});

describe('personal settings: user groups (§3, §5)', () => {
  it('a member creates a private group with its scope; he sees it with its members, and the public groups', async () => {
    const created = ok(await user.post(GROUPS, { name: ' 质检搭档 ', memberIds: [ids.user, ids.safe] }));
    ids.mine = created.id;
    expect(created.mine).toEqual([{ id: ids.mine, name: '质检搭档', members: expect.arrayContaining([expect.objectContaining({ id: ids.safe, loginId: 'acme.safe' })]) }]);
    expect(created.mine[0].members).toHaveLength(2);
    const listed = ok(await user.get(GROUPS));
    expect(listed.mine.map((g: any) => g.name)).toEqual(['质检搭档']);
    expect(listed.public).toEqual([{ id: ids.public, name: '班组长', members: 2, joined: true }]);
    // His own group is offered to him in the people picker, not to others.
    expect(ok(await user.get('/api/org/picker/user-groups')).items.map((g: any) => g.name)).toContain('质检搭档');
    expect(ok(await safe.get('/api/org/picker/user-groups')).items.map((g: any) => g.name)).not.toContain('质检搭档');
  });

  it('"name required" and "user scope required" (§5); members of another space are refused; nothing is made', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '  ', memberIds: [ids.user] }, 'name is required', 'name'],
      [{ name: '装配', memberIds: [] }, 'scope is required', 'memberIds'],
      [{ name: '组'.repeat(61), memberIds: [ids.user] }, '60', 'name'],
      [{ name: '装配', memberIds: [ids.nova] }, 'Only members of this enterprise', 'memberIds'],
    ];
    for (const [body, text, field] of cases) {
      const answer = await user.post(`${GROUPS}?lang=en`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.text).toContain(text);
      expect(answer.body.data).toEqual({ field });
    }
    expect((await user.post(GROUPS, { name: '质检搭档', memberIds: [ids.user] })).status).toBe(409);
    expect(ok(await user.get(GROUPS)).mine).toHaveLength(1);
  });

  it('he renames it and changes its scope; a name taken by another member or the administrator is no clash', async () => {
    const renamed = ok(await user.put(`${GROUPS}/${ids.mine}`, { name: '班组长', memberIds: [ids.admin] }));
    expect(renamed.mine).toEqual([{ id: ids.mine, name: '班组长', members: [expect.objectContaining({ id: ids.admin })] }]);
    expect(ok(await safe.post(GROUPS, { name: '班组长', memberIds: [ids.safe] })).mine).toHaveLength(1);
    const empty = await user.put(`${GROUPS}/${ids.mine}?lang=en`, { name: '班组长', memberIds: [] });
    expect(empty.status).toBe(422);
    expect(ok(await user.get(GROUPS)).mine[0].members).toHaveLength(1);
  });

  it('another member cannot see or change his group, and the administrator\'s groups are not editable here', async () => {
    const others = ok(await safe.get(GROUPS));
    expect(others.mine.map((g: any) => g.id)).not.toContain(ids.mine);
    expect(JSON.stringify(others)).not.toContain('管理层');
    expect((await safe.put(`${GROUPS}/${ids.mine}`, { name: 'Mine now', memberIds: [ids.safe] })).status).toBe(404);
    expect((await safe.delete(`${GROUPS}/${ids.mine}`)).status).toBe(404);
    expect((await user.put(`${GROUPS}/${ids.public}`, { name: 'Mine now', memberIds: [ids.user] })).status).toBe(404);
    expect((await user.delete(`${GROUPS}/${ids.adminPrivate}`)).status).toBe(404);
    expect(ok(await user.get(GROUPS)).mine[0].name).toBe('班组长');
    expect(ok(await admin.get('/api/org/groups')).groups.find((g: any) => g.id === ids.public).name).toBe('班组长');
  });

  it('another space sees none of it and changes none of it', async () => {
    const nova = ok(await novaUser.get(GROUPS));
    expect(nova).toEqual({ mine: [], public: [] });
    expect((await novaUser.put(`${GROUPS}/${ids.mine}`, { name: 'Nova', memberIds: [ids.nova] })).status).toBe(404);
    expect((await novaUser.delete(`${GROUPS}/${ids.mine}`)).status).toBe(404);
    expect([403, 404]).toContain((await novaUser.get(`/space-acme${GROUPS}`)).status);
    expect(ok(await user.get(GROUPS)).mine).toHaveLength(1);
  });

  it('the administrator\'s group pages go on working beside personal groups; he deletes his own', async () => {
    // Admin names stay unique among the administrator's groups, whatever members call theirs.
    expect((await admin.post('/api/org/groups', { name: '班组长' })).status).toBe(409);
    expect(ok(await admin.post('/api/org/groups', { name: '质检搭档' })).name).toBe('质检搭档');
    ok(await user.delete(`${GROUPS}/${ids.mine}`));
    expect(ok(await user.get(GROUPS)).mine).toEqual([]);
    expect((await user.delete(`${GROUPS}/${ids.mine}`)).status).toBe(404);
  });
});
