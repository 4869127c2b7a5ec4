import type { PushChannel, SocketConfig, SocketStatus } from '../../shared/bridge.ts';
import { SOCKET_RECONNECT } from '../../shared/constants.ts';
import { PROMPT_CLOSE_CODES, reconnectDelay, type BackoffPolicy } from './backoff.ts';
import { kernelStorage, type KernelStorage } from './storage.ts';

export interface ReconnectConfig extends BackoffPolicy {
  /** Spec §9: a connection not open within this long is abandoned and counts as a failure. */
  timeoutMs: number;
}

/** Close codes after which reconnecting is pointless: the server refused the session or the uid. */
export const FINAL_CLOSE_CODES: readonly number[] = [4401, 4403];

/** The part of WebSocket this channel uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PushChannelOptions {
  createSocket?: (url: string) => SocketLike;
  timers?: Timers;
  config?: ReconnectConfig;
  storage?: KernelStorage;
  /** The jitter's source, in [0, 1); default Math.random. */
  random?: () => number;
  /**
   * Moments worth trying at once instead of waiting out the back-off; returns how to stop listening. Default: the
   * browser coming back online and the tab becoming visible (none outside a browser, as in Electron's main process).
   */
  wakeups?: (wake: () => void) => () => void;
}

const OPEN = 1;

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function browserWakeups(wake: () => void): () => void {
  const win = (globalThis as { window?: Window }).window;
  const doc = (globalThis as { document?: Document }).document;
  if (!win?.addEventListener) return () => undefined;
  const onVisible = () => doc?.visibilityState !== 'hidden' && wake();
  win.addEventListener('online', wake);
  doc?.addEventListener('visibilitychange', onVisible);
  return () => {
    win.removeEventListener('online', wake);
    doc?.removeEventListener('visibilitychange', onVisible);
  };
}

/** The push socket of spec §7 in the browser (on desktop it lives in the main process, behind the bridge). */
export class BrowserPushChannel implements PushChannel {
  private readonly createSocket: (url: string) => SocketLike;
  private readonly timers: Timers;
  private readonly config: ReconnectConfig;
  private readonly storage: KernelStorage;
  private readonly random: () => number;
  private readonly wakeups: (wake: () => void) => () => void;
  private stopWakeups: (() => void) | null = null;
  private readonly messageHandlers = new Set<(message: unknown) => void>();
  private readonly statusHandlers = new Set<(status: SocketStatus) => void>();
  private socket: SocketLike | null = null;
  private settings: SocketConfig | null = null;
  private current: SocketStatus = 0;
  private attempt = 0;
  private openTimer: unknown = null;
  private retryTimer: unknown = null;
  private stableTimer: unknown = null;
  private stopped = true;

  constructor(options: PushChannelOptions = {}) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.timers = options.timers ?? browserTimers;
    this.config = options.config ?? SOCKET_RECONNECT;
    this.storage = options.storage ?? kernelStorage;
    this.random = options.random ?? Math.random;
    this.wakeups = options.wakeups ?? browserWakeups;
  }

  connect(config: SocketConfig): void {
    this.disconnect();
    this.settings = config;
    this.stopped = false;
    this.attempt = 0;
    this.stopWakeups = this.wakeups(() => this.wake());
    this.open();
  }

  disconnect(): void {
    this.stopped = true;
    this.stopWakeups?.();
    this.stopWakeups = null;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      socket.close();
    }
    this.setStatus(0);
  }

  onMessage(handler: (message: unknown) => void): () => void {
    this.messageHandlers.add(handler);
    return () => this.messageHandlers.delete(handler);
  }

  onStatus(handler: (status: SocketStatus) => void): () => void {
    this.statusHandlers.add(handler);
    return () => this.statusHandlers.delete(handler);
  }

  status(): SocketStatus {
    return this.current;
  }

  /**
   * Tries now when a retry is waiting (the network is back, the user looks at the window again): nobody should
   * wait out a long back-off in front of the screen. Does nothing while a socket is open or opening.
   */
  wake(): void {
    if (this.stopped || this.retryTimer === null) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  private open(): void {
    const settings = this.settings;
    if (!settings || this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.createSocket(settings.socketDomain);
    } catch {
      // A malformed URL throws synchronously: treat it like any failed attempt.
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.openTimer = this.timers.setTimeout(() => {
      // Spec §9 timeout: a connection not open in time is abandoned and counts as a failure.
      if (socket.readyState !== OPEN) this.fail(socket, true);
    }, this.config.timeoutMs);
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.clearOpenTimer();
      // Only a connection that stays up restarts the schedule: a server that accepts and drops at once (one that
      // keeps crashing, or refuses a flood) must still see the retries slow down.
      this.stableTimer = this.timers.setTimeout(() => ((this.stableTimer = null), (this.attempt = 0)), this.config.stableMs);
      this.setStatus(1);
      socket.send(JSON.stringify({ type: 'bindUid', uid: settings.uid, login_ip: settings.loginIp }));
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data) as unknown;
      } catch {
        return; // Not JSON: nothing a page could use (spec §7 re-emits JSON messages only).
      }
      for (const handler of [...this.messageHandlers]) handler(message);
    };
    socket.onerror = () => this.fail(socket, true);
    socket.onclose = (event) => {
      if (FINAL_CLOSE_CODES.includes(event.code)) this.stopped = true;
      // A drained shutdown of a process that was serving us: the others are up, come back on the first step.
      if (opened && PROMPT_CLOSE_CODES.includes(event.code)) this.attempt = 0;
      this.fail(socket, false);
    };
  }

  /** One failure per socket (error and close both fire): status 0, then a reconnect unless stopped. */
  private fail(socket: SocketLike, close: boolean): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearOpenTimer();
    this.clearStableTimer();
    detach(socket);
    if (close) socket.close();
    this.setStatus(0);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = reconnectDelay(this.attempt, this.config, this.random);
    this.attempt += 1;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }

  private setStatus(status: SocketStatus): void {
    this.storage.setSocketStatus(status);
    if (status === this.current) return;
    this.current = status;
    for (const handler of [...this.statusHandlers]) handler(status);
  }

  private clearOpenTimer(): void {
    if (this.openTimer !== null) this.timers.clearTimeout(this.openTimer);
    this.openTimer = null;
  }

  private clearStableTimer(): void {
    if (this.stableTimer !== null) this.timers.clearTimeout(this.stableTimer);
    this.stableTimer = null;
  }

  private clearTimers(): void {
    this.clearOpenTimer();
    this.clearStableTimer();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onclose = null;
  socket.onmessage = null;
  socket.onerror = null;
}
