import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let groupId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
});

describe('user groups (§3)', () => {
  it('an admin creates a group, gives it members and reads them back by name and login', async () => {
    const user = (await (await signedIn(platform.url, 'acme.user')).get('/api/account/me')).body.data.id as string;
    const created = await admin.post('/api/org/groups', { name: '质检组', kind: 'private' });
    expect(created.status).toBe(200);
    groupId = created.body.data.id;
    expect((await admin.put(`/api/org/groups/${groupId}/members`, { userIds: [user] })).status).toBe(200);
    const members = (await admin.get(`/api/org/groups/${groupId}/members`)).body.data.members;
    expect(members).toEqual([expect.objectContaining({ id: user, loginId: 'acme.user' })]);
    const listed = (await admin.get('/api/org/groups')).body.data.groups.find((g: { id: string }) => g.id === groupId);
    expect(listed).toMatchObject({ name: '质检组', kind: 'private', members: '1' });
  });

  it('renames it; a name another group has is refused and changes nothing', async () => {
    expect((await admin.request('PATCH', `/api/org/groups/${groupId}`, { name: ' 检验组 ', kind: 'public' })).body.data).toMatchObject({ name: '检验组', kind: 'public' });
    expect((await admin.post('/api/org/groups', { name: '班组长' })).status).toBe(200);
    const clash = await admin.request('PATCH', `/api/org/groups/${groupId}`, { name: '班组长' });
    expect(clash.status).toBe(409);
    expect(clash.body.text).toContain('班组长');
    expect((await admin.get('/api/org/groups')).body.data.groups.find((g: { id: string }) => g.id === groupId).name).toBe('检验组');
  });

  it('another space cannot read or change it, and a member cannot change it', async () => {
    const nova = await signedIn(platform.url, 'nova.admin');
    expect((await nova.get(`/api/org/groups/${groupId}/members`)).status).toBe(404);
    expect((await nova.request('PATCH', `/api/org/groups/${groupId}`, { name: 'Mine now' })).status).toBe(404);
    expect((await (await signedIn(platform.url, 'acme.user')).request('PATCH', `/api/org/groups/${groupId}`, { name: 'Mine now' })).status).toBe(403);
    expect((await admin.get('/api/org/groups')).body.data.groups.find((g: { id: string }) => g.id === groupId).name).toBe('检验组');
  });
});
