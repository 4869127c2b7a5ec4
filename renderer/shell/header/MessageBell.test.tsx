import { afterEach, describe, expect, it } from 'vitest';
import { counts, fakePush, queryApi } from '../../testing/messages-kit.ts';
import { byTestId, cleanup, renderPage } from '../../testing/page-kit.tsx';
import { MessageBell } from './MessageBell.tsx';

afterEach(cleanup);

const Bell = () => <MessageBell />;

describe('MessageBell', () => {
  it('shows the unread count, follows the socket and leads to the message centre of this space', async () => {
    const push = fakePush();
    const { api, calls } = queryApi({ 'GET /api/messages/unread': counts({ todo: 2, notice: 1 }) });
    await renderPage(Bell, '/space-acme/user/workbench', api, 'en', ['user'], { bridge: push.bridge });
    const bell = byTestId('message-bell')!;
    expect(byTestId('message-bell-badge')!.dataset.count).toBe('3');
    expect(bell.getAttribute('aria-label')).toBe('Message centre, unread: 3');
    expect(bell.getAttribute('href')).toBe('/space-acme/user/messagecenter');
    await push.emit({ type: 'messages.unread', spaceId: 'acme', counts: counts({ notice: 1 }) });
    expect(byTestId('message-bell-badge')!.dataset.count).toBe('1');
    await push.emit({ type: 'messages.unread', spaceId: 'acme', counts: counts({}) });
    expect(bell.getAttribute('aria-label')).toBe('Message centre, nothing unread');
    // Back from a lost connection, the counts are read again (pushes sent meanwhile never arrived).
    const before = calls.length;
    await push.emit({ type: 'bound', uid: 'u-1' });
    expect(calls.length).toBe(before + 1);
  });
});
