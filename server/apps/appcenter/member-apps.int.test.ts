import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaUser: TestClient;
let novaAdmin: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaUser, novaAdmin] = await Promise.all([
    signedIn(platform.url, 'acme.admin'),
    signedIn(platform.url, 'acme.user'),
    signedIn(platform.url, 'nova.user'),
    signedIn(platform.url, 'nova.admin'),
  ]);
});
afterAll(async () => {
  await platform?.stop();
});

function ok<T>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
type Mine = Array<{ id: string; name: string; favourite: boolean; openedAt: string | null }>;
const myApps = async (client: TestClient) => ok(await client.get<{ apps: Mine }>('/api/appcenter/my-apps')).apps;

describe('workbench apps: favourites and recently opened, per member per space', () => {
  let alpha: string;
  let beta: string;
  let adminsOnly: string;

  beforeAll(async () => {
    const system = ok(await admin.post<{ id: string }>('/api/appcenter/systems', { name: 'Workbench test' })).id;
    alpha = ok(await admin.post<{ id: string }>('/api/appcenter/apps', { systemId: system, name: 'Alpha' })).id;
    beta = ok(await admin.post<{ id: string }>('/api/appcenter/apps', { systemId: system, name: 'Beta' })).id;
    adminsOnly = ok(await admin.post<{ id: string }>('/api/appcenter/apps', { systemId: system, name: 'Admins only', roles: ['admin'] })).id;
  });

  it('lists the apps the member may use, favourites first, then the most recently opened', async () => {
    const before = await myApps(user);
    expect(before.map((a) => a.name)).toContain('Alpha');
    expect(before.map((a) => a.name)).not.toContain('Admins only');
    expect(before.every((a) => !a.favourite && a.openedAt === null)).toBe(true);

    ok(await user.post(`/api/appcenter/apps/${alpha}/opened`));
    ok(await user.post(`/api/appcenter/apps/${beta}/opened`));
    expect((await myApps(user)).slice(0, 2).map((a) => a.name)).toEqual(['Beta', 'Alpha']);

    expect(ok(await user.put(`/api/appcenter/apps/${alpha}/favourite`, { favourite: true }))).toEqual({ favourite: true });
    const after = await myApps(user);
    expect(after.slice(0, 2).map((a) => [a.name, a.favourite])).toEqual([['Alpha', true], ['Beta', false]]);
    expect(after[1]!.openedAt).not.toBeNull();

    ok(await user.put(`/api/appcenter/apps/${alpha}/favourite`, { favourite: false }));
    expect((await myApps(user))[0]!.name).toBe('Beta');
  });

  it("one member's marks are theirs: the admin's list is untouched", async () => {
    ok(await user.put(`/api/appcenter/apps/${beta}/favourite`, { favourite: true }));
    const admins = await myApps(admin);
    expect(admins.find((a) => a.name === 'Beta')).toMatchObject({ favourite: false, openedAt: null });
    expect(admins.map((a) => a.name)).toContain('Admins only');
  });

  it('an app the member may not use cannot be marked (404), and bad input is refused with a readable message and changes nothing', async () => {
    expect((await user.put(`/api/appcenter/apps/${adminsOnly}/favourite`, { favourite: true })).status).toBe(404);
    expect((await user.post(`/api/appcenter/apps/${adminsOnly}/opened`)).status).toBe(404);
    const bad = await user.put(`/api/appcenter/apps/${alpha}/favourite`, { favourite: 'yes' }, { 'accept-language': 'en' });
    // Malformed bodies are the schema's 422 with its message, like every route of the platform (decision 0019).
    expect(bad.status).toBe(422);
    expect(bad.body.text).toMatch(/favourite/);
    expect((await myApps(user)).find((a) => a.name === 'Alpha')!.favourite).toBe(false);
  });

  it("spaces never leak: nova members cannot mark or see acme's apps, and acme's marks stay in acme", async () => {
    expect((await novaUser.put(`/api/appcenter/apps/${alpha}/favourite`, { favourite: true })).status).toBe(404);
    expect((await novaUser.post(`/api/appcenter/apps/${beta}/opened`)).status).toBe(404);
    const nova = await myApps(novaUser);
    expect(nova.map((a) => a.id)).not.toEqual(expect.arrayContaining([alpha]));
    expect(nova.every((a) => !a.favourite && a.openedAt === null)).toBe(true);
    expect((await myApps(novaAdmin)).map((a) => a.name)).not.toContain('Alpha');
    expect((await myApps(user)).find((a) => a.id === beta)!.favourite).toBe(true);
  });
});
