import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_API } from '../../../../shared/api/console-access.ts';
import { signedIn, TestClient, type Answer } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient;
let admin: TestClient;
let guest: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  admin = await signedIn(platform.url, 'acme.admin');
  guest = new TestClient(platform.url);
});
afterAll(async () => {
  await platform?.stop();
});

describe('platform API keys (/apiaccess, decision 0082)', () => {
  it('shows the secret once and keeps only its SHA-256', async () => {
    const created = ok(await root.post('/api/console/access/keys', { name: 'Billing', scopes: ['spaces.read'], ratePerMinute: 100 }));
    expect(created.secret).toMatch(/^qpk_[A-Za-z0-9_-]{43}$/);
    expect(created.last4).toBe(created.secret.slice(-4));
    const listed = ok(await root.get('/api/console/access/keys')).keys;
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed.find((k: any) => k.id === created.id)).not.toHaveProperty('secret');
    const stored = (await owner('select * from platform_api_key where id = $1', [created.id])).rows[0];
    expect(stored.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.secret);
  });

  it('answers the platform API to a key with the scope, 403 without it, 401 without a key or with a session', async () => {
    const { secret } = ok(await root.post('/api/console/access/keys', { name: 'Monitor', scopes: ['spaces.read'], ratePerMinute: 100 }));
    const spaces = ok(await guest.get(`${PLATFORM_API}/spaces`, bearer(secret))).spaces;
    expect(spaces.map((s: any) => s.id)).toEqual(['acme', 'nova', 'ops']);
    expect(spaces[0].members).toBeGreaterThan(0);
    const wrongScope = await guest.get(`${PLATFORM_API}/usage?lang=en`, bearer(secret));
    expect(wrongScope.status).toBe(403);
    expect((await guest.get(`${PLATFORM_API}/usage`, bearer(secret))).body.text).toBe('此平台接口密钥没有调用该接口的权限范围。');
    expect((await guest.get(`${PLATFORM_API}/spaces`)).status).toBe(401);
    expect((await root.get(`${PLATFORM_API}/spaces`)).status).toBe(401); // root's session never opens it
    expect((await guest.get(`${PLATFORM_API}/spaces`, bearer('qpk_' + 'x'.repeat(43)))).status).toBe(401);
    // A platform key is no developer token: other routes refuse it.
    expect((await guest.get('/api/console/spaces', bearer(secret))).status).toBe(401);
    expect((await guest.get('/api/kernel/oplog', bearer(secret))).status).toBe(401);
  });

  it('reads usage and the operation log with those scopes', async () => {
    const { secret } = ok(await root.post('/api/console/access/keys', { name: 'All', scopes: ['usage.read', 'oplog.read'], ratePerMinute: 100 }));
    const usage = ok(await guest.get(`${PLATFORM_API}/usage`, bearer(secret))).usage;
    expect(usage.map((u: any) => u.spaceId)).toEqual(['acme', 'nova', 'ops']);
    const entries = ok(await guest.get(`${PLATFORM_API}/oplog?days=1`, bearer(secret))).entries;
    expect(entries.some((e: any) => e.action === 'console.apiKey.create')).toBe(true);
    expect((await guest.get(`${PLATFORM_API}/oplog?days=30`, bearer(secret))).status).toBe(422);
  });

  it('refuses a revoked key and an expired key with 401 at once', async () => {
    const key = ok(await root.post('/api/console/access/keys', { name: 'Old', scopes: ['spaces.read'], ratePerMinute: 100 }));
    ok(await guest.get(`${PLATFORM_API}/spaces`, bearer(key.secret)));
    expect(ok(await root.post(`/api/console/access/keys/${key.id}/revoke`)).revokedAt).not.toBeNull();
    const revoked = await guest.get(`${PLATFORM_API}/spaces?lang=en`, bearer(key.secret));
    expect(revoked.status).toBe(401);
    expect(revoked.body.text).toBe('This platform API key has been revoked.');

    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const expiring = ok(await root.post('/api/console/access/keys', { name: 'Soon', scopes: ['spaces.read'], ratePerMinute: 100, expiresAt: soon }));
    expect(expiring.expiresAt).toBe(soon);
    ok(await guest.get(`${PLATFORM_API}/spaces`, bearer(expiring.secret)));
    await owner(`update platform_api_key set expires_at = now() - interval '1 second' where id = $1`, [expiring.id]);
    const expired = await guest.get(`${PLATFORM_API}/spaces?lang=en`, bearer(expiring.secret));
    expect(expired.status).toBe(401);
    expect(expired.body.text).toBe('This platform API key has expired.');
  });

  it('answers 429 with Retry-After past the rate per minute', async () => {
    const { secret, id } = ok(await root.post('/api/console/access/keys', { name: 'Slow', scopes: ['spaces.read'], ratePerMinute: 2 }));
    // Calls near a minute's end could straddle two windows: start at the top of a fresh window for a stable count.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    ok(await guest.get(`${PLATFORM_API}/spaces`, bearer(secret)));
    ok(await guest.get(`${PLATFORM_API}/spaces`, bearer(secret)));
    const over = await guest.get(`${PLATFORM_API}/spaces?lang=en`, bearer(secret));
    expect(over.status).toBe(429);
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(over.body.text).toMatch(/limit per minute/);
    const listed = ok(await root.get('/api/console/access/keys')).keys.find((k: any) => k.id === id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = (await owner('select count(*)::int as n from platform_api_key')).rows[0].n;
    const cases = [
      { name: 'x', scopes: ['spaces.write'], ratePerMinute: 10 },
      { name: 'x', scopes: [], ratePerMinute: 10 },
      { name: '', scopes: ['spaces.read'], ratePerMinute: 10 },
      { name: 'x', scopes: ['spaces.read'], ratePerMinute: 0 },
      { name: 'x', scopes: ['spaces.read'], ratePerMinute: 10, secret: 'mine' },
      { name: 'x', scopes: ['spaces.read'], ratePerMinute: 10, expiresAt: new Date(Date.now() - 60_000).toISOString() },
    ];
    for (const body of cases) expect((await root.post('/api/console/access/keys?lang=en', body)).status, JSON.stringify(body)).toBe(422);
    const past = await root.post('/api/console/access/keys?lang=en', cases[5]);
    expect(past.body.text).toBe('The expiry must be in the future.');
    expect((await owner('select count(*)::int as n from platform_api_key')).rows[0].n).toBe(before);
    expect((await root.post('/api/console/access/keys/999999/revoke')).status).toBe(404);
  });

  it('keeps keys to root: a space administrator can neither read nor make nor revoke them', async () => {
    const key = ok(await root.post('/api/console/access/keys', { name: 'Root only', scopes: ['spaces.read'], ratePerMinute: 5 }));
    expect((await admin.get('/api/console/access/keys')).status).toBe(403);
    expect((await admin.post('/api/console/access/keys', { name: 'Mine', scopes: ['spaces.read'], ratePerMinute: 5 })).status).toBe(403);
    expect((await admin.post(`/api/console/access/keys/${key.id}/revoke`)).status).toBe(403);
    expect((await owner('select revoked_at from platform_api_key where id = $1', [key.id])).rows[0].revoked_at).toBeNull();
  });
});
