import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { signedIn, type Answer, type TestClient } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';
import { actAsProvider } from '../../../kernel/providers.ts';
import { seedProviders } from './fixtures.ts';

let platform: Platform;
let p1: TestClient;
let p2: TestClient;
let acmeAdmin: TestClient;
let novaAdmin: TestClient;
let acmeAudit: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  await seedProviders(platform);
  const clients = await Promise.all(['psone.saas', 'pstwo.saas', 'acme.admin', 'nova.admin', 'acme.audit'].map((login) => signedIn(platform.url, login)));
  [p1, p2, acmeAdmin, novaAdmin, acmeAudit] = clients as [TestClient, TestClient, TestClient, TestClient, TestClient];
});
afterAll(async () => {
  await platform?.stop();
});

describe('the provider boundary (two providers, three spaces)', () => {
  it('shows each provider its own spaces with their usage and totals', async () => {
    const one = ok(await p1.get('/api/org/saas/spaces'));
    expect(one.provider).toEqual({ id: 'psone', name: 'Provider One' });
    expect(one.spaces.map((s: any) => s.id).sort()).toEqual(['acme', 'nova']);
    const acme = one.spaces.find((s: any) => s.id === 'acme');
    expect(acme.members).toBe(4); // the four demo members; the provider's own saas account is not counted
    expect(acme.apps).toBeGreaterThan(0);
    expect(acme.storageBytes).toBeGreaterThan(0);
    expect(one.totals.members).toBe(8);
    expect(one.totals.records).toBe(one.spaces.reduce((n: number, s: any) => n + s.records, 0));
    const two = ok(await p2.get('/api/org/saas/spaces'));
    expect(two.spaces.map((s: any) => s.id)).toEqual(['cspace']);
    expect(two.spaces[0].members).toBe(1);
  });

  it('refuses another provider\'s space as not found: details, and the same from either side', async () => {
    const details = ok(await p1.get('/api/org/saas/spaces/nova'));
    expect(details.admins.map((a: any) => a.loginId)).toEqual(['nova.admin']);
    expect(details.apps.length).toBe(details.space.apps);
    expect(details.usage['forms.records']).toBe(details.space.records);
    expect((await p1.get('/api/org/saas/spaces/cspace')).status).toBe(404);
    expect((await p2.get('/api/org/saas/spaces/acme')).status).toBe(404);
    expect((await p1.get('/api/org/saas/spaces/nosuch')).status).toBe(404);
    // Through the space prefix the saas account cannot even act in C: it is no member there.
    expect((await p1.get('/space-cspace/api/org/saas/spaces')).status).toBe(403);
  });

  it('summarises and lists the apps of the provider\'s spaces only', async () => {
    const summary = ok(await p1.get('/api/org/saas/summary'));
    expect(summary.byStatus).toEqual({ active: 2, suspended: 0, archived: 0 });
    expect(summary.top.map((s: any) => s.id).sort()).toEqual(['acme', 'nova']);
    expect(summary.growth).toHaveLength(6);
    expect(summary.growth.at(-1).total).toBe(8);
    const products = ok(await p1.get('/api/org/saas/products')).products;
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p: any) => p.spaceNames.every((n: string) => !n.includes('C Space')))).toBe(true);
    const cSummary = ok(await p2.get('/api/org/saas/summary'));
    expect(cSummary.top.map((s: any) => s.id)).toEqual(['cspace']);
    expect(ok(await p2.get('/api/org/saas/products')).products).toEqual([]);
  });

  it('refuses the provider pages to a plain admin, an auditor and root (403)', async () => {
    const root = await signedIn(platform.url, 'root');
    for (const client of [acmeAdmin, acmeAudit, root]) {
      for (const path of ['/api/org/saas/spaces', '/api/org/saas/summary', '/api/org/saas/spaces/acme', '/api/org/saas/notices', '/api/org/saas/profile', '/api/org/saas/defaults']) {
        expect((await client.get(path)).status, path).toBe(403);
      }
    }
    expect((await acmeAdmin.post('/api/org/saas/notices', { title: 'x', body: 'y', allSpaces: true, spaceIds: [] })).status).toBe(403);
  });

  it('gives resources per space: the provider\'s spaces to saas, the own space to admin, audit and safe', async () => {
    const provider = ok(await p1.get('/api/org/saas/resources'));
    expect(provider.scope).toBe('provider');
    expect(provider.spaces.map((s: any) => s.id).sort()).toEqual(['acme', 'nova']);
    const own = ok(await acmeAudit.get('/api/org/saas/resources'));
    expect(own.scope).toBe('space');
    expect(own.spaces.map((s: any) => s.id)).toEqual(['acme']);
    expect(own.spaces[0].records).toBe(provider.spaces.find((s: any) => s.id === 'acme').records);
    expect(ok(await novaAdmin.get('/api/org/saas/resources')).spaces.map((s: any) => s.id)).toEqual(['nova']);
    expect(ok(await p2.get('/api/org/saas/resources')).spaces.map((s: any) => s.id)).toEqual(['cspace']);
    const user = await signedIn(platform.url, 'acme.user');
    expect((await user.get('/api/org/saas/resources')).status).toBe(403);
    const services = ok(await acmeAudit.get('/api/org/saas/services')).services;
    expect(services.find((s: any) => s.id === 'database')).toMatchObject({ state: 'up' });
    expect(services.map((s: any) => s.id)).toEqual(['database', 'pushBus', 'sockets', 'maintenance', 'mqttRelay', 'outbound']);
  });

  it('keeps each provider\'s settings and defaults its own, and shows a space its provider\'s contacts', async () => {
    expect(ok(await p1.get('/api/org/saas/profile'))).toMatchObject({ displayName: 'Provider One', contactName: 'Ann' });
    ok(await p1.put('/api/org/saas/profile', { displayName: 'One Cloud', contactName: 'Ann Lee', contactPhone: '+86 21 5555', contactEmail: 'care@one.example', serviceNote: '9-18' }));
    expect((await p1.put('/api/org/saas/profile', { displayName: '', contactName: '', contactPhone: '', contactEmail: 'not mail', serviceNote: '' })).status).toBe(422);
    expect(ok(await p2.get('/api/org/saas/profile')).displayName).toBe('Provider Two');
    expect(ok(await p1.get('/api/org/saas/spaces')).provider.name).toBe('One Cloud');
    expect(ok(await acmeAdmin.get('/api/org/saas/my-provider'))).toMatchObject({ displayName: 'One Cloud', contactEmail: 'care@one.example' });
    const cAdmin = await signedIn(platform.url, 'cspace.admin');
    expect(ok(await cAdmin.get('/api/org/saas/my-provider')).displayName).toBe('Provider Two');

    ok(await p1.put('/api/org/saas/defaults', { defaultLanguage: 'en', quotaMembers: 50, quotaApps: null, quotaStorageMb: 1024 }));
    expect((await p1.put('/api/org/saas/defaults', { defaultLanguage: 'fr', quotaMembers: 0, quotaApps: null, quotaStorageMb: null })).status).toBe(422);
    expect(ok(await p1.get('/api/org/saas/defaults'))).toEqual({ defaultLanguage: 'en', quotaMembers: 50, quotaApps: null, quotaStorageMb: 1024 });
    expect(ok(await p2.get('/api/org/saas/defaults'))).toEqual({ defaultLanguage: 'zh-CN', quotaMembers: null, quotaApps: null, quotaStorageMb: null });
  });

  it('lets the database refuse provider-owned rows outside their provider (forced RLS)', async () => {
    const db = platform.kernel.db;
    // No provider set: nothing is visible.
    expect((await sql<{ n: number }>`select count(*)::int as n from org_saas_defaults`.execute(db)).rows[0]!.n).toBe(0);
    await db.transaction().execute(async (trx) => {
      await actAsProvider(trx, 'pstwo');
      expect((await trx.selectFrom('org_saas_defaults').select('provider_id').execute()).map((r) => r.provider_id)).toEqual([]);
      expect((await trx.selectFrom('spaces').select('id').execute()).map((r) => r.id)).toEqual(['cspace']);
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await actAsProvider(trx, 'pstwo');
        await trx.insertInto('org_saas_profile').values({ provider_id: 'psone', display_name: 'hijack' }).execute();
      }),
    ).rejects.toThrow(/row-level security/);
  });

  it('still keeps spaces apart: acme\'s admin reads acme, nova\'s reads nova', async () => {
    const acme = ok(await acmeAdmin.get('/api/org/overview'));
    const nova = ok(await novaAdmin.get('/api/org/overview'));
    expect([acme.space.id, nova.space.id]).toEqual(['acme', 'nova']);
    expect((await acmeAdmin.get('/space-nova/api/org/saas/resources')).status).toBe(403);
  });
});
