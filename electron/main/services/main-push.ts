import { WebSocket as NodeWebSocket } from 'ws';
import type { PushChannel, SocketStatus } from '../../../shared/bridge.ts';
import { BrowserPushChannel, type PushChannelOptions, type SocketLike } from '../../../renderer/kernel/socket.ts';
import { createKernelStorage } from '../../../renderer/kernel/storage.ts';

/** A window the main process forwards push events to (a BrowserWindow's webContents, or a test double). */
export interface WindowSink {
  send(channel: 'push:message' | 'push:status', payload: unknown): void;
  /** Visible and not minimised: the user sees the page, so no system notification is needed. */
  isSeen(): boolean;
}

export interface TrayFeed {
  setUnread(count: number): void;
  notify(title: string, body: string, url?: string): void;
}

/**
 * The push socket of the desktop app lives here, in the main process (one per app, not one per window): the
 * same channel as the browser's (bindUid, the reconnect schedule of decision 0110, status), over `ws` with the
 * session cookie. Messages go to every window; while no window is seen they count as unread and raise a
 * notification. The main process has no tab to become visible: `wakeups` are the desktop's moments to try at once
 * (a window focused, the machine woken from sleep).
 */
export function createMainPushChannel(cookie: () => string, wakeups?: PushChannelOptions['wakeups']): PushChannel {
  return new BrowserPushChannel({
    createSocket: (url) => new NodeWebSocket(url, { headers: { cookie: cookie() } }) as unknown as SocketLike,
    // Without any, nothing: there is no window or document in the main process to listen to.
    wakeups: wakeups ?? (() => () => undefined),
    // socket_status belongs to the renderer's storage; the main process keeps its copy in memory.
    storage: createKernelStorage({ local: () => null, session: () => null }),
  });
}

/** Events the windows draw themselves (the message centre's list and counts, chat): never a pop-up of their own. */
const WINDOW_ONLY = /^(messages\.(new|unread)|chat\.)/;

export class MainPush {
  /** The member's unread messages as the server counts them (the latest `messages.unread`). */
  private serverUnread = 0;
  /** Other pushes (device alarms and the like) that arrived while no window was seen. */
  private unseen = 0;

  constructor(
    readonly channel: PushChannel,
    private readonly windows: () => WindowSink[],
    private readonly tray: TrayFeed,
    private readonly fallbackTitle: () => string,
  ) {
    channel.onMessage((message) => this.deliver(message));
    channel.onStatus((status: SocketStatus) => {
      for (const window of this.windows()) window.send('push:status', status);
    });
  }

  /**
   * Every message goes to every window. The tray shows the message centre's own unread count, plus other pushes
   * that arrived unseen; a pop-up comes for the desktop channel's events (the member's subscription
   * decides, so a message arrives as one pop-up, not one per socket event) and for other titled pushes.
   */
  private deliver(message: unknown): void {
    const windows = this.windows();
    for (const window of windows) window.send('push:message', message);
    const event = (message ?? {}) as Record<string, unknown>;
    const type = typeof event.type === 'string' ? event.type : '';
    if (type === 'messages.unread') {
      const total = (event.counts as { total?: unknown } | undefined)?.total;
      this.serverUnread = typeof total === 'number' && total >= 0 ? total : this.serverUnread;
      return this.showUnread();
    }
    if (WINDOW_ONLY.test(type) || windows.some((w) => w.isSeen())) return;
    // A desktop-channel message is already in the server's count; anything else is counted here until seen.
    if (type !== 'messages.desktop') this.unseen += 1;
    this.showUnread();
    const { title, text, content, url } = event;
    const body = typeof text === 'string' ? text : typeof content === 'string' ? content : '';
    this.tray.notify(typeof title === 'string' ? title : this.fallbackTitle(), body.slice(0, 300), typeof url === 'string' ? url : undefined);
  }

  private showUnread(): void {
    this.tray.setUnread(this.serverUnread + this.unseen);
  }

  /** A window was focused: the pushes counted while unseen are seen; unread messages stay until read. */
  markRead(): void {
    this.unseen = 0;
    this.showUnread();
  }

  get unreadCount(): number {
    return this.serverUnread + this.unseen;
  }
}
