import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, signedIn, type Answer } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
const guest = () => new TestClient(platform.url);
const application = (changes: Record<string, unknown> = {}) => ({ spaceId: 'acme', loginId: 'zhao.liu', name: '赵六', phone: '13700000000', message: 'Line 2 operator', password: 'Zhaoliu@2026', confirmPassword: 'Zhaoliu@2026', ...changes });

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  platform = await startTestPlatform();
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
      [{ loginId: 'acme.user' }, 'already taken'],
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
    expect((await guest().post('/api/org/join-applications', application({ loginId: 'SUN.QI' }))).status).toBe(422);
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
    expect((await guest().post('/api/org/space-requests?lang=en', { ...body, adminLoginId: 'acme.admin' })).status).toBe(422);
    expect((await guest().get('/api/org/space-requests/status?token=unknownunknownunknown00')).status).toBe(404);
  });
});
