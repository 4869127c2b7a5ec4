import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../../shared/routes/types.ts';
import type { Platform } from '../../platform.ts';
import { TestClient, signedIn } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  // Never leave maintenance on, whatever happened in the suite.
  if (platform?.kernel.maintenance.on) {
    const root = await signedIn(platform.url, 'root');
    await root.put('/sapi/appstore/app/status', { maintenance: false });
  }
  await platform?.stop();
});

const guest = (headers: Record<string, string> = {}) => new TestClient(platform.url, headers);
const hasHan = (text: string) => /[\u4e00-\u9fff]/.test(text);

/** The dictionary files as they are on disk, merged per language like the spec's `{ key: message }`. */
function dictionaryOnDisk(language: string): Record<string, string> {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/i18n', language);
  const result: Record<string, string> = {};
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    Object.assign(result, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  }
  return result;
}

describe('GET /napi/lang/json', () => {
  it('answers exactly { code: 200, data: { version, en } } for lang=en', async () => {
    const answer = await guest().get('/napi/lang/json?lang=en');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['code', 'data']);
    expect(answer.body.code).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(['en', 'version']);
    expect(typeof answer.body.data.version).toBe('string');
    expect(answer.body.data.version.length).toBeGreaterThan(0);
    expect(answer.body.data.en['account.wrongPassword']).toBe('Wrong login password.');
    expect(answer.body.data.en).toEqual(dictionaryOnDisk('en'));
  });

  it('answers the zh-CN dictionary under the zh-CN key for lang=zh-CN', async () => {
    const answer = await guest({ 'accept-language': 'en' }).get('/napi/lang/json?lang=zh-CN');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(['version', 'zh-CN']);
    expect(answer.body.data['zh-CN']['account.wrongPassword']).toBe('登录密码错误');
    expect(answer.body.data['zh-CN']).toEqual(dictionaryOnDisk('zh-CN'));
  });

  it('without lang honours Accept-Language, and defaults to zh-CN', async () => {
    const english = await guest({ 'accept-language': 'en-US,en;q=0.9' }).get('/napi/lang/json');
    expect(Object.keys(english.body.data).sort()).toEqual(['en', 'version']);
    const preferChinese = await guest({ 'accept-language': 'en;q=0.3, zh-TW;q=0.8' }).get('/napi/lang/json');
    expect(Object.keys(preferChinese.body.data).sort()).toEqual(['version', 'zh-CN']);
    const plain = await guest().get('/napi/lang/json');
    expect(Object.keys(plain.body.data).sort()).toEqual(['version', 'zh-CN']);
  });

  it('has one version for both languages, the langVersion of qycloudBaseInfo', async () => {
    const en = await guest().get('/napi/lang/json?lang=en');
    const zh = await guest().get('/napi/lang/json?lang=zh-CN');
    const info = await guest().get('/napi/micro-apps/qycloudBaseInfo');
    expect(en.body.data.version).toBe(zh.body.data.version);
    expect(info.body.data.langVersion).toBe(en.body.data.version);
  });

  it('works under the space prefix for a member of that space', async () => {
    const user = await signedIn(platform.url, 'acme.user');
    const answer = await user.get('/space-acme/napi/lang/json?lang=en');
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(['en', 'version']);
    expect(answer.body.data.en['http.networkError']).toBe('Network Error');
  });

  it('refuses an unsupported language with a validation message', async () => {
    const answer = await guest({ 'accept-language': 'en' }).get('/napi/lang/json?lang=fr');
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe(422);
    expect(answer.body.msg).toMatch(/^validation\./);
    expect(answer.body.text).toContain('lang');
    expect(hasHan(answer.body.text ?? '')).toBe(false);
  });
});

describe('GET /napi/micro-apps/qycloudBaseInfo', () => {
  const socketConfig = (info: { websocketConfig: unknown }) => {
    expect(typeof info.websocketConfig).toBe('string');
    return JSON.parse(info.websocketConfig as string) as { socketDomain: string; loginIp: string };
  };

  it('answers a guest with user null and the global configuration', async () => {
    const answer = await guest().get('/napi/micro-apps/qycloudBaseInfo');
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    const info = answer.body.data;
    expect(info.user).toBeNull();
    expect(info.language).toBe('zh-CN');
    expect(info.publishVersion).toBe('23.12');
    const ws = socketConfig(info);
    expect(ws.socketDomain).toBe(`ws://${new URL(platform.url).host}/napi/socket`);
    expect(ws.loginIp).toContain('127.0.0.1');
  });

  it('describes a signed-in user and their space', async () => {
    const user = await signedIn(platform.url, 'acme.user');
    const me = await user.get('/api/account/me');
    const answer = await user.get('/napi/micro-apps/qycloudBaseInfo', { 'accept-language': 'en' });
    expect(answer.status).toBe(200);
    const info = answer.body.data;
    expect(info.user.id).toBe(me.body.data.id);
    expect(info.user.entId).toBe('acme');
    expect(info.user.entName).toContain('Acme');
    expect(info.language).toBe('en');
    expect(info.isCrossSpace).toBe(false);
    expect(info.publishVersion).toBe('23.12');
    const ws = socketConfig(info);
    expect(ws.socketDomain).toMatch(/^ws:\/\/.+\/napi\/socket$/);
    expect(ws.loginIp).toContain('127.0.0.1');
  });

  it('is not cross-space under the user\'s own space prefix', async () => {
    const user = await signedIn(platform.url, 'acme.user');
    const answer = await user.get('/space-acme/napi/micro-apps/qycloudBaseInfo');
    expect(answer.status).toBe(200);
    expect(answer.body.data.user.entId).toBe('acme');
    expect(answer.body.data.isCrossSpace).toBe(false);
  });

  it('refuses a space the user does not belong to', async () => {
    const user = await signedIn(platform.url, 'acme.user');
    const answer = await user.get('/space-nova/napi/micro-apps/qycloudBaseInfo');
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('space.notMember');
  });

  it('lets root enter any space, marks it cross-space and writes the visit to the operation log', async () => {
    const root = await signedIn(platform.url, 'root');
    const rootId = (await root.get('/api/account/me')).body.data.id;
    const answer = await root.get('/space-acme/napi/micro-apps/qycloudBaseInfo');
    expect(answer.status).toBe(200);
    expect(answer.body.data.user.entId).toBe('acme');
    expect(answer.body.data.isCrossSpace).toBe(true);

    // The visit is logged after the answer is sent: poll briefly.
    type Entry = { user_id: unknown; space_id: string | null; action: string; cross_space: boolean };
    let visit: Entry | undefined;
    for (let attempt = 0; attempt < 20 && !visit; attempt += 1) {
      const log = await root.get('/api/kernel/oplog?spaceId=acme');
      expect(log.status).toBe(200);
      visit = (log.body.data.entries as Entry[]).find(
        (e) => e.cross_space === true && e.action.includes('qycloudBaseInfo') && String(e.user_id) === String(rootId),
      );
      if (!visit) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(visit).toBeDefined();
    expect(visit?.space_id).toBe('acme');
  });
});

describe('GET/PUT /sapi/appstore/app/status and maintenance mode', () => {
  it('answers 503 to everything but login and the status call while maintenance is on', async () => {
    const status = await guest().get('/sapi/appstore/app/status');
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ status: 'normal', maintenance: false });

    const root = await signedIn(platform.url, 'root');
    const user = await signedIn(platform.url, 'acme.user');
    expect((await user.get('/api/account/me')).status).toBe(200);

    const on = await root.put('/sapi/appstore/app/status', { maintenance: true });
    try {
      expect(on.status).toBe(200);
      expect(on.body.data).toMatchObject({ status: 'maintenance', maintenance: true });

      const me = await user.get('/api/account/me');
      expect(me.status).toBe(503);
      expect(me.body.msg).toBe('common.maintenance');
      expect((await user.get('/napi/micro-apps/qycloudBaseInfo')).status).toBe(503);
      expect((await guest().get('/api/org/departments')).status).toBe(503);
      // The strings still answer: the maintenance page needs them (a deliberate exception, see README).
      expect((await guest().get('/napi/lang/json')).status).toBe(200);

      const login = await guest().post('/api/account/login', { loginId: 'acme.admin', password: 'Demo@2026' });
      expect(login.status).toBe(200);
      const wrongLogin = await guest().post('/api/account/login', { loginId: 'acme.admin', password: 'not-it' });
      expect(wrongLogin.status).toBe(401);

      const during = await guest().get('/sapi/appstore/app/status');
      expect(during.status).toBe(200);
      expect(during.body.data).toMatchObject({ status: 'maintenance', maintenance: true });

      const refused = await user.put('/sapi/appstore/app/status', { maintenance: false });
      expect(refused.status).toBe(403);
      expect(platform.kernel.maintenance.on).toBe(true);
    } finally {
      const off = await root.put('/sapi/appstore/app/status', { maintenance: false });
      expect(off.status).toBe(200);
    }
    expect((await user.get('/api/account/me')).status).toBe(200);
    expect((await guest().get('/sapi/appstore/app/status')).body.data.maintenance).toBe(false);
  });

  it('refuses the switch to non-root users and guests', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    expect((await admin.put('/sapi/appstore/app/status', { maintenance: true })).status).toBe(403);
    expect((await guest().put('/sapi/appstore/app/status', { maintenance: true })).status).toBe(401);
    expect(platform.kernel.maintenance.on).toBe(false);
  });
});

describe('bad input', () => {
  it('malformed JSON → 400 request.malformedJson', async () => {
    const answer = await guest({ 'accept-language': 'en' }).post('/api/account/login', '{"loginId": "acme.user", ');
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('request.malformedJson');
    expect(answer.body.text).toBeTruthy();
  });

  it('a body over 1 MiB → 413 request.tooLarge', async () => {
    const answer = await guest().post('/api/account/login', { loginId: 'acme.user', password: 'x'.repeat(1024 * 1024 + 10) });
    expect(answer.status).toBe(413);
    expect(answer.body.msg).toBe('request.tooLarge');
  });

  it('an unknown property → 422 validation.unknownField naming the field, in the caller\'s language', async () => {
    const body = { loginId: 'acme.user', password: 'Demo@2026', spaceId: 'nova' };
    const en = await guest({ 'accept-language': 'en' }).post('/api/account/login', body);
    expect(en.status).toBe(422);
    expect(en.body.msg).toBe('validation.unknownField');
    expect(en.body.text).toContain('spaceId');
    expect(en.body.text).toMatch(/not allowed/i);
    const zh = await guest().post('/api/account/login', body);
    expect(zh.status).toBe(422);
    expect(zh.body.msg).toBe('validation.unknownField');
    expect(zh.body.text).toContain('spaceId');
    expect(hasHan(zh.body.text ?? '')).toBe(true);
  });

  it('a missing required field → 422 validation.required', async () => {
    const answer = await guest({ 'accept-language': 'en' }).post('/api/account/login', { loginId: 'acme.user' });
    expect(answer.status).toBe(422);
    expect(answer.body.msg).toBe('validation.required');
    expect(answer.body.text).toContain('password');
  });

  it('an unknown query parameter on a GET → 422', async () => {
    const answer = await guest().get('/napi/routes?foo=1');
    expect(answer.status).toBe(422);
    expect(answer.body.msg).toBe('validation.unknownField');
    expect(answer.body.text).toContain('foo');
  });

  it('a form-encoded body signs in', async () => {
    const client = guest();
    const answer = await client.post('/api/account/login', 'loginId=acme.user&password=Demo%402026', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.spaceId).toBe('acme');
    client.csrf = answer.body.data.csrfToken;
    expect((await client.get('/api/account/me')).body.data.loginId).toBe('acme.user');
  });
});

describe('GET /napi/routes', () => {
  const entriesOf = async (client: TestClient) => {
    const answer = await client.get('/napi/routes');
    expect(answer.status).toBe(200);
    return answer.body.data.entries as RouteEntry[];
  };

  it('gives a guest the public entries only', async () => {
    const entries = await entriesOf(guest());
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => e.public !== true)).toEqual([]);
  });

  it('gives acme.user no entry reserved to other roles', async () => {
    const entries = await entriesOf(await signedIn(platform.url, 'acme.user'));
    expect(entries.filter((e) => e.roles.length > 0 && !e.roles.includes('user'))).toEqual([]);
    expect(entries.some((e) => e.roles.length === 0 && !e.public)).toBe(true);
    expect(entries.some((e) => e.roles.includes('user'))).toBe(true);
    expect(entries.some((e) => e.pattern === 'root/oplog')).toBe(false);
  });

  it('gives root the operator pages of §2.4 and acme.admin not', async () => {
    const rootEntries = await entriesOf(await signedIn(platform.url, 'root'));
    expect(rootEntries.some((e) => e.pattern === 'root/oplog')).toBe(true);
    expect(rootEntries.some((e) => e.pattern === 'sysop/smsservice')).toBe(true);
    const adminEntries = await entriesOf(await signedIn(platform.url, 'acme.admin'));
    expect(adminEntries.some((e) => e.pattern === 'root/oplog')).toBe(false);
    expect(adminEntries.filter((e) => e.roles.length > 0 && !e.roles.includes('admin'))).toEqual([]);
  });
});

describe('one request, one transaction', () => {
  it('a failed department create leaves the department count unchanged', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    const count = async () => {
      const answer = await admin.get('/api/org/departments');
      expect(answer.status).toBe(200);
      return (answer.body.data.departments as unknown[]).length;
    };
    const before = await count();
    expect(before).toBeGreaterThan(0);

    const created = await admin.post('/api/org/departments', { name: 'Tx Test Dept' });
    expect(created.status).toBe(200);
    expect(await count()).toBe(before + 1);

    const duplicate = await admin.post('/api/org/departments', { name: 'tx test dept' }, { 'accept-language': 'en' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('org.departmentExists');
    expect(duplicate.body.text).toContain('tx test dept');
    expect(await count()).toBe(before + 1);

    const child = await admin.post('/api/org/departments', { name: 'Child', parentId: String(created.body.data.id) });
    expect(child.status).toBe(200);
    const childDuplicate = await admin.post('/api/org/departments', { name: 'Child', parentId: String(created.body.data.id) });
    expect(childDuplicate.status).toBe(409);
    expect(childDuplicate.body.msg).toBe('org.departmentExists');
    expect(await count()).toBe(before + 2);
  });
});
