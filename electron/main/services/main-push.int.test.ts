import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketStatus } from '../../../shared/bridge.ts';
import type { Platform } from '../../../server/platform.ts';
import { signedIn } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { MainPush, createMainPushChannel } from './main-push.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the desktop push socket (main process, real server)', () => {
  it('binds with the session cookie, reports status 1, and forwards server pushes to windows and the tray', async () => {
    const user = await signedIn(platform.url, 'acme.user');
    const uid = (await user.get('/api/account/me')).body.data.id as string;
    const channel = createMainPushChannel(() => user.cookieHeader);
    const statuses: SocketStatus[] = [];
    const forwarded: unknown[] = [];
    const notices: string[] = [];
    new MainPush(channel, () => [{ send: (c, p) => c === 'push:message' && forwarded.push(p), isSeen: () => false }], { setUnread: () => undefined, notify: (t, b) => notices.push(b) }, () => 'QPaaS');
    channel.onStatus((s) => statuses.push(s));
    channel.connect({ socketDomain: `${platform.url.replace('http', 'ws')}/napi/socket`, uid, loginIp: '127.0.0.1' });
    await until(() => channel.status() === 1);
    await until(() => platform.kernel.hub.size > 0);
    await platform.kernel.push.publish({ userId: uid }, { title: 'Alarm', text: 'Press 4 overheated' });
    await until(() => notices.includes('Press 4 overheated'));
    expect(forwarded.some((m) => (m as { text?: string }).text === 'Press 4 overheated')).toBe(true);
    channel.disconnect();
    await until(() => channel.status() === 0);
    expect(statuses).toContain(1);
  });

  it('a socket whose session ends is closed by the server and does not reconnect', async () => {
    const user = await signedIn(platform.url, 'acme.audit');
    const uid = (await user.get('/api/account/me')).body.data.id as string;
    const channel = createMainPushChannel(() => user.cookieHeader);
    channel.connect({ socketDomain: `${platform.url.replace('http', 'ws')}/napi/socket`, uid, loginIp: '127.0.0.1' });
    await until(() => channel.status() === 1);
    await user.post('/api/account/logout');
    await until(() => channel.status() === 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(channel.status()).toBe(0);
    channel.disconnect();
  });
});
