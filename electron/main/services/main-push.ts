import { WebSocket as NodeWebSocket } from 'ws';
import type { PushChannel, SocketStatus } from '../../../shared/bridge.ts';
import { BrowserPushChannel, type SocketLike } from '../../../renderer/kernel/socket.ts';
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
 * same channel as the browser's (bindUid, the §4/§9 reconnect policy, status), over `ws` with the session
 * cookie. Messages go to every window; while no window is seen they count as unread and raise a notification.
 */
export function createMainPushChannel(cookie: () => string): PushChannel {
  return new BrowserPushChannel({
    createSocket: (url) => new NodeWebSocket(url, { headers: { cookie: cookie() } }) as unknown as SocketLike,
    // socket_status belongs to the renderer's storage; the main process keeps its copy in memory.
    storage: createKernelStorage({ local: () => null, session: () => null }),
  });
}

export class MainPush {
  private unread = 0;

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

  private deliver(message: unknown): void {
    const windows = this.windows();
    for (const window of windows) window.send('push:message', message);
    if (windows.some((w) => w.isSeen())) return;
    this.unread += 1;
    this.tray.setUnread(this.unread);
    const { title, text, content, url } = (message ?? {}) as Record<string, unknown>;
    const body = typeof text === 'string' ? text : typeof content === 'string' ? content : '';
    this.tray.notify(typeof title === 'string' ? title : this.fallbackTitle(), body.slice(0, 300), typeof url === 'string' ? url : undefined);
  }

  markRead(): void {
    this.unread = 0;
    this.tray.setUnread(0);
  }

  get unreadCount(): number {
    return this.unread;
  }
}
