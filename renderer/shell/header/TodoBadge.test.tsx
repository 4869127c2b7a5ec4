import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/routes/table.ts';
import { counts, fakePush, queryApi } from '../../testing/messages-kit.ts';
import { allowedRoutesAtom } from '../../kernel/atoms.ts';
import { byTestId, cleanup, renderPage } from '../../testing/page-kit.tsx';
import { TodoBadge } from './TodoBadge.tsx';

afterEach(cleanup);

const Badge = () => <TodoBadge />;
const centre = ROUTES.find((r) => r.id === 'workflow.todoCenter')!;

describe('TodoBadge', () => {
  it('shows the pending to-dos, leads to the process centre of this space, and asks again when a message arrives', async () => {
    const push = fakePush();
    let todo = 3;
    let unread = counts({ todo: 1 });
    const { api } = queryApi({ 'GET /api/messages/unread': () => unread, 'GET /api/workflow/todo/counts': () => ({ todo, ccUnread: 0, drafts: 0 }) });
    await renderPage(Badge, '/space-acme/user/workbench', api, 'en', ['user'], { bridge: push.bridge }, (store) => store.set(allowedRoutesAtom, [centre]));
    expect(byTestId('todo-badge')!.dataset.count).toBe('3');
    expect(byTestId('todo-link')!.getAttribute('href')).toBe('/space-acme/form');
    expect(byTestId('todo-link')!.getAttribute('aria-label')).toBe('3 to-dos waiting');
    todo = 4;
    unread = counts({ todo: 2 });
    await push.emit({ type: 'messages.unread', spaceId: 'acme', counts: unread });
    expect(byTestId('todo-badge')!.dataset.count).toBe('4');
    // A to-do done elsewhere while the socket was down changes no unread count: the reconnect itself asks again.
    todo = 2;
    await push.emit({ type: 'bound', uid: 'u-1' });
    expect(byTestId('todo-badge')!.dataset.count).toBe('2');
  });

  it('is not there for someone who may not open the process centre', async () => {
    const { api, calls } = queryApi({ 'GET /api/messages/unread': counts({}) });
    await renderPage(Badge, '/space-acme/user/workbench', api, 'en', ['user'], {}, (store) => store.set(allowedRoutesAtom, []));
    expect(byTestId('todo-link')).toBeNull();
    expect(calls.some((c) => c.path.includes('/api/workflow'))).toBe(false);
  });
});
