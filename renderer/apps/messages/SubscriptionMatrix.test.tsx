import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubscriptionRow } from '../../../shared/api/messages.ts';
import { byTestId, cleanup, refuse, renderPage, settle } from '../../testing/page-kit.tsx';
import { SubscribeManagePage } from './SubscribeManagePage.tsx';
import { queryApi, type Call } from '../../testing/messages-kit.ts';

afterEach(cleanup);

const URL = '/space-acme/user/subscribeManage';
const rows: SubscriptionRow[] = [
  { category: 'todo', app: null, channel: 'inApp', enabled: true, locked: true },
  { category: 'todo', app: null, channel: 'email', enabled: true, locked: false },
  { category: 'todo', app: 'forms', channel: 'email', enabled: true, locked: false },
  { category: 'notice', app: null, channel: 'inApp', enabled: true, locked: false },
  { category: 'notice', app: null, channel: 'sms', enabled: false, locked: true },
];
const toggle = (id: string) => byTestId(id) as HTMLButtonElement;

describe('SubscribeManagePage', () => {
  it('draws categories and application rows against channels; locked switches are disabled and say why', async () => {
    const { api } = queryApi({ 'GET /api/messages/subscriptions': { rows } });
    await renderPage(SubscribeManagePage, URL, api, 'en', ['user']);
    const heads = [...document.querySelectorAll('tbody th')].map((th) => th.textContent);
    expect(heads).toEqual(['To-do', 'To-do · Forms', 'Notices']);
    expect(toggle('sub-todo-all-inApp').disabled).toBe(true);
    expect(byTestId('sub-todo-all-inApp-locked')!.textContent).toContain('To-dos always arrive in the message centre');
    expect(byTestId('sub-notice-all-sms-locked')!.textContent).toContain('The administrator has fixed this setting');
    expect(toggle('sub-notice-all-inApp').disabled).toBe(false);
    expect(toggle('sub-todo-forms-email').getAttribute('aria-label')).toBe('To-do · Forms · E-mail');
    expect(byTestId('sub-todo-forms-inApp')).toBeNull();
  });

  it('saves a change at once', async () => {
    const { api, calls } = queryApi({ 'GET /api/messages/subscriptions': { rows }, 'PUT /api/messages/subscriptions': {} });
    await renderPage(SubscribeManagePage, URL, api, 'en', ['user']);
    await act(async () => toggle('sub-notice-all-inApp').click());
    await settle();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ category: 'notice', app: null, channel: 'inApp', enabled: false });
    expect(toggle('sub-notice-all-inApp').getAttribute('aria-checked')).toBe('false');
  });

  it('puts a refused change back and shows the server\'s reason', async () => {
    const { api } = queryApi({
      'GET /api/messages/subscriptions': { rows },
      'PUT /api/messages/subscriptions': (call: Call) => {
        throw refuse(400, 'messages.subscriptionLocked', `locked: ${(call.body as { channel: string }).channel}`);
      },
    });
    await renderPage(SubscribeManagePage, URL, api, 'zh-CN', ['user']);
    await act(async () => toggle('sub-todo-forms-email').click());
    await settle();
    expect(toggle('sub-todo-forms-email').getAttribute('aria-checked')).toBe('true');
    expect(byTestId('subscriptions-refused')!.textContent).toContain('locked: email');
  });

  it('says so when the subscriptions cannot be read', async () => {
    const { api } = queryApi({ 'GET /api/messages/subscriptions': () => { throw refuse(500, 'common.fetchFailed', '获取数据失败'); } });
    await renderPage(SubscribeManagePage, URL, api, 'zh-CN', ['user']);
    expect(byTestId('subscriptions-error')!.textContent).toContain('获取订阅设置失败');
    expect(byTestId('subscriptions-error')!.textContent).toContain('获取数据失败');
  });
});
