import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MessageItem } from '../../../shared/api/messages.ts';
import { byTestId, cleanup, click, refuse, renderPage, settle } from '../../testing/page-kit.tsx';
import { MessageCenterPage } from './MessageCenterPage.tsx';
import { counts, fakePush, message, queryApi, type Call } from '../../testing/messages-kit.ts';

afterEach(cleanup);
// The shell's link interceptor takes link clicks in the app; jsdom would try to load the page.
const stopNavigation = (event: MouseEvent) => event.preventDefault();
beforeAll(() => document.addEventListener('click', stopNavigation));
afterAll(() => document.removeEventListener('click', stopNavigation));

const URL = '/space-acme/user/messagecenter';
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="message-row"]')];
const titles = () => rows().map((r) => r.querySelector('[data-testid="message-open"]')!.textContent);
const countOf = (key: string) => byTestId(`messages-count-${key}`)?.textContent ?? '';

/** A server of two keyset pages: the first answer names a cursor, the second page ends the list. */
function server(first: MessageItem[], second: MessageItem[] = [], extra: Record<string, unknown> = {}) {
  return queryApi({
    'GET /api/messages': (call: Call) => ((call.body as { cursor?: string }).cursor === 'c2' ? { items: second, next: null } : { items: first, next: second.length ? 'c2' : null }),
    'GET /api/messages/unread': counts({ notice: first.filter((m) => !m.readAt).length }),
    'POST /api/messages/read': {},
    'POST /api/messages/unread': {},
    'POST /api/messages/read-all': {},
    'POST /api/messages/delete': {},
    ...extra,
  });
}

describe('MessageCenterPage', () => {
  it('lists the categories with their unread counts and the messages, priority shown, and pages on by cursor', async () => {
    const [a, b, c] = [message({ title: 'Plant closed', priority: 'high' }), message({ title: 'Lunch' }), message({ title: 'Older' })];
    const { api, calls } = server([a, b], [c]);
    await renderPage(MessageCenterPage, URL, api, 'en', ['user']);
    expect(countOf('all')).toBe('2');
    expect(countOf('notice')).toBe('2');
    expect(titles()).toEqual(['Plant closed', 'Lunch']);
    expect(rows()[0]!.querySelector('[data-testid="message-priority"]')!.textContent).toBe('Urgent');
    await click('messages-more');
    expect(titles()).toEqual(['Plant closed', 'Lunch', 'Older']);
    const lists = calls.filter((c) => c.path === '/api/messages');
    expect(lists.map((c) => (c.body as { cursor?: string }).cursor)).toEqual([undefined, 'c2']);
    expect(byTestId('messages-more')).toBeNull();
    expect(document.body.textContent).toContain('No more messages');
  });

  it('asks the server for the chosen category, application and days', async () => {
    const { api, calls } = server([]);
    await renderPage(MessageCenterPage, URL, api, 'en', ['user']);
    await click('messages-category-todo');
    const asked = calls.filter((c) => c.path === '/api/messages').at(-1)!.body as Record<string, unknown>;
    expect(asked).toMatchObject({ category: 'todo', limit: 20 });
    expect(byTestId('messages-empty')!.textContent).toContain('No messages in this category');
    expect(byTestId('messages-category-todo')!.getAttribute('aria-current')).toBe('true');
  });

  it('adds a pushed message and takes pushed counts without a reload', async () => {
    const push = fakePush();
    const { api } = server([message({ title: 'First' })]);
    await renderPage(MessageCenterPage, URL, api, 'en', ['user'], { bridge: push.bridge });
    await push.emit({ type: 'messages.new', spaceId: 'acme', item: message({ title: 'Fresh', createdAt: new Date().toISOString() }) });
    await push.emit({ type: 'messages.unread', counts: counts({ notice: 2, urge: 3 }) });
    // Another of the member's spaces: not this page's business.
    await push.emit({ type: 'messages.new', spaceId: 'other', item: message({ title: 'Elsewhere', createdAt: new Date().toISOString() }) });
    expect(titles()).toEqual(['Fresh', 'First']);
    expect(push.listeners()).toBeGreaterThan(0);
    expect(countOf('all')).toBe('5');
    expect(countOf('urge')).toBe('3');
    // A message of another category does not join a list filtered to notices.
    await click('messages-category-notice');
    await push.emit({ type: 'messages.new', item: message({ title: 'A to-do', category: 'todo', createdAt: new Date().toISOString() }) });
    expect(titles()).not.toContain('A to-do');
  });

  it('marks one read and unread, and all of a category read, then reads the counts again', async () => {
    const item = message({ title: 'Read me', category: 'notice' });
    const { api, calls } = server([item]);
    await renderPage(MessageCenterPage, URL, api, 'en', ['user']);
    await click('message-toggle-read');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/messages/read')!.body).toEqual({ ids: [item.id] });
    expect(rows()[0]!.dataset.read).toBe('true');
    await click('message-toggle-read');
    expect(calls.find((c) => c.path === '/api/messages/unread' && c.method === 'POST')!.body).toEqual({ ids: [item.id] });
    expect(rows()[0]!.dataset.read).toBe('false');
    await click('messages-category-notice');
    await click('messages-read-all');
    expect(calls.find((c) => c.path === '/api/messages/read-all')!.body).toEqual({ category: 'notice' });
    expect(rows()[0]!.dataset.read).toBe('true');
    expect(calls.filter((c) => c.path === '/api/messages/unread' && c.method === 'GET').length).toBeGreaterThan(2);
  });

  it('opens a message through its link and marks it read', async () => {
    const item = message({ title: 'Approve order', href: '/space-acme/form/app/1' });
    const { api, calls } = server([item]);
    await renderPage(MessageCenterPage, URL, api, 'en', ['user']);
    const link = byTestId('message-open') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/space-acme/form/app/1');
    await click('message-open');
    expect(calls.find((c) => c.path === '/api/messages/read')!.body).toEqual({ ids: [item.id] });
  });

  it('deletes the selected messages after a confirmation', async () => {
    const [a, b, c] = [message({ title: 'A' }), message({ title: 'B' }), message({ title: 'C' })];
    const { api, calls } = server([a, b, c]);
    await renderPage(MessageCenterPage, URL, api, 'en', ['user']);
    const boxes = rows().map((r) => r.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    await act(async () => boxes[0]!.click());
    await act(async () => boxes[2]!.click());
    await click('messages-delete-selected');
    expect(calls.some((call) => call.path === '/api/messages/delete')).toBe(false);
    expect(document.body.textContent).toContain('Delete the selected messages (2)?');
    await click('messages-delete-ok');
    expect(calls.find((call) => call.path === '/api/messages/delete')!.body).toEqual({ ids: [a.id, c.id] });
    expect(titles()).toEqual(['B']);
  });

  it('shows a refused change in the member\'s language and keeps the list as it was', async () => {
    const { api } = server([message({ title: 'Kept' })], [], { 'POST /api/messages/read': () => { throw refuse(500, 'common.operationFailed', '操作失败'); } });
    await renderPage(MessageCenterPage, URL, api, 'zh-CN', ['user']);
    await click('message-toggle-read');
    await settle();
    expect(byTestId('messages-feedback')!.textContent).toContain('操作失败');
    expect(rows()[0]!.dataset.read).toBe('false');
  });

  it('says so when the list cannot be read, in Chinese, and tries again on request', async () => {
    let fail = true;
    const { api } = queryApi({
      'GET /api/messages': () => {
        if (fail) throw refuse(503, 'common.serviceUnavailable', '服务不可用');
        return { items: [], next: null };
      },
      'GET /api/messages/unread': counts({}),
    });
    await renderPage(MessageCenterPage, URL, api, 'zh-CN', ['user']);
    expect(byTestId('messages-error')!.textContent).toContain('获取消息失败');
    expect(byTestId('messages-error')!.textContent).toContain('服务不可用');
    fail = false;
    await act(async () => byTestId('messages-error')!.querySelector('button')!.click());
    await settle();
    expect(byTestId('messages-empty')!.textContent).toContain('暂无消息');
  });

  it('offers the notice dialog to administrators only', async () => {
    await renderPage(MessageCenterPage, URL, server([]).api, 'en', ['user']);
    expect(byTestId('messages-send-notice')).toBeNull();
    cleanup();
    await renderPage(MessageCenterPage, URL, server([]).api, 'en', ['admin']);
    expect(byTestId('messages-send-notice')).not.toBeNull();
    expect(byTestId('messages-subscriptions-link')!.getAttribute('href')).toBe('/space-acme/user/subscribeManage');
  });
});
