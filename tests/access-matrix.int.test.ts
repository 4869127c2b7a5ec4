import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../shared/roles.ts';
import { routesFor } from '../shared/routes/access.ts';
import { allows } from '../server/kernel/http/admit.ts';
import { createHttpServer } from '../server/kernel/http/server.ts';
import type { Platform } from '../server/platform.ts';
import { TestClient, signedIn } from './support/client.ts';
import { startTestPlatform } from './support/platform.ts';

let platform: Platform;
const clients = new Map<Role, TestClient>();
const LOGIN: Record<Role, string> = {
  root: 'root',
  saas: 'acme.saas',
  admin: 'acme.admin',
  user: 'acme.user',
  safe: 'acme.safe',
  audit: 'acme.audit',
};

beforeAll(async () => {
  platform = await startTestPlatform();
  const root = await signedIn(platform.url, 'root');
  const saas = await root.post('/api/console/users', {
    loginId: 'acme.saas',
    name: 'Acme provider',
    password: 'Demo@2026',
    spaceId: 'acme',
    roles: ['saas'],
  });
  expect(saas.status).toBe(200);
  // A saas account acts for a service provider (decision 0071); the provider console answers it only as one.
  const owner = platform.kernel.databases.owner;
  await owner.query(`insert into providers (id, name) values ('matrixsp', 'Matrix provider')`);
  await owner.query(`insert into provider_members (provider_id, user_id) select 'matrixsp', id from users where login_id = 'acme.saas'`);
  for (const role of ROLES) clients.set(role, await signedIn(platform.url, LOGIN[role]));
  // Chat answers 403 to everyone while the space's web chat switch is off (spec §8): on, so only access decides.
  expect((await clients.get('admin')!.put('/api/org/appearance/webchat', { enabled: true })).status).toBe(200);
});
afterAll(async () => {
  await platform?.stop();
});

/** Fills `:param`s with values that exist nowhere harmful: the point is the access answer, not the effect. */
const concrete = (url: string) => url.replace(/:spaceId/g, 'acme').replace(/:id/g, '999999');

describe('role × API route matrix (from the routes the server declared)', () => {
  it('every declared route answers 403 exactly to the roles its declaration excludes', async () => {
    const routes = platform.kernel.apiRoutes.filter((r) => r.url !== '/napi/socket' && r.url !== '/api/account/logout');
    expect(routes.length).toBeGreaterThan(15);
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const role of ROLES) {
        const client = clients.get(role)!;
        const answer = await client.request(route.method, concrete(route.url), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
        const allowed = allows(route.access, { isRoot: role === 'root' } as never, [role]);
        const refused = answer.status === 403 || answer.status === 401;
        if (allowed === refused) mismatches.push(`${role} ${route.method} ${route.url}: ${answer.status} (${allowed ? 'allowed' : 'refused'} by declaration)`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('guests get 401 on every route that is not public', async () => {
    const guest = new TestClient(platform.url);
    for (const route of platform.kernel.apiRoutes.filter((r) => r.access !== 'public' && r.url !== '/napi/socket')) {
      const answer = await guest.request(route.method, concrete(route.url), route.method === 'GET' ? undefined : {});
      expect(answer.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('signing out is open to every signed-in role', async () => {
    for (const role of ROLES) {
      const client = await signedIn(platform.url, LOGIN[role]);
      expect((await client.post('/api/account/logout')).status, role).toBe(200);
    }
  });
});

describe('role × page matrix (from the shared route table)', () => {
  it('each role is offered exactly the pages the table allows it; guests only public pages', async () => {
    for (const role of ROLES) {
      const answer = await clients.get(role)!.get('/napi/routes');
      const ids = answer.body.data.entries.map((e: { id: string }) => e.id).sort();
      expect(ids, role).toEqual(routesFor({ roles: [role] }).map((r) => r.id).sort());
    }
    const guest = await new TestClient(platform.url).get('/napi/routes');
    expect(guest.body.data.entries.map((e: { id: string }) => e.id).sort()).toEqual(routesFor(null).map((r) => r.id).sort());
    expect(guest.body.data.entries.every((e: { public?: boolean }) => e.public === true)).toBe(true);
  });
});

describe('declarations', () => {
  it('a route without an access declaration stops the server at boot', async () => {
    const app = await createHttpServer(platform.kernel);
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });
});
