/**
 * The one interface between renderer pages and their host. The web build implements it in the browser
 * (renderer/kernel/bridge-browser.ts); the desktop build implements it in the Electron preload, where the push
 * socket lives in the main process. Pages never import `electron` and never care which one they run in.
 */
export type SocketStatus = 0 | 1;

export interface SocketConfig {
  /** ws(s) URL of the push socket (qycloudBaseInfo → websocketConfig.socketDomain). */
  socketDomain: string;
  uid: string;
  loginIp: string;
}

export interface PushChannel {
  connect(config: SocketConfig): void;
  disconnect(): void;
  /** Incoming JSON messages, re-emitted as they arrive (spec §7). Returns an unsubscribe function. */
  onMessage(handler: (message: unknown) => void): () => void;
  /** 1 when open, 0 on close or error (spec §3 socket_status). */
  onStatus(handler: (status: SocketStatus) => void): () => void;
  status(): SocketStatus;
}

export interface Bridge {
  kind: 'browser' | 'desktop';
  /** Pages marked "always open in a new window": a browser window, or a new BrowserWindow on desktop. */
  openWindow(url: string): void;
  /** Links outside the platform: the OS browser on desktop, a new tab on the web. */
  openExternal(url: string): void;
  push: PushChannel;
  /** A system notification (desktop: tray notification; web: the Notification API where permitted). */
  notify(title: string, body: string, url?: string): void;
}
