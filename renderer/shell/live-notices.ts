import { atom } from 'jotai';
import type { MessagesDesktopEvent, SubscriptionRow } from '../../shared/api/messages.ts';
import { CHAT_CONVERSATION_QUERY, type ChatMessage } from '../../shared/chat/chat.ts';
import { MESSAGE_CATEGORIES } from '../../shared/messages/notify.ts';

/**
 * The web's pop-ups for what the desktop tray announces (decision 0116): the page shows a toast, and a hidden tab
 * a browser notification where the member granted it. This file decides; LiveNotices.tsx shows.
 */
export interface LiveNotice {
  /** One per message: a second socket event (another tab, a replay) for it shows nothing. */
  key: string;
  title: string;
  body: string;
  href: string | null;
}

/** The conversation qChat has open (ChatPage sets it): its messages are on screen, so they need no pop-up. */
export const openConversationAtom = atom<string | null>(null);

export interface NoticeContext {
  me: string;
  spaceId: string | null;
  /** The conversation on screen right now (qChat is the current page, the tab visible), or null. */
  lookingAt: string | null;
  /** The member's "chat notices → desktop" subscription; null while unknown, which announces nothing. */
  chatAllowed: boolean | null;
  chatTitle(message: ChatMessage): string;
  chatBody(message: ChatMessage): string;
  chatHref(conversationId: string): string | null;
}

const isCategory = (value: unknown) => (MESSAGE_CATEGORIES as readonly unknown[]).includes(value);

function desktopEvent(value: unknown): MessagesDesktopEvent | null {
  const e = value as Partial<MessagesDesktopEvent> | null;
  if (!e || typeof e !== 'object' || e.type !== 'messages.desktop') return null;
  if (typeof e.id !== 'string' || typeof e.title !== 'string' || !isCategory(e.category)) return null;
  return e as MessagesDesktopEvent;
}

function chatEvent(value: unknown): { spaceId: string; message: ChatMessage } | null {
  const e = value as { type?: unknown; spaceId?: unknown; message?: Partial<ChatMessage> } | null;
  if (!e || typeof e !== 'object' || e.type !== 'chat.message' || typeof e.spaceId !== 'string') return null;
  const m = e.message;
  if (!m || typeof m.id !== 'string' || typeof m.conversationId !== 'string' || typeof m.senderId !== 'string') return null;
  return { spaceId: e.spaceId, message: m as ChatMessage };
}

/** The conversation a mention notice opens (its link is qChat?conversation=…), or null. */
export function conversationOf(href: string | undefined | null): string | null {
  if (!href) return null;
  try {
    return new URL(href, 'http://x').searchParams.get(CHAT_CONVERSATION_QUERY);
  } catch {
    return null;
  }
}

/**
 * Whether the subscriptions send chat notices to the desktop channel: the row for the chat app if the member or the
 * admin made one, else the category's.
 */
export function chatNoticesOn(rows: readonly SubscriptionRow[]): boolean {
  const own = (app: string | null) => rows.find((r) => r.category === 'chatNotice' && r.channel === 'desktop' && r.app === app);
  return (own('chat') ?? own(null))?.enabled ?? false;
}

/** How long a chat pop-up stands for its conversation: the mention notice that follows it says nothing new. */
const SAME_NEWS_MS = 120_000;
const REMEMBERED = 500;

/**
 * Which pushes pop up, each once. Message-centre kinds (a new to-do, an urge, a returned record, a mention, …)
 * arrive as `messages.desktop` only when the member's desktop channel is on for them: the server applies the same
 * subscription as for the tray, so here they only need to be new. A chat line comes to every participant and is
 * announced when another member wrote it, the chat notices' desktop channel is on, and it is not on screen.
 */
export class NoticeDecider {
  private readonly seen: string[] = [];
  private readonly chats = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  decide(event: unknown, ctx: NoticeContext): LiveNotice | null {
    const desktop = desktopEvent(event);
    if (desktop) {
      if (ctx.spaceId && desktop.spaceId && desktop.spaceId !== ctx.spaceId) return null;
      const conversation = desktop.category === 'mention' ? conversationOf(desktop.url) : null;
      if (conversation && (conversation === ctx.lookingAt || this.announcedLately(conversation))) return null;
      return this.once({ key: `m:${desktop.id}`, title: desktop.title, body: desktop.text ?? '', href: desktop.url ?? null });
    }
    const chat = chatEvent(event);
    if (!chat) return null;
    const { message } = chat;
    // Another space's chat belongs to the window open in it; a system line (renamed, added) is no one's message.
    if (chat.spaceId !== ctx.spaceId || message.senderId === ctx.me || message.kind === 'system') return null;
    if (ctx.chatAllowed !== true || message.conversationId === ctx.lookingAt) return null;
    const notice = this.once({ key: `c:${message.id}`, title: ctx.chatTitle(message), body: ctx.chatBody(message), href: ctx.chatHref(message.conversationId) });
    if (notice) this.chats.set(message.conversationId, this.now());
    return notice;
  }

  private announcedLately(conversation: string): boolean {
    const at = this.chats.get(conversation);
    return at !== undefined && this.now() - at < SAME_NEWS_MS;
  }

  private once(notice: LiveNotice): LiveNotice | null {
    if (this.seen.includes(notice.key)) return null;
    this.seen.push(notice.key);
    if (this.seen.length > REMEMBERED) this.seen.shift();
    return notice;
  }
}

/** The static side of the browser's Notification API used here (injectable in tests). */
export interface BrowserNotifications {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): { onclick: ((event: Event) => void) | null; close(): void };
}

export const browserNotifications = (): BrowserNotifications | null =>
  (globalThis as { Notification?: BrowserNotifications }).Notification ?? null;

/**
 * A system notification for a tab the member does not see, where already granted: this never asks (browsers ask
 * only from a user's gesture, BrowserNoticesSwitch). The tag is the message's, so tabs of one browser show it once.
 * A click brings the tab forward and opens the item in it.
 */
export function notifyHidden(api: BrowserNotifications | null, hidden: boolean, notice: LiveNotice, open: (href: string) => void): boolean {
  if (!api || !hidden || api.permission !== 'granted') return false;
  try {
    const shown = new api(notice.title, { body: notice.body.slice(0, 300), tag: notice.key });
    shown.onclick = () => {
      globalThis.window?.focus();
      if (notice.href) open(notice.href);
      shown.close();
    };
    return true;
  } catch {
    // Chrome on Android only notifies from a service worker: the toast is there when the member comes back.
    return false;
  }
}
