import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionRow } from '../../shared/api/messages.ts';
import type { ChatMessage } from '../../shared/chat/chat.ts';
import { chatNoticesOn, conversationOf, NoticeDecider, notifyHidden, type BrowserNotifications, type LiveNotice, type NoticeContext } from './live-notices.ts';

const ctx = (over: Partial<NoticeContext> = {}): NoticeContext => ({
  me: '7',
  spaceId: 'acme',
  lookingAt: null,
  chatAllowed: true,
  chatTitle: (m) => `from ${m.senderName}`,
  chatBody: (m) => m.body,
  chatHref: (id) => `/qChat?conversation=${id}`,
  ...over,
});
const todo = (id = '41') => ({ type: 'messages.desktop', spaceId: 'acme', id, category: 'todo', title: 'Approve order 12', text: 'Step: review', url: '/space-acme/todo' });
const line = (over: Partial<ChatMessage> = {}) => ({
  type: 'chat.message',
  spaceId: 'acme',
  message: { id: '900', conversationId: '5', senderId: '8', senderName: 'Li', kind: 'text', body: 'Line 2 stopped', file: null, mentions: [], system: null, createdAt: '', ...over },
});

describe('which pushes pop up', () => {
  it('a desktop-channel message (to-do, urge, returned record) pops up with its title and link', () => {
    expect(new NoticeDecider().decide(todo(), ctx())).toEqual({ key: 'm:41', title: 'Approve order 12', body: 'Step: review', href: '/space-acme/todo' });
    const urge = { ...todo('42'), category: 'urge', title: 'Urged: order 12' };
    expect(new NoticeDecider().decide(urge, ctx())?.title).toBe('Urged: order 12');
  });

  it('shows each message once, whichever socket event repeats it', () => {
    const decider = new NoticeDecider();
    expect(decider.decide(todo(), ctx())).not.toBeNull();
    expect(decider.decide(todo(), ctx())).toBeNull();
    expect(decider.decide(line(), ctx())).not.toBeNull();
    expect(decider.decide(line(), ctx())).toBeNull();
  });

  it('the message centre’s own events, other pushes and malformed ones pop nothing up', () => {
    const decider = new NoticeDecider();
    // messages.new is the in-app channel: the bell counts it; the pop-up follows the desktop channel only.
    expect(decider.decide({ type: 'messages.new', spaceId: 'acme', item: { id: '1', category: 'todo', title: 'x' } }, ctx())).toBeNull();
    expect(decider.decide({ type: 'messages.desktop', id: '2', category: 'nonsense', title: 'x' }, ctx())).toBeNull();
    expect(decider.decide({ type: 'chat.read', spaceId: 'acme' }, ctx())).toBeNull();
    expect(decider.decide(null, ctx())).toBeNull();
  });

  it('a chat line from another member pops up, linking to its conversation', () => {
    expect(new NoticeDecider().decide(line(), ctx())).toEqual({ key: 'c:900', title: 'from Li', body: 'Line 2 stopped', href: '/qChat?conversation=5' });
  });

  it('the member’s own line, a system line and another space’s chat pop nothing up', () => {
    const decider = new NoticeDecider();
    expect(decider.decide(line({ senderId: '7' }), ctx())).toBeNull();
    expect(decider.decide(line({ id: '901', kind: 'system' }), ctx())).toBeNull();
    expect(decider.decide({ ...line({ id: '902' }), spaceId: 'nova' }, ctx())).toBeNull();
  });

  it('the conversation on screen pops nothing up; another one does', () => {
    const decider = new NoticeDecider();
    expect(decider.decide(line(), ctx({ lookingAt: '5' }))).toBeNull();
    expect(decider.decide(line({ id: '903', conversationId: '6' }), ctx({ lookingAt: '5' }))).not.toBeNull();
  });

  it('chat notices turned off (or not known yet) pop nothing up', () => {
    expect(new NoticeDecider().decide(line(), ctx({ chatAllowed: false }))).toBeNull();
    expect(new NoticeDecider().decide(line(), ctx({ chatAllowed: null }))).toBeNull();
  });

  it('a mention right after its chat line says nothing new; one of a conversation on screen neither', () => {
    let now = 1_000;
    const decider = new NoticeDecider(() => now);
    const mention = (id: string) => ({ type: 'messages.desktop', spaceId: 'acme', id, category: 'mention', title: 'Li mentioned you', text: '@Wang', url: '/qChat?conversation=5' });
    decider.decide(line(), ctx());
    expect(decider.decide(mention('50'), ctx())).toBeNull();
    now += 10 * 60_000;
    expect(decider.decide(mention('51'), ctx({ lookingAt: '5' }))).toBeNull();
    expect(decider.decide(mention('52'), ctx())).not.toBeNull();
  });
});

describe('the chat notices’ subscription', () => {
  const row = (app: string | null, enabled: boolean, channel: SubscriptionRow['channel'] = 'desktop'): SubscriptionRow => ({ category: 'chatNotice', app, channel, enabled, locked: false });
  it('reads the desktop channel, the chat app’s row before the category’s', () => {
    expect(chatNoticesOn([row(null, true)])).toBe(true);
    expect(chatNoticesOn([row(null, false), row(null, true, 'inApp')])).toBe(false);
    expect(chatNoticesOn([row(null, true), row('chat', false)])).toBe(false);
    expect(chatNoticesOn([])).toBe(false);
  });
  it('finds the conversation a link opens', () => {
    expect(conversationOf('/space-acme/qChat?conversation=12')).toBe('12');
    expect(conversationOf('/space-acme/todo')).toBeNull();
    expect(conversationOf(undefined)).toBeNull();
  });
});

describe('the browser notification', () => {
  const notice: LiveNotice = { key: 'm:41', title: 'Approve order 12', body: 'Step: review', href: '/space-acme/todo' };
  function fake(permission: NotificationPermission) {
    const made: Array<{ title: string; options?: NotificationOptions; onclick: ((e: Event) => void) | null; close: () => void }> = [];
    const Api = vi.fn(function (this: (typeof made)[number], title: string, options?: NotificationOptions) {
      Object.assign(this, { title, options, onclick: null, close: vi.fn() });
      made.push(this);
    }) as unknown as BrowserNotifications;
    Object.assign(Api, { permission, requestPermission: vi.fn() });
    return { Api, made };
  }

  it('comes for a hidden tab where granted, tagged by the message; a click opens the item', () => {
    const { Api, made } = fake('granted');
    const open = vi.fn();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    expect(notifyHidden(Api, true, notice, open)).toBe(true);
    expect(made).toHaveLength(1);
    expect(made[0]!.options).toMatchObject({ body: 'Step: review', tag: 'm:41' });
    made[0]!.onclick!(new Event('click'));
    expect(open).toHaveBeenCalledWith('/space-acme/todo');
    expect(focus).toHaveBeenCalled();
    focus.mockRestore();
  });

  it('does not come for a visible tab, nor where not granted, and never asks', () => {
    for (const [permission, hidden] of [['granted', false], ['default', true], ['denied', true]] as const) {
      const { Api, made } = fake(permission);
      expect(notifyHidden(Api, hidden, notice, () => undefined)).toBe(false);
      expect(made).toHaveLength(0);
      expect(Api.requestPermission).not.toHaveBeenCalled();
    }
    expect(notifyHidden(null, true, notice, () => undefined)).toBe(false);
  });
});
