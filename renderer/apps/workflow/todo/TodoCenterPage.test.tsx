import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePush, queryApi, type Call } from '../../../testing/messages-kit.ts';
import { byTestId, cleanup, click, refuse, renderPage, settle } from '../../../testing/page-kit.tsx';
import { TodoCenterPage } from './TodoCenterPage.tsx';
import type { TodoRow } from './todo-model.ts';

const URL = '/space-acme/form';
const row = (key: string, extra: Partial<TodoRow> = {}): TodoRow => ({
  key, taskId: key, instanceId: `5${key}`, formId: '7', appId: '3', recordId: `4${key}`, title: `Order ${key}`, formName: 'Orders', initiatorId: '11', at: '2026-03-01T08:00:00.000Z',
  assigneeId: '1', entrustState: 'none', dueAt: null, viewedAt: null, ...extra,
});
const users = { '11': 'Ada', '12': 'Bob' };
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="todo-row"]')];
const queries = (calls: Call[]) => calls.filter((c) => c.path === '/api/workflow/todo').map((c) => c.body);

afterEach(cleanup);

describe('TodoCenterPage', () => {
  it('shows the boxes with their counts and my to-dos, each a link to the record, with on-behalf, entrustment and overdue', async () => {
    const { api } = queryApi({
      'GET /api/workflow/todo/counts': { todo: 3, ccUnread: 1, drafts: 0 },
      'GET /api/appcenter/apps': { apps: [{ id: '3', name: 'Sales' }] },
      'GET /api/workflow/todo': { rows: [row('9', { assigneeId: '12' }), row('8', { entrustState: 'requested' }), row('7', { dueAt: '2020-01-01T00:00:00.000Z' })], users, next: null },
    });
    await renderPage(TodoCenterPage, URL, api, 'en', ['user']);
    expect(byTestId('todo-count-todo')?.textContent).toBe('3');
    expect(byTestId('todo-count-cc')?.textContent).toBe('1');
    expect(byTestId('todo-count-drafts')).toBeNull();
    expect(rows()).toHaveLength(3);
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe('/space-acme/3/detail/7?id=49');
    expect(rows()[0]!.textContent).toContain('On behalf of Bob');
    expect(rows()[0]!.textContent).toContain('Initiator: Ada');
    expect(rows()[1]!.querySelector('[data-testid="todo-awaiting"]')).not.toBeNull();
    expect(rows()[2]!.querySelector('[data-testid="todo-overdue"]')).not.toBeNull();
    expect(byTestId('todo-app')).not.toBeNull();
  });

  it('pages with the keyset `next`, and reads the box again for another tab', async () => {
    const { api, calls } = queryApi({
      'GET /api/workflow/todo/counts': { todo: 0, ccUnread: 0, drafts: 1 },
      'GET /api/workflow/todo': (call: Call) => {
        const q = call.body as { box: string; after?: string };
        if (q.box === 'drafts') return { rows: [row('3', { recordId: null, state: 'draft' })], users, next: null };
        return q.after ? { rows: [row('1')], users, next: null } : { rows: [row('2')], users, next: '2' };
      },
    });
    await renderPage(TodoCenterPage, URL, api, 'en', ['user']);
    await click('todo-more');
    expect(rows().map((r) => r.dataset['key'])).toEqual(['2', '1']);
    expect(queries(calls)).toEqual([{ box: 'todo', limit: 20 }, { box: 'todo', limit: 20, after: '2' }]);
    expect(byTestId('todo-more')).toBeNull();

    await click('todo-tab-drafts');
    expect(rows().map((r) => r.dataset['key'])).toEqual(['3']);
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe('/space-acme/3/detail/7?instance=53');
    expect(byTestId('todo-state')?.textContent).toBe('Draft');
  });

  it('says when a box is empty, and offers a retry when it cannot be read', async () => {
    let down = true;
    const { api } = queryApi({
      'GET /api/workflow/todo/counts': { todo: 0, ccUnread: 0, drafts: 0 },
      'GET /api/workflow/todo': () => {
        if (down) throw refuse(503, 'common.serviceUnavailable', 'Service is not available.');
        return { rows: [], users: {}, next: null };
      },
    });
    await renderPage(TodoCenterPage, URL, api, 'en', ['user']);
    expect(byTestId('todo-error')?.textContent).toContain('Service is not available.');
    down = false;
    await click('todo-retry');
    expect(byTestId('todo-empty')?.textContent).toBe('Nothing waits for you.');
  });

  it('reads the list and counts again when a workflow notice arrives, and when the window regains focus', async () => {
    const push = fakePush();
    let n = 1;
    const { api } = queryApi({
      'GET /api/workflow/todo/counts': () => ({ todo: n, ccUnread: 0, drafts: 0 }),
      'GET /api/workflow/todo': () => ({ rows: Array.from({ length: n }, (_, i) => row(String(i + 1))), users, next: null }),
    });
    await renderPage(TodoCenterPage, URL, api, 'en', ['user'], { bridge: push.bridge });
    expect(rows()).toHaveLength(1);
    n = 2;
    await push.emit({ type: 'messages.new', item: { id: '1', category: 'chatNotice', sourceApp: 'chat', title: 'x', body: '', href: null, priority: 'normal', createdAt: '', readAt: null } });
    await settle();
    expect(rows()).toHaveLength(1);
    await push.emit({ type: 'messages.new', item: { id: '2', category: 'todo', sourceApp: 'workflow', title: 'To-do', body: '', href: null, priority: 'normal', createdAt: '', readAt: null } });
    await settle();
    expect(rows()).toHaveLength(2);
    expect(byTestId('todo-count-todo')?.textContent).toBe('2');
    n = 3;
    await act(async () => window.dispatchEvent(new Event('focus')));
    await settle();
    expect(rows()).toHaveLength(3);
  });
});
