import type { ChildProcess } from 'node:child_process';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform, TEST_DEMO_PASSWORD } from '../../../tests/support/platform.ts';
import { startScript, stopProcess } from '../../../tests/support/process.ts';
import { SOCKET_CLOSE, SOCKET_FRAME_LIMIT } from '../routes/socket.ts';

let platform: Platform;
let secondUrl: string;
let second: ChildProcess;
let root: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  // A second server process: a removal made on one must close the sockets the other holds.
  const env = { DATABASE_URL: platform.kernel.databases.url, DEMO_SEED: '0', LOG_LEVEL: 'silent' };
  const started = startScript('tests/support/serve.ts', env, /LISTENING (\S+)/);
  second = started.child;
  secondUrl = (await started.ready)[1]!;
  root = await signedIn(platform.url, 'root');
});
afterAll(async () => {
  if (second) await stopProcess(second);
  await platform?.stop();
});

interface Bound {
  ws: WebSocket;
  closed: Promise<number>;
  received: string[];
}

async function bind(base: string, client: TestClient, spacePrefix = ''): Promise<Bound> {
  const uid = (await client.get('/api/account/me')).body.data.id;
  const ws = new WebSocket(`${base.replace('http', 'ws')}${spacePrefix}/napi/socket`, { headers: { cookie: client.cookieHeader } });
  const received: string[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'bound') resolve();
      else received.push(message.text);
    });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'bindUid', uid, login_ip: '127.0.0.1' })));
    ws.on('error', reject);
  });
  return { ws, closed, received };
}

const stillOpen = (socket: Bound) => socket.ws.readyState === WebSocket.OPEN;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sockets of members who leave a space', () => {
  it('removing a membership closes the sockets bound to that space, on every process; the other spaces stay', async () => {
    const user = await signedIn(platform.url, 'acme.user');
    const uid = (await user.get('/api/account/me')).body.data.id;
    expect((await root.put(`/api/console/users/${uid}/memberships/nova`, { roles: ['user'] })).status).toBe(200);
    const inAcme = await bind(secondUrl, user);
    const inAcmeHere = await bind(platform.url, user);
    const inNova = await bind(secondUrl, user, '/space-nova');

    expect((await root.delete(`/api/console/users/${uid}/memberships/acme`)).status).toBe(200);
    expect(await inAcme.closed).toBe(SOCKET_CLOSE.membershipEnded);
    expect(await inAcmeHere.closed).toBe(SOCKET_CLOSE.membershipEnded);
    await platform.kernel.push.publish({ spaceId: 'nova' }, { type: 'notice', text: 'still here' });
    await expect.poll(() => inNova.received).toContain('still here');
    expect(stillOpen(inNova)).toBe(true);
    inNova.ws.close();
  });

  it('a socket opened before the removal and bound after it is closed too', async () => {
    const user = await signedIn(platform.url, 'acme.safe');
    const uid = (await user.get('/api/account/me')).body.data.id;
    expect((await root.put(`/api/console/users/${uid}/memberships/nova`, { roles: ['safe'] })).status).toBe(200);
    const ws = new WebSocket(`${secondUrl.replace('http', 'ws')}/space-nova/napi/socket`, { headers: { cookie: user.cookieHeader } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.on('open', resolve));
    expect((await root.delete(`/api/console/users/${uid}/memberships/nova`)).status).toBe(200);
    await pause(300);
    ws.send(JSON.stringify({ type: 'bindUid', uid, login_ip: '127.0.0.1' }));
    expect(await closed).toBe(SOCKET_CLOSE.membershipEnded);
  });

  it('disabling a space closes the sockets bound to it', async () => {
    expect((await root.post('/api/console/spaces', { id: 'tmpco', name: 'Temp Co' })).status).toBe(200);
    const created = await root.post('/api/console/users', { loginId: 'tmp.user', name: 'Temp', password: TEST_DEMO_PASSWORD, spaceId: 'tmpco', roles: ['user'] });
    expect(created.status).toBe(200);
    const member = await signedIn(platform.url, 'tmp.user');
    const socket = await bind(secondUrl, member);
    const bystander = await bind(secondUrl, await signedIn(platform.url, 'nova.user'));
    expect((await root.patch('/api/console/spaces/tmpco', { status: 'suspended' })).status).toBe(200);
    expect(await socket.closed).toBe(SOCKET_CLOSE.membershipEnded);
    await pause(200);
    expect(stillOpen(bystander)).toBe(true);
    bystander.ws.close();
  });

  it('a root visiting another space keeps its socket when memberships change', async () => {
    const visiting = await bind(platform.url, root, '/space-nova');
    const novaUser = await signedIn(platform.url, 'nova.safe');
    const uid = (await novaUser.get('/api/account/me')).body.data.id;
    expect((await root.put(`/api/console/users/${uid}/memberships/nova`, { roles: ['safe', 'user'] })).status).toBe(200);
    await pause(300);
    expect(stillOpen(visiting)).toBe(true);
    visiting.ws.close();
  });
});

describe('inbound frames per socket', () => {
  it('a socket that floods frames is closed; a normal one is not', async () => {
    const flooder = await bind(platform.url, await signedIn(platform.url, 'nova.admin'));
    const calm = await bind(platform.url, await signedIn(platform.url, 'nova.audit'));
    for (let i = 0; i < SOCKET_FRAME_LIMIT.burst * 20; i += 1) flooder.ws.send('{"type":"ping"}');
    expect(await flooder.closed).toBe(SOCKET_CLOSE.tooManyFrames);
    for (let i = 0; i < 3; i += 1) calm.ws.send('{"type":"ping"}');
    await pause(200);
    expect(stillOpen(calm)).toBe(true);
    calm.ws.close();
  });
});
