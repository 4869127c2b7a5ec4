import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_REPLY, startTestChatServer, type TestChatServer } from '../../../tests/support/chat-server.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { complete } from '../../kernel/ai/index.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import { secretBoxFor } from '../../kernel/secrets.ts';
import type { Platform } from '../../platform.ts';
import './ai-tables.ts';

const KEY = 'sk-test-Secret-4f9a2c';
const PATH = '/api/org/ai/settings';
let platform: Platform;
let chat: TestChatServer;
let forbidden: http.Server;
let forbiddenHits = 0;
let forbiddenPort: number;
let admin: TestClient;
let userId: string;

const base = (prefix = '') => `http://127.0.0.1:${chat.port}${prefix}/v1`;
const settings = (patch: Record<string, unknown> = {}) => ({
  enabled: true, baseUrl: `${base()}/`, model: 'qp-test', apiKey: KEY, timeoutSeconds: 10, monthlyTokenBudget: null, roles: ['admin', 'user'], ...patch,
});
const storedRow = (space: string) => inSpace(platform.kernel.db, space, (trx) => trx.selectFrom('org_ai_settings').selectAll().executeTakeFirst());
const usageRows = () => inSpace(platform.kernel.db, 'acme', (trx) => trx.selectFrom('org_ai_usage').selectAll().orderBy('id').execute());
const en = { 'accept-language': 'en' };
const ask = { feature: 'forms.assistant', messages: [{ role: 'user' as const, content: 'Fill in the inspection form' }] };

beforeAll(async () => {
  chat = await startTestChatServer();
  // A loopback server the operator did NOT allow: nothing may ever reach it.
  forbidden = http.createServer((_req, res) => ((forbiddenHits += 1), res.end('internal')));
  await new Promise<void>((resolve) => forbidden.listen(0, '127.0.0.1', resolve));
  forbiddenPort = (forbidden.address() as AddressInfo).port;
  // As mail.int.test.ts does for its SMTP server: the allow-list lets the platform reach exactly this port.
  platform = await startTestPlatform({ outboundAllow: [`127.0.0.1:${chat.port}`] });
  admin = await signedIn(platform.url, 'acme.admin');
  userId = (await platform.kernel.db.selectFrom('users').select('id').where('login_id', '=', 'acme.user').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await platform?.stop();
  await chat?.close();
  forbidden?.close();
});

describe('AI settings (aisetting)', () => {
  it('starts unconfigured, switched off, for admins and members, with no use this month', async () => {
    expect((await admin.get(PATH)).body.data).toMatchObject({ configured: false, enabled: false, keySet: false, roles: ['admin', 'user'], monthlyTokenBudget: null });
    expect((await admin.get('/api/org/ai/usage')).body.data).toMatchObject({ calls: 0, totalTokens: 0, failures: 0, topMembers: [] });
  });

  it('saves and reads back; the key is sealed in the row and never answered', async () => {
    const saved = await admin.put(PATH, settings());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, enabled: true, baseUrl: base(), model: 'qp-test', keySet: true, timeoutSeconds: 10 });
    const read = await admin.get(PATH);
    expect(read.body.data).toEqual(saved.body.data);
    for (const answer of [saved, read]) {
      expect(JSON.stringify(answer.body)).not.toContain(KEY);
      expect(answer.body.data).not.toHaveProperty('apiKey');
    }
    const row = await storedRow('acme');
    expect(row!.key_sealed).toMatch(/^v1\./);
    expect(row!.key_sealed).not.toContain(KEY);
    expect(Buffer.from(row!.key_sealed!.slice(3), 'base64url').toString('latin1')).not.toContain(KEY);
    // Saved again without a key, for the same server: the stored key is kept.
    const { apiKey: _key, ...withoutKey } = settings();
    expect((await admin.put(PATH, { ...withoutKey, model: 'qp-test-2' })).body.data).toMatchObject({ keySet: true, model: 'qp-test-2' });
    expect((await admin.put(PATH, settings())).status).toBe(200);
  });

  it('tests the connection for real: the local server got the key, the page gets the reply and the time', async () => {
    const before = chat.requests.length;
    const tested = await admin.post('/api/org/ai/test', {}, en);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.data).toMatchObject({ reply: CHAT_REPLY, model: 'qp-test' });
    expect(tested.body.data.latencyMs).toBeGreaterThanOrEqual(0);
    expect([tested.body.msg, tested.body.params]).toEqual(['org.ai.testOk', { ms: tested.body.data.latencyMs }]);
    const seen = chat.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ path: '/v1/chat/completions', authorization: `Bearer ${KEY}`, body: { model: 'qp-test', max_tokens: 16 } });
    // The form's unsaved values, with the stored key for the same server; another server must be given the key again.
    const { apiKey: _key, ...withoutKey } = settings();
    const draft = await admin.post('/api/org/ai/test', { settings: { ...withoutKey, model: 'draft-model' } });
    expect(draft.body.data.model).toBe('draft-model');
    expect(chat.requests.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
    const moved = await admin.post('/api/org/ai/test', { settings: { ...withoutKey, baseUrl: 'https://api.example.com/v1' } }, en);
    expect([moved.status, moved.body.msg]).toEqual([422, 'org.ai.problem.keyAgain']);
    expect(moved.body.text).toContain('enter the API key again');
    expect(chat.requests).toHaveLength(before + 2);
  });

  it('refuses loopback, private and metadata addresses the operator did not allow, before any connection', async () => {
    const before = (await admin.get(PATH)).body.data;
    for (const baseUrl of [`https://127.0.0.1:${forbiddenPort}/v1`, `https://localhost:${forbiddenPort}/v1`, 'https://10.0.0.1/v1', 'https://169.254.169.254/v1']) {
      const test = await admin.post('/api/org/ai/test', { settings: settings({ baseUrl }) }, en);
      expect([test.status, test.body.msg], baseUrl).toEqual([422, 'outbound.refused']);
      expect(test.body.text).toContain('may not be reached');
      expect(JSON.stringify(test.body)).not.toContain(KEY);
    }
    const saved = await admin.put(PATH, settings({ baseUrl: 'https://10.0.0.1/v1' }));
    expect([saved.status, saved.body.msg]).toEqual([422, 'outbound.refused']);
    expect(saved.body.text).toContain('平台不允许访问');
    // Plain http sends the key readable: only to an address the operator allowed.
    const plain = await admin.post('/api/org/ai/test', { settings: settings({ baseUrl: `http://127.0.0.1:${forbiddenPort}/v1` }) }, en);
    expect([plain.status, plain.body.msg]).toEqual([422, 'ai.plainHttp']);
    expect(forbiddenHits).toBe(0);
    expect((await admin.get(PATH)).body.data).toEqual(before);
  });

  it('says why a call failed, in the user’s language: timeout, HTTP status, refused key, not JSON', async () => {
    const started = Date.now();
    const silent = await admin.post('/api/org/ai/test', { settings: settings({ baseUrl: base('/silent'), timeoutSeconds: 5 }) }, en);
    expect(Date.now() - started).toBeLessThan(9_000);
    expect([silent.status, silent.body.msg]).toEqual([504, 'ai.timeout']);
    expect(silent.body.text).toBe('The AI service did not answer within 5 seconds. Check the address, or raise the timeout.');
    const failing = await admin.post('/api/org/ai/test', { settings: settings({ baseUrl: base('/fail') }) });
    expect([failing.status, failing.body.msg]).toEqual([502, 'ai.httpStatus']);
    expect(failing.body.text).toContain('HTTP 500');
    const denied = await admin.post('/api/org/ai/test', { settings: settings({ baseUrl: base('/denied') }) }, en);
    expect(denied.body.msg).toBe('ai.keyRefused');
    expect(JSON.stringify(denied.body)).not.toContain(KEY);
    const broken = await admin.post('/api/org/ai/test', { settings: settings({ baseUrl: base('/broken') }) }, en);
    expect([broken.status, broken.body.msg]).toEqual([502, 'ai.badAnswer']);
  }, 20_000);

  it('refuses bad input with 422 in the user’s language, and changes nothing', async () => {
    const before = (await admin.get(PATH)).body.data;
    for (const [patch, key] of [
      [{ baseUrl: 'not a url' }, 'org.ai.problem.badUrl'],
      [{ baseUrl: 'ftp://files.example.com/v1' }, 'org.ai.problem.badUrl'],
      [{ baseUrl: '' }, 'org.ai.problem.urlRequired'],
      [{ baseUrl: 'https://user:pw@api.example.com/v1' }, 'org.ai.problem.urlParts'],
      [{ baseUrl: 'http://api.example.com/v1' }, 'ai.plainHttp'],
      [{ monthlyTokenBudget: -5 }, 'org.ai.problem.badBudget'],
      [{ monthlyTokenBudget: 0 }, 'org.ai.problem.badBudget'],
      [{ monthlyTokenBudget: 1.5 }, 'org.ai.problem.badBudget'],
      [{ timeoutSeconds: 2 }, 'org.ai.problem.badTimeout'],
      [{ model: ' ' }, 'org.ai.problem.badModel'],
      [{ apiKey: 'sk-a\r\nX-Other: 1' }, 'org.ai.problem.badKey'],
      [{ roles: [] }, 'org.ai.problem.badRoles'],
      [{ roles: ['admin', 'root'] }, 'org.ai.problem.badRoles'],
    ] as const) {
      const answer = await admin.put(PATH, settings(patch), en);
      expect([answer.status, answer.body.msg], JSON.stringify(patch)).toEqual([422, key]);
      expect(answer.body.text).toBeTruthy();
    }
    const negative = await admin.put(PATH, settings({ monthlyTokenBudget: -5 }));
    expect(negative.body.text).toBe('每月 token 预算须为正整数；留空表示不限。');
    expect((await admin.put(PATH, { ...settings(), spaceId: 'nova' })).status).toBe(422);
    expect((await admin.get(PATH)).body.data).toEqual(before);
  });
});

describe('complete: the contract features call', () => {
  const asUser = { spaceId: 'acme', userId: '', roles: ['user'] };
  beforeAll(() => (asUser.userId = userId));

  it('refuses while switched off, and for a role not allowed; nothing is sent', async () => {
    const before = chat.requests.length;
    expect((await admin.put(PATH, settings({ enabled: false }))).status).toBe(200);
    await expect(complete(platform.kernel, asUser, ask)).rejects.toMatchObject({ status: 422, key: 'ai.disabled' });
    expect((await admin.put(PATH, settings({ roles: ['admin'] }))).status).toBe(200);
    await expect(complete(platform.kernel, asUser, ask)).rejects.toMatchObject({ status: 403, key: 'ai.roleNotAllowed' });
    await expect(complete(platform.kernel, { spaceId: 'nova', userId: null, roles: ['admin'] }, ask)).rejects.toMatchObject({ key: 'ai.notConfigured' });
    expect(chat.requests).toHaveLength(before);
    expect(await usageRows()).toEqual([]);
  });

  it('answers and records each call; caps the answer at what is left of the budget; refuses once it is spent', async () => {
    expect((await admin.put(PATH, settings({ monthlyTokenBudget: 15 }))).status).toBe(200);
    const first = await complete(platform.kernel, asUser, ask);
    expect(first).toMatchObject({ reply: CHAT_REPLY, tokensIn: 7, tokensOut: 3 });
    expect(chat.requests.at(-1)!.body).toMatchObject({ model: 'qp-test', max_tokens: 15, messages: ask.messages }); // the budget caps the answer
    await complete(platform.kernel, asUser, { ...ask, maxTokens: 100 });
    expect(chat.requests.at(-1)!.body.max_tokens).toBe(5); // 15 − 10 used
    const before = chat.requests.length;
    await expect(complete(platform.kernel, asUser, ask)).rejects.toMatchObject({ status: 429, key: 'ai.budgetSpent' });
    expect(chat.requests).toHaveLength(before);
    const rows = await usageRows();
    expect(rows.map((r) => [r.user_id, r.feature, r.tokens_in, r.tokens_out, r.ok])).toEqual([
      [userId, 'forms.assistant', 7, 3, true],
      [userId, 'forms.assistant', 7, 3, true],
    ]);
  });

  it('records a failed call, and the page sees this month’s use', async () => {
    expect((await admin.put(PATH, settings({ baseUrl: base('/fail') }))).status).toBe(200);
    await expect(complete(platform.kernel, asUser, ask)).rejects.toMatchObject({ key: 'ai.httpStatus' });
    expect((await usageRows()).at(-1)).toMatchObject({ ok: false, failure: 'ai.httpStatus', tokens_in: 0 });
    const usage = (await admin.get('/api/org/ai/usage')).body.data;
    expect(usage).toMatchObject({ calls: 3, failures: 1, tokensIn: 14, tokensOut: 6, totalTokens: 20, budget: null });
    expect(usage.month).toMatch(/^\d{4}-\d{2}$/);
    expect(usage.topMembers).toEqual([{ userId, name: expect.any(String), loginId: 'acme.user', tokens: 20, calls: 3, failures: 1 }]);
    expect((await admin.put(PATH, settings())).status).toBe(200);
  });
});

describe('who may', () => {
  it('user, safe and audit get 403 on every AI settings call', async () => {
    for (const loginId of ['acme.user', 'acme.safe', 'acme.audit']) {
      const client = await signedIn(platform.url, loginId);
      expect((await client.get(PATH)).status, loginId).toBe(403);
      expect((await client.put(PATH, settings({ model: 'theirs' }))).status, loginId).toBe(403);
      expect((await client.post('/api/org/ai/test', {})).status, loginId).toBe(403);
      expect((await client.get('/api/org/ai/usage')).status, loginId).toBe(403);
    }
    expect((await storedRow('acme'))!.model).toBe('qp-test');
  });

  it('space B neither reads nor changes space A’s settings, key or use', async () => {
    const nova = await signedIn(platform.url, 'nova.admin');
    expect((await nova.get(PATH)).body.data.configured).toBe(false);
    expect((await nova.get('/api/org/ai/usage')).body.data.calls).toBe(0);
    expect((await nova.get(`/space-acme${PATH}`)).status).toBe(403);
    expect((await nova.put(`/space-acme${PATH}`, settings({ model: 'nova' }))).status).toBe(403);
    expect((await nova.post('/space-acme/api/org/ai/test', {})).status).toBe(403);
    expect((await nova.get('/space-acme/api/org/ai/usage')).status).toBe(403);
    expect(await storedRow('nova')).toBeUndefined();
    // A sealed key moved into another space's row does not open there.
    const sealed = (await storedRow('acme'))!.key_sealed!;
    expect(() => secretBoxFor(platform.kernel.config).open(sealed, 'org.ai:nova')).toThrow();
    expect((await storedRow('acme'))!.model).toBe('qp-test');
    // A key sealed for space B, copied into A's row, is unreadable there: A is asked for the key again, nothing is sent.
    const moved = secretBoxFor(platform.kernel.config).seal(KEY, 'org.ai:nova');
    await inSpace(platform.kernel.db, 'acme', (trx) => trx.updateTable('org_ai_settings').set({ key_sealed: moved }).execute());
    const before = chat.requests.length;
    const lost = await admin.post('/api/org/ai/test', {}, en);
    expect([lost.status, lost.body.msg]).toEqual([422, 'org.ai.problem.keyLost']);
    expect(chat.requests).toHaveLength(before);
  });
});
