import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform.ts';
import { TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform, TEST_DEMO_PASSWORD } from '../../../tests/support/platform.ts';

let platform: Platform;

beforeAll(async () => {
  // Behind a TLS-terminating proxy: the scheme comes from X-Forwarded-Proto.
  platform = await startTestPlatform({ trustProxy: true });
});
afterAll(async () => {
  await platform?.stop();
});

const overHttps = () => new TestClient(platform.url, { 'x-forwarded-proto': 'https' });
const sessionCookieOf = (answer: { headers: Headers }, name: string) => answer.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

function socketBinds(cookie: string, userId: string, scheme: 'https' | 'http'): Promise<string> {
  const ws = new WebSocket(`${platform.url.replace('http', 'ws')}/napi/socket`, { headers: { cookie, 'x-forwarded-proto': scheme } });
  return new Promise((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'bindUid', uid: userId, login_ip: '' })));
    ws.on('message', (data) => {
      resolve(JSON.parse(String(data)).type);
      ws.close();
    });
    ws.on('close', (code) => resolve(`closed ${code}`));
    ws.on('error', reject);
  });
}

describe('the session cookie under https', () => {
  it('is __Host- prefixed, Secure, path /, no Domain; the session works with it, and sign-out clears it', async () => {
    const client = overHttps();
    const login = await client.login('acme.user', TEST_DEMO_PASSWORD);
    expect(login.status).toBe(200);
    const cookie = sessionCookieOf(login, '__Host-qp_sid');
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(sessionCookieOf(login, 'qp_sid')).toBeUndefined();
    expect(sessionCookieOf(login, 'qp_csrf')).toMatch(/;\s*Secure/i);
    expect((await client.get('/api/account/me')).status).toBe(200);
    // The socket reads the same cookie (the kernel resolves it for every route).
    expect(await socketBinds(client.cookieHeader, login.body.data.userId, 'https')).toBe('bound');

    const logout = await client.post('/api/account/logout');
    expect(logout.status).toBe(200);
    expect(sessionCookieOf(logout, '__Host-qp_sid')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await client.get('/api/account/me')).status).toBe(401);
  });

  it('an unprefixed cookie (one a sibling subdomain or plain http could plant) is not read under https', async () => {
    const client = overHttps();
    await client.login('acme.user', TEST_DEMO_PASSWORD);
    const token = /__Host-qp_sid=([^;]+)/.exec(client.cookieHeader)![1];
    const planted = new TestClient(platform.url, { 'x-forwarded-proto': 'https', cookie: `qp_sid=${token}` });
    expect((await planted.get('/api/account/me')).status).toBe(401);
  });

  it('over plain http the cookie keeps its plain name (no Secure flag the browser would refuse)', async () => {
    const client = new TestClient(platform.url);
    const login = await client.login('acme.user', TEST_DEMO_PASSWORD);
    const cookie = sessionCookieOf(login, 'qp_sid');
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/Secure/i);
    expect((await client.get('/api/account/me')).status).toBe(200);
    expect(await socketBinds(client.cookieHeader, login.body.data.userId, 'http')).toBe('bound');
  });

  it('a member of another space cannot use their https session in this one', async () => {
    const nova = overHttps();
    await nova.login('nova.user', TEST_DEMO_PASSWORD);
    expect((await nova.get('/space-acme/api/org/departments')).status).toBe(403);
  });
});
