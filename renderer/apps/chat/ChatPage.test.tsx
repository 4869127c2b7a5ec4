import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent, ChatMessage, ChatSummary } from '../../../shared/chat/chat.ts';
import { kernelStorage } from '../../kernel/storage.ts';
import type { Services } from '../../shell/services.tsx';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type } from '../../testing/page-kit.tsx';
import { ChatPage } from './ChatPage.tsx';

/** qChat's group management and links (decision 0052), against a fake API and a fake push socket. */
const person = (id: string, name: string) => ({ id, name, lastReadId: '0' });
const group: ChatSummary = {
  id: '5',
  kind: 'group',
  title: 'Line 3',
  source: { app: 'forms', recordId: '42', routeId: 'forms.detail', params: { app: '3', form: '7' }, query: { id: '42' }, title: 'Order 42' },
  createdBy: '1',
  members: [person('1', 'X'), person('2', 'Bob')],
  lastMessage: null,
  unread: 0,
};
const line = (id: string, system: ChatMessage['system']): ChatMessage => ({ id, conversationId: '5', senderId: '1', senderName: 'X', kind: 'system', body: '', file: null, mentions: [], system, createdAt: '2026-03-01T08:00:00.000Z' });
const added = line('10', { change: 'added', actor: { id: '1', name: 'X' }, people: [{ id: '2', name: 'Bob' }, { id: '3', name: 'Eve' }] });

let listeners: Array<(event: unknown) => void> = [];
const bridge = { push: { onMessage: (listener: (event: unknown) => void) => (listeners.push(listener), () => (listeners = listeners.filter((l) => l !== listener))) } };
const push = async (event: ChatEvent) => {
  await act(async () => listeners.forEach((listener) => listener(event)));
  await settle();
};

beforeEach(() => kernelStorage.setRongToken(`${Date.now() + 3_600_000}.proof`));
afterEach(() => (cleanup(), (listeners = [])));

describe('ChatPage', () => {
  it('opens the conversation named in the query, words system lines and links back to the record', async () => {
    const { api } = fakeApi({ 'GET /api/chat/conversations': { conversations: [group] }, 'GET /api/chat/conversations/5/messages': { messages: [added], older: null } });
    await renderPage(ChatPage, '/space-acme/qChat?conversation=5', api, 'en', ['user'], { bridge } as unknown as Partial<Services>);
    expect(byTestId('chat-conversation')?.dataset['chat']).toBe('5');
    expect(byTestId('chat-system-line')?.textContent).toBe('X added Bob, Eve');
    expect(byTestId('chat-source-link')?.getAttribute('href')).toBe('/space-acme/3/detail/7?id=42');
  });

  it('renames and removes through the group settings; a removed member keeps the history, read-only', async () => {
    let list = [group];
    const renamed = { ...group, title: 'Line 3 nights' };
    const { api, calls } = fakeApi({
      'GET /api/chat/conversations': () => ({ conversations: list }),
      'GET /api/chat/conversations/5/messages': { messages: [added], older: null },
      'PUT /api/chat/conversations/5/name': renamed,
      'DELETE /api/chat/conversations/5/members/2': { ...renamed, members: [person('1', 'X')] },
    });
    await renderPage(ChatPage, '/space-acme/qChat?conversation=5', api, 'zh-CN', ['user'], { bridge } as unknown as Partial<Services>);
    expect(byTestId('chat-system-line')?.textContent).toBe('X 添加了 Bob、Eve');
    await click('chat-manage');
    await type(byTestId('chat-manage-name') as HTMLInputElement, 'Line 3 nights');
    await click('chat-manage-rename');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Line 3 nights' });
    expect(document.querySelector('.qp-chat-head h2')?.textContent).toBe('Line 3 nights');
    // The creator may remove Bob (after confirming).
    await click('chat-manage-remove');
    await act(async () => (document.querySelector('.arco-popconfirm .arco-btn-primary') as HTMLElement).click());
    await settle();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/chat/conversations/5/members/2')).toBe(true);

    // Removed by someone else: the line arrives, the chat leaves the list, the history stays without a composer.
    list = [];
    await push({ type: 'chat.message', spaceId: 'acme', message: line('11', { change: 'removed', actor: { id: '2', name: 'Bob' }, people: [{ id: '1', name: 'X' }] }) });
    await push({ type: 'chat.conversation', spaceId: 'acme', conversationId: '5' });
    expect(byTestId('chat-left')).not.toBeNull();
    expect(byTestId('chat-input')).toBeNull();
    expect([...document.querySelectorAll('[data-testid="chat-system-line"]')].at(-1)?.textContent).toBe('Bob 移除了 X');
    expect(byTestId('chat-item')).toBeNull();
  });

  it('after the socket was down, the open conversation reads what it missed, once, and the list is read again', async () => {
    const text = (id: string, body: string): ChatMessage => ({ ...line(id, null), kind: 'text', body, system: null });
    let history = [text('10', 'before')];
    const { api, calls } = fakeApi({
      'GET /api/chat/conversations': { conversations: [group] },
      'GET /api/chat/conversations/5/messages': () => ({ messages: history, older: null }),
    });
    await renderPage(ChatPage, '/space-acme/qChat?conversation=5', api, 'en', ['user'], { bridge } as unknown as Partial<Services>);
    const shown = () => [...document.querySelectorAll('[data-testid="chat-message"] .qp-chat-bubble')].map((b) => b.textContent);
    expect(shown()).toEqual(['before']);
    const lists = () => calls.filter((c) => c.path === '/api/chat/conversations').length;
    const listed = lists();
    // Sent while the socket was down: no push ever brings it.
    history = [text('10', 'before'), text('11', 'missed')];
    await push({ type: 'bound', uid: '1' } as unknown as ChatEvent);
    expect(shown()).toEqual(['before', 'missed']);
    expect(lists()).toBe(listed + 1);
    // The same message pushed late (it was in flight at the reconnect) is not shown twice.
    await push({ type: 'chat.message', spaceId: 'acme', message: text('11', 'missed') });
    expect(shown()).toEqual(['before', 'missed']);
  });

  it('offers no group settings in a direct chat', async () => {
    const direct = { ...group, kind: 'direct' as const, title: 'Bob', source: null };
    const { api } = fakeApi({ 'GET /api/chat/conversations': { conversations: [direct] }, 'GET /api/chat/conversations/5/messages': { messages: [], older: null } });
    await renderPage(ChatPage, '/space-acme/qChat?conversation=5', api, 'en', ['user'], { bridge } as unknown as Partial<Services>);
    expect(byTestId('chat-conversation')).not.toBeNull();
    expect(byTestId('chat-manage')).toBeNull();
  });

  it("shows the server's refusal of a message sent too fast in the composer, and keeps what was typed", async () => {
    const tooFast = 'You are sending messages too quickly: at most 30 every 10 seconds. Wait a moment and send again.';
    const { api, calls } = fakeApi({
      'GET /api/chat/conversations': { conversations: [group] },
      'GET /api/chat/conversations/5/messages': { messages: [], older: null },
      'POST /api/chat/conversations/5/messages': () => {
        throw refuse(429, 'chat.send.tooFast', tooFast);
      },
    });
    await renderPage(ChatPage, '/space-acme/qChat?conversation=5', api, 'en', ['user'], { bridge } as unknown as Partial<Services>);
    const input = document.querySelector('[data-testid="chat-input"] textarea, textarea[data-testid="chat-input"]') as HTMLTextAreaElement;
    await type(input, 'Shift starts at 8');
    await click('chat-send');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/chat/conversations/5/messages')).toBe(true);
    expect(byTestId('chat-composer-error')?.textContent).toContain(tooFast);
    expect(input.value).toBe('Shift starts at 8');
  });
});
