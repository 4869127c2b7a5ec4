import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, renderPage } from '../../../testing/page-kit.tsx';
import { counts, message, queryApi, type Call } from '../../../testing/messages-kit.ts';
import { MobileMessagesPage } from './MobileMessagesPage.tsx';

afterEach(cleanup);

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="message-row"]')];

describe('MobileMessagesPage', () => {
  it('shows the categories with their unread counts and the messages; "read" marks one read by a tap', async () => {
    let unread = counts({ todo: 1, notice: 1 });
    const todo = message({ category: 'todo', title: 'To-do: Pumps', href: '/space-acme/m/todo?instance=5' });
    const notice = message({ category: 'notice', title: 'Holiday' });
    const { api, calls } = queryApi({
      'GET /api/messages': (call: Call) => ({ items: (call.body as { category?: string }).category === 'notice' ? [notice] : [todo, notice], next: null }),
      'GET /api/messages/unread': () => unread,
      'POST /api/messages/read': () => ((unread = counts({ notice: 1 })), {}),
    });
    await renderPage(MobileMessagesPage, '/space-acme/m/messages', api, 'en', ['user']);
    expect(byTestId('messages-count-all')?.textContent).toContain('2');
    expect(byTestId('messages-count-todo')?.textContent).toContain('1');
    expect(rows().map((r) => r.dataset.read)).toEqual(['false', 'false']);
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe('/space-acme/m/todo?instance=5');

    await click('message-mark-read');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/messages/read', body: { ids: [todo.id] } });
    expect(rows().map((r) => r.dataset.read)).toEqual(['true', 'false']);
    expect(byTestId('messages-count-todo')).toBeNull();

    await click('messages-category-notice');
    expect(byTestId('messages-category-notice')?.getAttribute('aria-pressed')).toBe('true');
    expect(rows()).toHaveLength(1);
  });

  it('"all read" marks the category read; a refusal is said in the member’s language and changes nothing', async () => {
    const item = message({ category: 'notice', title: 'Holiday' });
    const { api, calls } = queryApi({
      'GET /api/messages': { items: [item], next: null },
      'GET /api/messages/unread': counts({ notice: 1 }),
      'POST /api/messages/read-all': () => {
        throw new Error('The service is not available.');
      },
    });
    await renderPage(MobileMessagesPage, '/m/messages', api, 'en', ['user']);
    await click('messages-read-all');
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/messages/read-all');
    expect(byTestId('messages-feedback')?.textContent).toContain('The service is not available.');
    expect(rows()[0]!.dataset.read).toBe('false');
  });
});
