import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryApi } from '../../testing/messages-kit.ts';
import { byTestId, cleanup, renderPage, settle } from '../../testing/page-kit.tsx';
import { SubscribeManagePage } from './SubscribeManagePage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URL = '/space-acme/user/subscribeManage';

describe('enabling browser notifications (decision 0116)', () => {
  it('asks the browser only when the member clicks, then says they are on', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', Object.assign(function () {}, { permission: 'default', requestPermission }));
    const { api } = queryApi({ 'GET /api/messages/subscriptions': { rows: [] } });
    await renderPage(SubscribeManagePage, URL, api, 'en', ['user']);
    expect(requestPermission).not.toHaveBeenCalled();
    await act(async () => (byTestId('browser-notices-enable') as HTMLButtonElement).click());
    await settle();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(byTestId('browser-notices')!.getAttribute('data-permission')).toBe('granted');
    expect(byTestId('browser-notices')!.textContent).toContain('Browser notifications are on');
  });

  it('says where the browser blocks them, and offers no button', async () => {
    vi.stubGlobal('Notification', Object.assign(function () {}, { permission: 'denied', requestPermission: vi.fn() }));
    const { api } = queryApi({ 'GET /api/messages/subscriptions': { rows: [] } });
    await renderPage(SubscribeManagePage, URL, api, 'zh-CN', ['user']);
    expect(byTestId('browser-notices-enable')).toBeNull();
    expect(byTestId('browser-notices')!.textContent).toContain('此浏览器已阻止本站的通知');
  });
});
