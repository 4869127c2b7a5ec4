import { afterEach, describe, expect, it } from 'vitest';
import { queryApi, type Call } from '../../../testing/messages-kit.ts';
import { byTestId, cleanup, click, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { detail, waitFor } from '../run/test-kit.ts';
import type { TodoRow } from '../todo/todo-model.ts';
import { MobileTodoPage } from './MobileTodoPage.tsx';

const row = (key: string, extra: Partial<TodoRow> = {}): TodoRow => ({
  key, taskId: key, instanceId: `5${key}`, formId: '7', appId: '3', recordId: `4${key}`, title: `Order ${key}`, formName: 'Orders', initiatorId: '11',
  at: '2026-03-01T08:00:00.000Z', assigneeId: '1', entrustState: 'none', dueAt: null, viewedAt: null, ...extra,
});
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="todo-row"]')];
const boxes = (calls: Call[]) => calls.filter((c) => c.path === '/api/workflow/todo').map((c) => (c.body as { box: string }).box);

afterEach(cleanup);

describe('MobileTodoPage', () => {
  it('lists my to-dos with the box counts; each row opens the to-do on the phone page, in this space', async () => {
    const { api, calls } = queryApi({
      'GET /api/workflow/todo/counts': { todo: 2, ccUnread: 1, drafts: 4 },
      'GET /api/workflow/todo': (call: Call) =>
        (call.body as { box: string }).box === 'cc' ? { rows: [row('3', { fromUserId: '11', readAt: null })], users: { '11': 'Ada' }, next: null } : { rows: [row('9'), row('8')], users: { '11': 'Ada' }, next: null },
    });
    await renderPage(MobileTodoPage, '/space-acme/m/todo', api, 'en', ['user']);
    expect(byTestId('todo-count-todo')?.textContent).toBe('2');
    expect(byTestId('todo-count-cc')?.textContent).toBe('1');
    // The phone has three boxes: drafts and initiated stay on the web's process centre.
    expect(byTestId('todo-tab-drafts')).toBeNull();
    expect(byTestId('todo-tab-todo')?.getAttribute('aria-pressed')).toBe('true');
    expect(rows().map((r) => r.querySelector('a')?.getAttribute('href'))).toEqual(['/space-acme/m/todo?instance=59', '/space-acme/m/todo?instance=58']);
    expect(rows()[0]!.textContent).toContain('Initiator: Ada');
    await click('todo-tab-cc');
    expect(boxes(calls)).toEqual(['todo', 'cc']);
    expect(rows()[0]!.textContent).toContain('by Ada');
  });

  it('opens one to-do with the record and its actions, and approves it with an opinion by a tap', async () => {
    let reads = 0;
    const { api, calls } = queryApi({
      'GET /api/workflow/instances/5': () => (reads++, detail()),
      'POST /api/workflow/instances/5/approve': { state: 'approved' },
    });
    await renderPage(MobileTodoPage, '/space-acme/m/todo?instance=5', api, 'en', ['user']);
    await waitFor('flow-panel');
    expect(byTestId('m-todo-detail')?.textContent).toContain('Sales · Orders');
    expect(byTestId('flow-action-return')).not.toBeNull();
    await click('flow-action-approve');
    await type(byTestId('flow-dialog-reason') as HTMLTextAreaElement, 'Fine');
    await click('flow-dialog-ok');
    await settle();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/workflow/instances/5/approve', body: { taskId: '71', reason: 'Fine', values: {} } });
    expect(reads).toBe(2);
  });

  it('says so when the to-do is gone, and ignores an address that is no instance id', async () => {
    const { api, calls } = queryApi({ 'GET /api/workflow/todo/counts': { todo: 0, ccUnread: 0, drafts: 0 }, 'GET /api/workflow/todo': { rows: [], users: {}, next: null } });
    await renderPage(MobileTodoPage, '/m/todo?instance=99', api, 'en', ['user']);
    expect(byTestId('m-todo-gone')).not.toBeNull();
    cleanup();
    await renderPage(MobileTodoPage, '/m/todo?instance=../x', api, 'en', ['user']);
    expect(byTestId('todo-empty')).not.toBeNull();
    expect(calls.some((c) => c.path.includes('..'))).toBe(false);
  });
});
