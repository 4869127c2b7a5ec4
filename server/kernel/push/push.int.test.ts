import type { ChildProcess } from 'node:child_process';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { startScript, stopProcess } from '../../../tests/support/process.ts';

let platform: Platform;
let secondUrl: string;
let second: ChildProcess;

beforeAll(async () => {
  platform = await startTestPlatform();
  const env = { DATABASE_URL: platform.kernel.databases.url, DEMO_SEED: '0', LOG_LEVEL: 'silent' };
  const started = startScript('tests/support/serve.ts', env, /LISTENING (\S+)/);
  second = started.child;
  secondUrl = (await started.ready)[1]!;
});
afterAll(async () => {
  if (second) await stopProcess(second);
  await platform?.stop();
});

interface OpenSocket {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<number>;
  next(predicate: (m: any) => boolean, ms?: number): Promise<any>;
}

function openSocket(base: string, client: TestClient | null, origin?: string): Promise<OpenSocket> {
  const headers: Record<string, string> = {};
  if (client) headers.cookie = client.cookieHeader;
  if (origin) headers.origin = origin;
  const ws = new WebSocket(`${base.replace('http', 'ws')}/napi/socket`, { headers });
  const messages: unknown[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (predicate: (m: any) => boolean, ms = 5_000) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), ms);
      const check = () => {
        const found = messages.find(predicate);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, messages, closed, next }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`handshake ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

async function bound(base: string, client: TestClient): Promise<OpenSocket> {
  const socket = await openSocket(base, client);
  const uid = (await client.get('/api/account/me')).body.data.id;
  socket.ws.send(JSON.stringify({ type: 'bindUid', uid, login_ip: '127.0.0.1' }));
  await socket.next((m) => m.type === 'bound');
  return socket;
}

describe('the push socket', () => {
  it('binds the session user and refuses (closes) a uid that is not the session\'s', async () => {
    const user = await signedIn(platform.url, 'acme.user');
    const own = await bound(platform.url, user);
    own.ws.close();
    const socket = await openSocket(platform.url, user);
    const admin = await signedIn(platform.url, 'acme.admin');
    const foreignUid = (await admin.get('/api/account/me')).body.data.id;
    socket.ws.send(JSON.stringify({ type: 'bindUid', uid: foreignUid, login_ip: '127.0.0.1' }));
    expect(await socket.closed).toBe(4403);
  });

  it('closes a socket without a session', async () => {
    const socket = await openSocket(platform.url, null);
    expect(await socket.closed).toBe(4401);
  });

  it('refuses a handshake from a foreign Origin', async () => {
    const user = await signedIn(platform.url, 'acme.user');
    await expect(openSocket(platform.url, user, 'http://evil.example')).rejects.toThrow(/handshake 403/);
    const sameOrigin = await openSocket(platform.url, user, platform.url);
    sameOrigin.ws.close();
  });

  it('a push published by one server process reaches a socket held by another', async () => {
    const user = await signedIn(secondUrl, 'nova.user');
    const socket = await bound(secondUrl, user);
    const uid = (await user.get('/api/account/me')).body.data.id;
    await platform.kernel.push.publish({ userId: uid }, { type: 'notice', text: 'to one user' });
    await platform.kernel.push.publish({ spaceId: 'nova' }, { type: 'notice', text: 'to the space' });
    await platform.kernel.push.publish({ spaceId: 'acme' }, { type: 'notice', text: 'to another space' });
    await platform.kernel.push.publish({ all: true }, { type: 'notice', text: 'to everyone' });
    const big = 'x'.repeat(20_000);
    await platform.kernel.push.publish({ userId: uid }, { type: 'notice', text: big });
    await socket.next((m) => m.text === 'to one user');
    await socket.next((m) => m.text === 'to the space');
    await socket.next((m) => m.text === 'to everyone');
    await socket.next((m) => m.text === big);
    expect(socket.messages.some((m: any) => m.text === 'to another space')).toBe(false);
    socket.ws.close();
  });

  it('a push inside a rolled-back transaction is never delivered', async () => {
    const user = await signedIn(platform.url, 'acme.safe');
    const socket = await bound(platform.url, user);
    const uid = (await user.get('/api/account/me')).body.data.id;
    await platform.kernel.db
      .transaction()
      .execute(async (trx) => {
        await platform.kernel.push.publish({ userId: uid }, { text: 'ghost' }, trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await platform.kernel.push.publish({ userId: uid }, { text: 'real' });
    await socket.next((m) => m.text === 'real');
    expect(socket.messages.some((m: any) => m.text === 'ghost')).toBe(false);
    socket.ws.close();
  });

  it('signing out on one process closes the socket held by another', async () => {
    const user = await signedIn(platform.url, 'acme.audit');
    const socket = await bound(secondUrl, user);
    expect((await user.post('/api/account/logout')).status).toBe(200);
    expect(await socket.closed).toBe(4401);
  });
});
