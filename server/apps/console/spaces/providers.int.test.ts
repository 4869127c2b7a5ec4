import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, TestClient, type Answer } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { hashPassword } from '../../../kernel/passwords.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient;
let admin: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const query = async (text: string, params: unknown[] = []) => (await platform.kernel.databases.owner.query(text, params)).rows;
const account = (loginId: string) => ({ loginId, name: `Name ${loginId}`, password: 'Provider@2026' });

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
});

describe('service providers (sysop/saas, sysop/addSaas)', () => {
  it('is root’s only: a space administrator gets 403 and changes nothing', async () => {
    expect((await admin.get('/api/console/providers')).status).toBe(403);
    expect((await admin.post('/api/console/providers', { id: 'sneaky', name: 'Sneaky', account: account('sneaky.sp') })).status).toBe(403);
    expect((await admin.post('/api/console/enterprises', { name: 'X', providerId: null, admin: account('x.admin') })).status).toBe(403);
    expect(await query(`select id from providers where id = 'sneaky'`)).toEqual([]);
  });

  it('creates a provider with its first saas account in one step, who then signs in', async () => {
    const created = ok(await root.post('/api/console/providers', { id: 'east', name: '华东服务商', contactName: 'Li', account: account('east.sp') }));
    expect(created).toMatchObject({ id: 'east', status: 'active', spaces: 0, accounts: [{ loginId: 'east.sp' }] });
    const list = ok(await root.get('/api/console/providers')).providers;
    expect(list.map((p: any) => p.id)).toContain('east');
    await signedIn(platform.url, 'east.sp', 'Provider@2026');
  });

  it('refuses bad input with 422 in the caller’s language and writes nothing', async () => {
    const badId = await root.post('/api/console/providers?lang=en', { id: 'Bad Id', name: 'X', account: account('bad.sp') });
    expect(badId.status).toBe(422);
    const extra = await root.post('/api/console/providers', { id: 'extra', name: 'X', account: account('extra.sp'), owner: 'me' });
    expect(extra.status).toBe(422);
    // A taken login fails the whole create: the provider row is not left behind.
    const taken = await root.post('/api/console/providers?lang=en', { id: 'west', name: 'West', account: account('ACME.admin') });
    expect(taken.status).toBe(422);
    expect(taken.body.text).toBe('The login ID ACME.admin is already taken.');
    expect(await query(`select id from providers where id in ('west', 'extra')`)).toEqual([]);
    expect((await root.post('/api/console/providers', { id: 'east', name: 'Again', account: account('again.sp') })).status).toBe(409);
    expect(await query(`select id from users where login_id = 'again.sp'`)).toEqual([]);
  });

  it('gives the provider’s accounts a saas membership in its spaces, and takes it back when a space moves away', async () => {
    const space = ok(await root.post('/api/console/enterprises', { id: 'eastco', name: '华东一厂', providerId: 'east', admin: account('eastco.admin') }));
    expect(space).toMatchObject({ id: 'eastco', providerId: 'east', providerName: '华东服务商', status: 'active', members: 2 });
    const roles = async (login: string, spaceId: string) =>
      (await query(`select m.roles from memberships m join users u on u.id = m.user_id where u.login_id = $1 and m.space_id = $2`, [login, spaceId]))[0]?.roles ?? null;
    expect(await roles('east.sp', 'eastco')).toEqual(['saas']);
    expect(await roles('eastco.admin', 'eastco')).toEqual(['admin']);
    // A new saas account joins each of the provider's spaces.
    const withTwo = ok(await root.post('/api/console/providers/east/accounts', account('east.sp2')));
    expect(withTwo.accounts.map((a: any) => a.loginId)).toEqual(['east.sp', 'east.sp2']);
    expect(await roles('east.sp2', 'eastco')).toEqual(['saas']);
    expect(ok(await root.get('/api/console/providers/east')).spaces).toBe(1);
    // The space admin signs in and works in the new space.
    const spaceAdmin = await signedIn(platform.url, 'eastco.admin', 'Provider@2026');
    expect(ok(await spaceAdmin.get('/api/account/me')).space.id).toBe('eastco');
    // Moved to the platform: the provider's accounts lose their membership there.
    ok(await root.patch('/api/console/enterprises/eastco', { providerId: null }));
    expect(await roles('east.sp', 'eastco')).toBeNull();
    expect(await roles('east.sp2', 'eastco')).toBeNull();
    ok(await root.patch('/api/console/enterprises/eastco', { providerId: 'east' }));
    expect(await roles('east.sp2', 'eastco')).toEqual(['saas']);
  });

  it('lists spaces by provider, status and name', async () => {
    const byProvider = ok(await root.get('/api/console/enterprises?provider=east')).enterprises;
    expect(byProvider.map((s: any) => s.id)).toEqual(['eastco']);
    const platformOwn = ok(await root.get('/api/console/enterprises?provider=platform')).enterprises.map((s: any) => s.id);
    expect(platformOwn).toContain('ops');
    expect(platformOwn).not.toContain('eastco');
    // The demo's provider owns the demo spaces, its account a saas member of each (server/demo-seed.ts).
    expect(ok(await root.get('/api/console/enterprises?provider=demosp')).enterprises.map((s: any) => s.id)).toEqual(['acme', 'nova']);
    const demo = await signedIn(platform.url, 'provider');
    expect(ok(await demo.get('/api/account/me')).spaces.map((m: any) => [m.id, m.roles])).toEqual([['acme', ['saas']], ['nova', ['saas']]]);
    expect(ok(await root.get(`/api/console/enterprises?q=${encodeURIComponent('华东')}`)).enterprises.map((s: any) => s.id)).toEqual(['eastco']);
    expect(ok(await root.get('/api/console/enterprises?status=archived')).enterprises).toEqual([]);
    expect((await root.get('/api/console/enterprises?status=gone')).status).toBe(422);
  });

  it('refuses a space for a disabled provider; a failing create leaves neither space nor account', async () => {
    ok(await root.patch('/api/console/providers/east', { status: 'disabled' }));
    const refused = await root.post('/api/console/enterprises?lang=en', { id: 'eastb', name: 'B', providerId: 'east', admin: account('eastb.admin') });
    expect(refused.status).toBe(422);
    expect(refused.body.text).toBe('The service provider east is disabled and cannot be given spaces.');
    const takenAdmin = await root.post('/api/console/enterprises', { id: 'eastc', name: 'C', providerId: null, admin: account('nova.user') });
    expect(takenAdmin.status).toBe(422);
    expect(await query(`select id from spaces where id in ('eastb', 'eastc')`)).toEqual([]);
    expect(await query(`select id from users where login_id = 'eastb.admin'`)).toEqual([]);
    ok(await root.patch('/api/console/providers/east', { status: 'active' }));
  });
});

describe('enterprise registrations (entRegist) decided by root', () => {
  async function request(name: string, login: string): Promise<string> {
    const hash = await hashPassword('Applicant@2026');
    const rows = await query(
      `insert into org_space_request (enterprise_name, contact_name, phone, email, admin_login_id, password_hash, token_hash)
       values ($1, 'Wang', '13900000000', 'wang@example.com', $2, $3, md5(random()::text)) returning id`,
      [name, login, hash],
    );
    return String(rows[0].id);
  }

  it('approves a request: the space and its administrator, with the applicant’s own password, in one step', async () => {
    const id = await request('申请企业', 'applicant.admin');
    const pending = ok(await root.get('/api/console/space-requests?state=pending')).requests;
    expect(pending.find((r: any) => r.id === id)).toMatchObject({ enterpriseName: '申请企业', adminLoginId: 'applicant.admin', state: 'pending' });
    expect(JSON.stringify(pending)).not.toContain('password');
    const space = ok(await root.post(`/api/console/space-requests/${id}/approve`, { providerId: 'east' }));
    expect(space).toMatchObject({ name: '申请企业', providerId: 'east', status: 'active' });
    const applicant = await signedIn(platform.url, 'applicant.admin', 'Applicant@2026');
    expect(ok(await applicant.get('/api/account/me')).spaces.map((m: any) => m.id)).toEqual([space.id]);
    expect((await root.post(`/api/console/space-requests/${id}/approve`, { providerId: null })).status).toBe(409);
    expect(ok(await root.get('/api/console/space-requests?state=approved')).requests.find((r: any) => r.id === id).createdSpaceId).toBe(space.id);
  });

  it('rejects a request with a reason; a request whose login was taken meanwhile fails whole', async () => {
    const id = await request('被拒企业', 'rejected.admin');
    expect((await root.post(`/api/console/space-requests/${id}/reject`, { reason: ' ' })).status).toBe(422);
    ok(await root.post(`/api/console/space-requests/${id}/reject`, { reason: '资料不全' }));
    expect((await query(`select state, note from org_space_request where id = $1`, [id]))[0]).toEqual({ state: 'rejected', note: '资料不全' });
    const clash = await request('撞名企业', 'nova.admin');
    const before = (await query(`select count(*)::int as n from spaces`))[0].n;
    expect((await root.post(`/api/console/space-requests/${clash}/approve`, { providerId: null })).status).toBe(422);
    expect((await query(`select count(*)::int as n from spaces`))[0].n).toBe(before);
    expect((await query(`select state from org_space_request where id = $1`, [clash]))[0].state).toBe('pending');
    expect((await admin.get('/api/console/space-requests')).status).toBe(403);
  });
});
