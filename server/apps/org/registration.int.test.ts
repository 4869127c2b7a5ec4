import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, signedIn, type Answer } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
/** A guest, from `address` when given (the platform trusts the proxy's X-Forwarded-For here). */
const guest = (address?: string) => new TestClient(platform.url, address ? { 'x-forwarded-for': address } : {});
const application = (changes: Record<string, unknown> = {}) => ({ spaceId: 'acme', loginId: 'zhao.liu', name: '赵六', phone: '13700000000', message: 'Line 2 operator', password: 'Zhaoliu@2026', confirmPassword: 'Zhaoliu@2026', ...changes });

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  [admin, user, audit, novaAdmin] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'acme.audit'), signedIn(platform.url, 'nova.admin')]);
});
afterAll(async () => {
  await platform?.stop();
});

describe('join applications', () => {
  it('a person applies; the administrator approves; both see the state; then the person signs in', async () => {
    const { token } = ok(await guest().post('/api/org/join-applications', application()));
    expect(ok(await guest().get(`/api/org/join-applications/status?token=${token}`))).toMatchObject({ state: 'pending', loginId: 'zhao.liu' });
    expect((await guest().login('zhao.liu', 'Zhaoliu@2026')).status).toBe(401);
    const pending = ok(await admin.get('/api/org/join-applications?state=pending')).applications;
    expect(pending.map((a: any) => a.loginId)).toEqual(['zhao.liu']);
    expect(ok(await audit.get('/api/org/join-applications')).applications).toHaveLength(1);
    expect(ok(await novaAdmin.get('/api/org/join-applications')).applications).toEqual([]);
    expect((await novaAdmin.post(`/api/org/join-applications/${pending[0].id}/approve`, {})).status).toBe(404);
    expect((await user.post(`/api/org/join-applications/${pending[0].id}/approve`, {})).status).toBe(403);
    ok(await admin.post(`/api/org/join-applications/${pending[0].id}/approve`, { note: 'Welcome' }));
    expect(ok(await guest().get(`/api/org/join-applications/status?token=${token}`))).toMatchObject({ state: 'approved', note: 'Welcome' });
    const member = await signedIn(platform.url, 'zhao.liu', 'Zhaoliu@2026');
    expect(ok(await member.get('/api/account/me')).spaces.map((s: any) => s.id)).toEqual(['acme']);
    expect((await admin.post(`/api/org/join-applications/${pending[0].id}/reject`, {})).status).toBe(409);
  });

  it('refuses bad applications with a 422 in the applicant\'s language and files nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ spaceId: 'nosuch' }, 'No enterprise'],
      [{ loginId: 'x y' }, 'login ID'],
      [{ password: 'short', confirmPassword: 'short' }, 'at least'],
      [{ confirmPassword: 'Other@2026x' }, ''],
      [{ phone: 'abc' }, 'phone'],
    ];
    for (const [changes, text] of cases) {
      const answer = await guest().post('/api/org/join-applications?lang=en', application({ loginId: 'sun.qi', ...changes }));
      expect(answer.status, JSON.stringify(changes)).toBe(422);
      expect(answer.body.text).toContain(text);
    }
    ok(await guest().post('/api/org/join-applications', application({ loginId: 'sun.qi' })));
    expect(ok(await admin.get('/api/org/join-applications?state=pending')).applications).toHaveLength(1);
  });

  it('a rejected application says so with the note, and no account exists', async () => {
    const { token } = ok(await guest().post('/api/org/join-applications', application({ loginId: 'qian.ba' })));
    const id = ok(await admin.get('/api/org/join-applications?state=pending')).applications.find((a: any) => a.loginId === 'qian.ba').id;
    ok(await admin.post(`/api/org/join-applications/${id}/reject`, { note: 'Unknown to HR' }));
    expect(ok(await guest().get(`/api/org/join-applications/status?token=${token}`))).toMatchObject({ state: 'rejected', note: 'Unknown to HR' });
    expect((await guest().login('qian.ba', 'Zhaoliu@2026')).status).toBe(401);
  });
});

describe('enterprise registration (entRegist)', () => {
  it('files a request for a new space that the applicant can follow; bad input is 422', async () => {
    const body = { enterpriseName: '华东精密制造', contactName: '周九', phone: '13600000000', email: 'zhou@example.com', adminLoginId: 'zhou.jiu', password: 'Zhoujiu@2026', confirmPassword: 'Zhoujiu@2026' };
    const { token } = ok(await guest().post('/api/org/space-requests', body));
    expect(ok(await guest().get(`/api/org/space-requests/status?token=${token}`))).toMatchObject({ state: 'pending', enterpriseName: '华东精密制造' });
    expect((await guest().post('/api/org/space-requests?lang=en', { ...body, email: 'nope' })).status).toBe(422);
    expect((await guest().get('/api/org/space-requests/status?token=unknownunknownunknown00')).status).toBe(404);
  });
});

/** What a guest learns from an answer: everything but the follow-up token, which is new each time. */
const seen = (answer: Answer) => ({ status: answer.status, body: { ...answer.body, data: { ...answer.body.data, token: typeof answer.body.data?.token } } });

describe('the public forms tell a guest nothing about login IDs (decision 0101)', () => {
  it('a join application for a taken or already applied-for login ID is answered like a free one; the approving admin is told, in his language', async () => {
    const from = guest('203.0.113.21');
    const free = seen(await from.post('/api/org/join-applications?lang=en', application({ loginId: 'free.one' })));
    expect(free.status).toBe(200);
    for (const loginId of ['acme.user', 'NOVA.ADMIN', 'free.one']) expect(seen(await from.post('/api/org/join-applications?lang=en', application({ loginId })))).toEqual(free);
    const pending = ok(await admin.get('/api/org/join-applications?state=pending')).applications as Array<{ id: string; loginId: string; loginTaken: boolean }>;
    expect(pending.filter((a) => ['acme.user', 'NOVA.ADMIN', 'free.one'].includes(a.loginId)).map((a) => [a.loginId, a.loginTaken])).toEqual([
      ['free.one', false], ['NOVA.ADMIN', true], ['acme.user', true], ['free.one', false],
    ]);
    const taken = pending.find((a) => a.loginId === 'NOVA.ADMIN')!;
    const en = await admin.post(`/api/org/join-applications/${taken.id}/approve?lang=en`, {});
    expect([en.status, en.body.text]).toEqual([422, 'The login ID "NOVA.ADMIN" belongs to an existing account: reject the application and ask the applicant to apply again with another login ID.']);
    expect((await admin.post(`/api/org/join-applications/${taken.id}/approve?lang=zh-CN`, {})).body.text).toContain('已有账号在使用');
    ok(await admin.post(`/api/org/join-applications/${taken.id}/reject`, { note: 'Choose another login ID' }));
    // Of two applications for one free ID, the first approved makes the account; the second is then a clash.
    const [second, first] = pending.filter((a) => a.loginId === 'free.one');
    ok(await admin.post(`/api/org/join-applications/${first!.id}/approve`, {}));
    expect((await admin.post(`/api/org/join-applications/${second!.id}/approve`, {})).body.msg).toBe('org.join.loginTaken');
  });

  it('a space request for a taken administrator login ID is answered like a free one; root is told when approving', async () => {
    const from = guest('203.0.113.22');
    const body = { enterpriseName: '东方轴承', contactName: '吴十', phone: '13600000001', email: 'wu@example.com', adminLoginId: 'wu.shi', password: 'Wushi@20266', confirmPassword: 'Wushi@20266' };
    const free = seen(await from.post('/api/org/space-requests?lang=en', body));
    expect(free.status).toBe(200);
    expect(seen(await from.post('/api/org/space-requests?lang=en', { ...body, adminLoginId: 'acme.admin' }))).toEqual(free);
    const root = await signedIn(platform.url, 'root');
    const request = (ok(await root.get('/api/console/space-requests?state=pending')).requests as Array<{ id: string; adminLoginId: string }>).find((r) => r.adminLoginId === 'acme.admin')!;
    const refused = await root.post(`/api/console/space-requests/${request.id}/approve?lang=en`, { providerId: null });
    expect([refused.status, refused.body.text]).toEqual([422, 'The login ID acme.admin is already taken.']);
    expect((ok(await root.get('/api/console/space-requests?state=pending')).requests as Array<{ id: string }>).map((r) => r.id)).toContain(request.id);
  });

  it('the operator\'s own space takes no join applications: it answers like a space that does not exist', async () => {
    const from = guest('203.0.113.23');
    const ops = await from.post('/api/org/join-applications?lang=en', application({ spaceId: 'ops', loginId: 'into.ops' }));
    const none = await from.post('/api/org/join-applications?lang=en', application({ spaceId: 'nosuch', loginId: 'into.ops' }));
    expect([ops.status, ops.body.msg]).toEqual([422, 'org.join.noSpace']);
    expect([none.status, none.body.msg]).toEqual([422, 'org.join.noSpace']);
    expect(ops.body.text).toBe('No enterprise with the ID "ops"; check the ID.');
    const filed = await platform.kernel.databases.owner.query(`select count(*)::int as n from org_join_application where space_id = 'ops'`);
    expect(filed.rows[0].n).toBe(0);
  });

  it('limits attempts per address across spaces, whatever the login IDs; another address is not affected', async () => {
    const from = guest('203.0.113.24');
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const changes = { spaceId: i % 2 ? 'acme' : 'nova', loginId: i % 3 ? `probe.${i}` : 'acme.admin' };
      statuses.push((await from.post('/api/org/join-applications', application(changes))).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const limited = await from.post('/api/org/join-applications?lang=en', application({ loginId: 'probe.late' }));
    expect([limited.status, limited.body.text]).toEqual([429, 'Too many applications from this address; try again in an hour.']);
    expect((await guest('203.0.113.25').post('/api/org/join-applications', application({ loginId: 'probe.other' }))).status).toBe(200);
  });
});
