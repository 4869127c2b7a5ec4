import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryItem, SubscriptionDefaultRow } from '../../../shared/api/messages.ts';
import { byTestId, cleanup, click, refuse, renderPage, settle } from '../../testing/page-kit.tsx';
import { SystemPushPage } from './SystemPushPage.tsx';
import { queryApi, type Call } from '../../testing/messages-kit.ts';

afterEach(cleanup);

const URL = '/space-acme/system/push';
const toggle = (id: string) => byTestId(id) as HTMLButtonElement;
const box = (id: string) => byTestId(id)!.querySelector('input') as HTMLInputElement;
const clickBox = (id: string) => act(async () => box(id).click());

function failure(id: string, partial: Partial<DeliveryItem> = {}): DeliveryItem {
  return {
    id,
    messageId: '1',
    userId: '2',
    userName: 'Ann',
    channel: 'email',
    category: 'notice',
    title: `Drill ${id}`,
    state: 'retrying',
    attempts: 1,
    nextAt: '2025-01-01T00:10:00.000Z',
    error: 'No outgoing mail server (SMTP) is set for this enterprise',
    createdAt: '2025-01-01T00:00:00.000Z',
    doneAt: null,
    ...partial,
  };
}

describe('push settings: default subscriptions', () => {
  it('draws the whole matrix with the built-in defaults; in-app to-dos are fixed on', async () => {
    const { api } = queryApi({ 'GET /api/messages/subscription-defaults': { rows: [] } });
    await renderPage(SystemPushPage, URL, api, 'en', ['admin']);
    expect(document.querySelector('h1')!.textContent).toBe('Push settings');
    expect(toggle('default-notice-all-inApp').getAttribute('aria-checked')).toBe('true');
    expect(toggle('default-notice-all-email').getAttribute('aria-checked')).toBe('false');
    expect(box('default-notice-all-email-changeable').checked).toBe(true);
    expect(toggle('default-todo-all-inApp').disabled).toBe(true);
    expect(byTestId('default-todo-all-inApp-locked')!.textContent).toContain('To-dos always arrive in the message centre');
    expect(byTestId('default-todo-all-inApp-changeable')).toBeNull();
    expect(box('default-notice-all-email-changeable').closest('label')!.textContent).toBe('Notices · E-mail: Members may change');
    expect((byTestId('push-defaults-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the changed cells, one call each, with "on" and "members may change" together', async () => {
    let stored: SubscriptionDefaultRow[] = [];
    const { api, calls } = queryApi({
      'GET /api/messages/subscription-defaults': () => ({ rows: stored }),
      'PUT /api/messages/subscription-defaults': (call: Call) => {
        stored = [...stored, call.body as SubscriptionDefaultRow];
        return { rows: stored };
      },
    });
    await renderPage(SystemPushPage, URL, api, 'en', ['admin']);
    await act(async () => toggle('default-notice-all-email').click());
    await clickBox('default-notice-all-email-changeable');
    await act(async () => toggle('default-cc-all-desktop').click());
    expect(byTestId('push-defaults-pending')!.textContent).toBe('Unsaved changes: 2');
    await click('push-defaults-save');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { category: 'cc', app: null, channel: 'desktop', enabled: false, locked: false },
      { category: 'notice', app: null, channel: 'email', enabled: true, locked: true },
    ]);
    expect(byTestId('push-defaults-feedback')!.textContent).toContain('Default subscriptions saved (2 changed)');
    expect(toggle('default-notice-all-email').getAttribute('aria-checked')).toBe('true');
    expect(box('default-notice-all-email-changeable').checked).toBe(false);
    expect((byTestId('push-defaults-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server\'s refusal in the reader\'s language and keeps what was not saved edited', async () => {
    const { api } = queryApi({
      'GET /api/messages/subscription-defaults': { rows: [] },
      'PUT /api/messages/subscription-defaults': () => {
        throw refuse(403, 'common.forbidden', '没有权限执行此操作');
      },
    });
    await renderPage(SystemPushPage, URL, api, 'zh-CN', ['admin']);
    await act(async () => toggle('default-notice-all-sms').click());
    await click('push-defaults-save');
    expect(byTestId('push-defaults-feedback')!.textContent).toBe('未保存：没有权限执行此操作');
    expect(toggle('default-notice-all-sms').getAttribute('aria-checked')).toBe('true');
    expect(byTestId('push-defaults-pending')!.textContent).toBe('未保存的更改：1');
    await click('push-defaults-discard');
    expect(toggle('default-notice-all-sms').getAttribute('aria-checked')).toBe('false');
  });

  it('says so when the defaults cannot be read, and tries again', async () => {
    let fail = true;
    const { api } = queryApi({
      'GET /api/messages/subscription-defaults': () => {
        if (fail) throw refuse(500, 'common.fetchFailed', '获取数据失败');
        return { rows: [] };
      },
    });
    await renderPage(SystemPushPage, URL, api, 'zh-CN', ['admin']);
    expect(byTestId('push-defaults-error')!.textContent).toContain('获取默认订阅失败');
    fail = false;
    await act(async () => byTestId('push-defaults-error')!.querySelector('button')!.click());
    await settle();
    expect(byTestId('push-defaults')).not.toBeNull();
  });
});

describe('push settings: delivery failures', () => {
  async function openFailures(routes: Record<string, unknown>, language: 'en' | 'zh-CN' = 'en') {
    const faked = queryApi({ 'GET /api/messages/subscription-defaults': { rows: [] }, ...routes });
    await renderPage(SystemPushPage, URL, faked.api, language, ['admin']);
    await click('push-tab-failures');
    return faked;
  }
  const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="push-failure-row"]')].map((r) => r.dataset.id);

  /** The server's filter, as the fake answers it: every failure, or those retrying or given up, of one channel. */
  function serverFiltered(all: DeliveryItem[]) {
    return ({ body }: { body: unknown }) => {
      const q = body as { state: string; channel?: string };
      const state = q.state === 'retrying' ? 'retrying' : q.state === 'gaveUp' ? 'failed' : null;
      return { items: all.filter((d) => (!state || d.state === state) && (!q.channel || d.channel === q.channel)), next: null };
    };
  }

  it('lists failed and retrying deliveries with the reason, and asks the server to filter them by state', async () => {
    const { calls } = await openFailures({
      'GET /api/messages/deliveries': serverFiltered([failure('3'), failure('2', { channel: 'sms', state: 'failed', attempts: 8, nextAt: null }), failure('1', { state: 'failed', nextAt: null })]),
    });
    expect(calls.find((c) => c.path === '/api/messages/deliveries')!.body).toEqual({ state: 'failed' });
    expect(rows()).toEqual(['3', '2', '1']);
    const first = document.querySelector('[data-testid="push-failure-row"]')!;
    expect(first.textContent).toContain('Ann');
    expect(first.textContent).toContain('E-mail');
    expect(first.textContent).toContain('Notices');
    expect(first.textContent).toContain('Drill 3');
    expect(first.textContent).toContain('No outgoing mail server');
    expect(first.textContent).toContain('Retrying');
    await click('push-failures-state-failed');
    expect(calls.filter((c) => c.path === '/api/messages/deliveries').at(-1)!.body).toEqual({ state: 'gaveUp' });
    expect(rows()).toEqual(['2', '1']);
    await click('push-failures-state-all');
    expect(rows()).toEqual(['3', '2', '1']);
  });

  it('filters by channel on the server; no match is said as such', async () => {
    const { calls } = await openFailures({ 'GET /api/messages/deliveries': serverFiltered([failure('3'), failure('2', { channel: 'sms' })]) });
    await act(async () => (byTestId('push-failures-channel')!.querySelector('.arco-select-view') as HTMLElement).click());
    await settle();
    const sms = [...document.querySelectorAll<HTMLElement>('.arco-select-option')].find((o) => o.textContent === 'SMS')!;
    await act(async () => sms.click());
    await settle();
    expect(calls.filter((c) => c.path === '/api/messages/deliveries').at(-1)!.body).toEqual({ state: 'failed', channel: 'sms' });
    expect(rows()).toEqual(['2']);
    await click('push-failures-state-failed');
    expect(rows()).toEqual([]);
    expect(byTestId('push-failures-no-match')!.textContent).toContain('No failures match these filters');
  });

  it('retries one delivery and lists again', async () => {
    let listed = [failure('3', { state: 'failed', attempts: 8, nextAt: null })];
    const { calls } = await openFailures({
      'GET /api/messages/deliveries': () => ({ items: listed, next: null }),
      'POST /api/messages/deliveries/3/retry': () => {
        listed = [failure('3', { attempts: 0 })];
        return null;
      },
    });
    const retry = document.querySelector<HTMLButtonElement>('[data-testid="push-failure-retry"]')!;
    expect(retry.getAttribute('aria-label')).toBe('Retry “Drill 3” to Ann');
    await act(async () => retry.click());
    await settle();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/messages/deliveries/3/retry')).toBe(true);
    expect(byTestId('push-failures-feedback')!.textContent).toContain('is queued to be sent again');
    expect(document.querySelector<HTMLElement>('[data-testid="push-failure-row"]')!.dataset.state).toBe('retrying');
  });

  it('loads further pages', async () => {
    const { calls } = await openFailures({
      'GET /api/messages/deliveries': (call: Call) => ((call.body as { cursor?: string }).cursor === '3' ? { items: [failure('2')], next: null } : { items: [failure('3')], next: '3' }),
    });
    await click('push-failures-more');
    expect(calls.filter((c) => c.path === '/api/messages/deliveries').map((c) => c.body)).toEqual([{ state: 'failed' }, { state: 'failed', cursor: '3' }]);
    expect(rows()).toEqual(['3', '2']);
    expect(byTestId('push-failures-more')).toBeNull();
  });

  it('has an empty state and an error state', async () => {
    await openFailures({ 'GET /api/messages/deliveries': { items: [], next: null } }, 'zh-CN');
    expect(byTestId('push-failures-empty')!.textContent).toContain('暂无推送失败');
    cleanup();
    await openFailures({ 'GET /api/messages/deliveries': () => { throw refuse(500, 'common.fetchFailed', '获取数据失败'); } }, 'zh-CN');
    expect(byTestId('push-failures-error')!.textContent).toContain('获取推送失败记录失败');
    expect(byTestId('push-failures-error')!.textContent).toContain('获取数据失败');
  });
});
