import { describe, expect, it, vi } from 'vitest';
import { createBrowserBridge, type NotificationApi } from './bridge-browser.ts';
import { BrowserPushChannel } from './socket.ts';

function fakeNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; body: string | undefined }[] = [];
  const requestPermission = vi.fn(async () => answer);
  const api = class {
    static permission = permission;
    static requestPermission = requestPermission;
    onclick: ((event: Event) => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  } as unknown as NotificationApi;
  return { api, shown, requestPermission };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('createBrowserBridge', () => {
  it('is the browser kind with a BrowserPushChannel', () => {
    const bridge = createBrowserBridge({ notification: null });
    expect(bridge.kind).toBe('browser');
    expect(bridge.push).toBeInstanceOf(BrowserPushChannel);
  });

  it('opens windows with noopener and external links with noopener,noreferrer', () => {
    const open = vi.fn();
    const bridge = createBrowserBridge({ open, notification: null });
    bridge.openWindow('/forms/x');
    bridge.openExternal('https://example.org');
    expect(open.mock.calls).toEqual([
      ['/forms/x', '_blank', 'noopener'],
      ['https://example.org', '_blank', 'noopener,noreferrer'],
    ]);
  });

  it('defaults to window.open', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    createBrowserBridge({ notification: null }).openWindow('/a');
    expect(open).toHaveBeenCalledWith('/a', '_blank', 'noopener');
    open.mockRestore();
  });

  it('shows a notification when permission is granted', async () => {
    const { api, shown, requestPermission } = fakeNotification('granted');
    createBrowserBridge({ notification: api }).notify('Title', 'Body');
    await settle();
    expect(shown).toEqual([{ title: 'Title', body: 'Body' }]);
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('asks for permission once, and shows nothing when refused', async () => {
    const { api, shown, requestPermission } = fakeNotification('default', 'denied');
    const bridge = createBrowserBridge({ notification: api });
    bridge.notify('a', 'b');
    bridge.notify('c', 'd');
    await settle();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([]);
  });

  it('does nothing when permission is denied or the API is missing', async () => {
    const denied = fakeNotification('denied');
    createBrowserBridge({ notification: denied.api }).notify('a', 'b');
    expect(() => createBrowserBridge({ notification: null }).notify('a', 'b')).not.toThrow();
    await settle();
    expect(denied.requestPermission).not.toHaveBeenCalled();
    expect(denied.shown).toEqual([]);
  });
});
