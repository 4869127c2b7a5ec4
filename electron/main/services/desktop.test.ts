import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PushChannel, SocketStatus } from '../../../shared/bridge.ts';
import { IpcInputError, parseIpc } from '../../../shared/ipc.ts';
import { MainPush, type WindowSink } from './main-push.ts';
import { contentSecurityPolicy, mayOpenWindow, navigationDecision } from './nav-policy.ts';
import { DEFAULT_BOUNDS, loadWindowState, saveWindowState } from './window-state.ts';

const SERVER = 'http://plant-server:8012';

describe('IPC validation', () => {
  it('accepts the contract and refuses unknown channels, extra properties and bad values', () => {
    expect(parseIpc<'notify'>('notify', { title: 'Alarm', body: 'Line 3 stopped' }).payload.title).toBe('Alarm');
    expect(() => parseIpc('fs:readFile', { path: '/etc/passwd' })).toThrow(IpcInputError);
    expect(() => parseIpc('notify', { title: 'x', body: 'y', html: '<b>' })).toThrow(/invalid notify payload/);
    expect(() => parseIpc('push:connect', { socketDomain: 'ws://x', uid: '1; drop', loginIp: '' })).toThrow(/uid/);
    expect(() => parseIpc('outbox:resolve', { id: 0, action: 'discard' })).toThrow(IpcInputError);
    expect(() => parseIpc('http:fetch', { method: 'TRACE', url: '/x', headers: {} })).toThrow(IpcInputError);
    expect(() => parseIpc('__proto__', {})).toThrow(IpcInputError);
  });
});

describe('navigation policy', () => {
  it('keeps windows on the server origin and sends other web links to the OS browser', () => {
    expect(navigationDecision(`${SERVER}/space-acme/appcenter`, SERVER)).toBe('allow');
    expect(navigationDecision('https://example.com/doc', SERVER)).toBe('external');
    expect(navigationDecision('file:///etc/passwd', SERVER)).toBe('deny');
    expect(navigationDecision('javascript:alert(1)', SERVER)).toBe('deny');
    expect(mayOpenWindow(`${SERVER}/dataview/viewer`, SERVER)).toBe(true);
    expect(mayOpenWindow('https://evil.example/', SERVER)).toBe(false);
    expect(navigationDecision('app://renderer/user/workbench', 'app://renderer')).toBe('allow');
    expect(navigationDecision('evil://renderer/', 'app://renderer')).toBe('deny');
    expect(navigationDecision('app://other/', 'app://renderer')).toBe('deny');
    expect(contentSecurityPolicy(SERVER)).toContain('connect-src \'self\' ws://plant-server:8012');
  });
});

describe('window state', () => {
  it('remembers size and position, and falls back to defaults for a damaged file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-win-'));
    const file = path.join(dir, 'window.json');
    expect(loadWindowState(file)).toEqual(DEFAULT_BOUNDS);
    saveWindowState(file, { x: 10, y: 20, width: 1400, height: 900, maximized: true });
    expect(loadWindowState(file)).toEqual({ x: 10, y: 20, width: 1400, height: 900, maximized: true });
    fs.writeFileSync(file, '{"width": 5, "height": "tall"');
    expect(loadWindowState(file)).toEqual(DEFAULT_BOUNDS);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

class FakeChannel implements PushChannel {
  messages = new Set<(m: unknown) => void>();
  statuses = new Set<(s: SocketStatus) => void>();
  connect() {}
  disconnect() {}
  onMessage(h: (m: unknown) => void) {
    this.messages.add(h);
    return () => this.messages.delete(h);
  }
  onStatus(h: (s: SocketStatus) => void) {
    this.statuses.add(h);
    return () => this.statuses.delete(h);
  }
  status(): SocketStatus {
    return 0;
  }
  emit(message: unknown) {
    for (const h of this.messages) h(message);
  }
}

describe('main-process push', () => {
  it('forwards every message to every window; notifies and counts unread only while no window is seen', () => {
    const channel = new FakeChannel();
    const sent: Array<[string, unknown]> = [];
    let seen = true;
    const window: WindowSink = { send: (c, p) => sent.push([c, p]), isSeen: () => seen };
    const notices: string[] = [];
    let unread = -1;
    const push = new MainPush(channel, () => [window, window], { setUnread: (n) => (unread = n), notify: (t, b) => notices.push(`${t}|${b}`) }, () => 'QPaaS');
    channel.emit({ title: 'Approval', text: 'Order 17 waits for you' });
    expect(sent).toHaveLength(2);
    expect(notices).toEqual([]);
    seen = false;
    channel.emit({ text: 'Line 3 stopped', url: '/user/messagecenter' });
    expect(notices).toEqual(['QPaaS|Line 3 stopped']);
    expect(unread).toBe(1);
    push.markRead();
    expect(unread).toBe(0);
  });

  it('shows the message centre\'s unread count, and one pop-up per message from the desktop channel only', () => {
    const channel = new FakeChannel();
    const notices: string[] = [];
    let unread = -1;
    const push = new MainPush(channel, () => [{ send: () => undefined, isSeen: () => false }], { setUnread: (n) => (unread = n), notify: (t, b) => notices.push(`${t}|${b}`) }, () => 'QPaaS');
    channel.emit({ type: 'messages.new', spaceId: 'acme', item: { id: '1', title: 'Notice' } });
    channel.emit({ type: 'messages.unread', spaceId: 'acme', counts: { total: 3, byCategory: {} } });
    channel.emit({ type: 'messages.desktop', spaceId: 'acme', id: '1', category: 'notice', title: 'Notice', text: 'Shift change at 14:00', url: '/user/messagecenter' });
    channel.emit({ type: 'chat.message', spaceId: 'acme', message: { body: 'hi' } });
    expect(notices).toEqual(['Notice|Shift change at 14:00']);
    expect(unread).toBe(3);
    channel.emit({ title: 'Alarm', text: 'Press 4 overheated' });
    expect(unread).toBe(4);
    // Focusing a window sees the other pushes; the unread messages stay until they are read.
    push.markRead();
    expect(unread).toBe(3);
    channel.emit({ type: 'messages.unread', spaceId: 'acme', counts: { total: 0, byCategory: {} } });
    expect(unread).toBe(0);
  });
});
