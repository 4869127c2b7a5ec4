import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let novaUser: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const lang = async (client: TestClient, language = 'zh-CN') => ok(await client.get(`/napi/lang/json?lang=${language}`));

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, safe, novaUser] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'acme.safe'), signedIn(platform.url, 'nova.user')]);
});
afterAll(async () => {
  await platform?.stop();
});

describe('the space\'s own wording (§2.6 languagesetting)', () => {
  it('an override reaches every member of the space with a new dictionary version, and nobody elsewhere', async () => {
    const before = await lang(user);
    const novaBefore = await lang(novaUser);
    ok(await admin.put('/api/org/dictionary/zh-CN/routes.org.structure', { text: '组织架构图' }));
    const after = await lang(user);
    expect(after['zh-CN']['routes.org.structure']).toBe('组织架构图');
    expect(after.version).not.toBe(before.version);
    const info = ok(await user.get('/napi/micro-apps/qycloudBaseInfo'));
    expect(info.langVersion).toBe(after.version);
    expect((await lang(novaUser))['zh-CN']['routes.org.structure']).toBe(novaBefore['zh-CN']['routes.org.structure']);
    expect((await lang(novaUser)).version).toBe(novaBefore.version);
    expect((await lang(user, 'en')).en['routes.org.structure']).not.toBe('组织架构图');
    const listed = ok(await admin.get('/api/org/dictionary')).entries.find((e: any) => e.key === 'routes.org.structure');
    expect(listed.override).toEqual({ 'zh-CN': '组织架构图', en: null });
    ok(await admin.delete('/api/org/dictionary/zh-CN/routes.org.structure'));
    expect((await lang(user)).version).toBe(before.version);
  });

  it('keeps the placeholders, refuses unknown keys and empty text with 422, and changes nothing then', async () => {
    const answer = await admin.put('/api/org/dictionary/en/org.member.loginTaken?lang=en', { text: 'Login taken' });
    expect(answer.status).toBe(422);
    expect(answer.body.text).toContain('<%loginId%>');
    expect((await admin.put('/api/org/dictionary/en/no.such.key', { text: 'x' })).status).toBe(422);
    expect((await admin.put('/api/org/dictionary/en/org.member.loginTaken', { text: '   ' })).status).toBe(422);
    ok(await admin.put('/api/org/dictionary/en/org.member.loginTaken', { text: 'Someone already uses <%loginId%>.' }));
    expect((await admin.post('/api/org/members?lang=en', { loginId: 'acme.user', name: 'X' })).body.msg).toBe('org.member.loginTaken');
    expect((await lang(user, 'en')).en['org.member.loginTaken']).toBe('Someone already uses <%loginId%>.');
  });

  it('is the administrator\'s: members and the security reviewer are refused', async () => {
    expect((await user.put('/api/org/dictionary/zh-CN/routes.org.structure', { text: 'x' })).status).toBe(403);
    expect((await safe.get('/api/org/dictionary')).status).toBe(403);
  });
});
