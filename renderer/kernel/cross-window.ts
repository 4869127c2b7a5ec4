import { BRIDGE_READY_TIMEOUT_MS } from '../../shared/constants.ts';
import type { Timers } from './socket.ts';

/**
 * Cross-window messaging of spec §4 over window.postMessage: the opener sends `shake` until the other window
 * answers `reply`; then both sides exchange `data` until one sends `disconnect`. Every envelope carries a
 * channel id so several channels (and unrelated postMessage traffic) can share one window.
 */
export const ENVELOPE_TAG = 'qpaas-cross-window';
export const SHAKE_INTERVAL_MS = 250;

type EnvelopeType = 'shake' | 'reply' | 'data' | 'disconnect';

interface Envelope {
  tag: typeof ENVELOPE_TAG;
  type: EnvelopeType;
  id: string;
  data?: unknown;
}

/** Where a message can be posted (a Window, an iframe's contentWindow, window.opener, a test fake). */
export interface PostTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The parts of a MessageEvent this module reads. */
export interface IncomingMessage {
  data: unknown;
  origin: string;
  source: unknown;
}

/** Where messages to this window arrive (the window itself, or a test fake). */
export interface MessageHost {
  addEventListener(type: 'message', listener: (event: IncomingMessage) => void): void;
  removeEventListener(type: 'message', listener: (event: IncomingMessage) => void): void;
}

export interface Connection {
  readonly id: string;
  readonly origin: string;
  send(data: unknown): void;
  onData(handler: (data: unknown) => void): () => void;
  /** Called once, when either side ends the channel. */
  onDisconnect(handler: () => void): () => void;
  disconnect(): void;
  readonly closed: boolean;
}

export interface CrossWindowOptions {
  /** This window (default: globalThis.window). */
  host?: MessageHost;
  timers?: Timers;
  timeoutMs?: number;
  shakeIntervalMs?: number;
  newId?: () => string;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Envelope>;
  return candidate.tag === ENVELOPE_TAG && typeof candidate.id === 'string' && typeof candidate.type === 'string';
}

function defaultHost(): MessageHost {
  return globalThis.window as unknown as MessageHost;
}

/** A message belongs to a channel only when it comes from the peer's origin (and window, when known). */
function fromPeer(event: IncomingMessage, peer: PostTarget, origin: string): boolean {
  return event.origin === origin && (event.source === null || event.source === undefined || event.source === peer);
}

function openConnection(host: MessageHost, peer: PostTarget, origin: string, id: string): Connection {
  const dataHandlers = new Set<(data: unknown) => void>();
  const endHandlers = new Set<() => void>();
  let closed = false;
  const post = (type: EnvelopeType, data?: unknown) => peer.postMessage({ tag: ENVELOPE_TAG, type, id, data } satisfies Envelope, origin);
  const close = () => {
    if (closed) return;
    closed = true;
    host.removeEventListener('message', listener);
    for (const handler of [...endHandlers]) handler();
  };
  const listener = (event: IncomingMessage) => {
    if (closed || !fromPeer(event, peer, origin) || !isEnvelope(event.data) || event.data.id !== id) return;
    if (event.data.type === 'data') for (const handler of [...dataHandlers]) handler(event.data.data);
    else if (event.data.type === 'disconnect') close();
  };
  host.addEventListener('message', listener);
  return {
    id,
    origin,
    get closed() {
      return closed;
    },
    send(data) {
      if (!closed) post('data', data);
    },
    onData(handler) {
      dataHandlers.add(handler);
      return () => dataHandlers.delete(handler);
    },
    onDisconnect(handler) {
      endHandlers.add(handler);
      return () => endHandlers.delete(handler);
    },
    disconnect() {
      if (closed) return;
      post('disconnect');
      close();
    },
  };
}

/**
 * Opens a channel to `target` (whose origin must be `origin`): `shake` every SHAKE_INTERVAL_MS until `reply`
 * (the other page may still be loading), rejecting after the readiness timeout (spec §9: 20 s).
 */
export function connectToWindow(target: PostTarget, origin: string, options: CrossWindowOptions = {}): Promise<Connection> {
  const host = options.host ?? defaultHost();
  const timers = options.timers ?? defaultTimers;
  const timeoutMs = options.timeoutMs ?? BRIDGE_READY_TIMEOUT_MS;
  const interval = options.shakeIntervalMs ?? SHAKE_INTERVAL_MS;
  const id = (options.newId ?? (() => globalThis.crypto.randomUUID()))();
  return new Promise<Connection>((resolve, reject) => {
    let shakeTimer: unknown = null;
    const finish = () => {
      host.removeEventListener('message', listener);
      timers.clearTimeout(deadline);
      if (shakeTimer !== null) timers.clearTimeout(shakeTimer);
    };
    const shake = () => {
      target.postMessage({ tag: ENVELOPE_TAG, type: 'shake', id } satisfies Envelope, origin);
      shakeTimer = timers.setTimeout(shake, interval);
    };
    const listener = (event: IncomingMessage) => {
      if (!fromPeer(event, target, origin) || !isEnvelope(event.data)) return;
      if (event.data.id !== id || event.data.type !== 'reply') return;
      finish();
      resolve(openConnection(host, target, origin, id));
    };
    const deadline = timers.setTimeout(() => {
      finish();
      reject(new Error(`cross-window: no reply from ${origin} within ${timeoutMs} ms`));
    }, timeoutMs);
    host.addEventListener('message', listener);
    shake();
  });
}

export interface AcceptOptions extends Pick<CrossWindowOptions, 'host'> {
  /** Origins that may open a channel; default: this page's own origin only. */
  allowedOrigins?: readonly string[] | ((origin: string) => boolean);
}

/** Answers `reply` to shakes from allowed origins and hands each new channel to `handler`. Returns a stop function. */
export function acceptConnections(handler: (connection: Connection) => void, options: AcceptOptions = {}): () => void {
  const host = options.host ?? defaultHost();
  const allowed = options.allowedOrigins ?? [globalThis.location?.origin ?? ''];
  const isAllowed = typeof allowed === 'function' ? allowed : (origin: string) => allowed.includes(origin);
  const open = new Map<string, Connection>();
  // A shake still in flight when a channel ended must not reopen it.
  const ended = new Set<string>();
  const listener = (event: IncomingMessage) => {
    if (!isEnvelope(event.data) || event.data.type !== 'shake' || !isAllowed(event.origin)) return;
    const peer = event.source as PostTarget | null;
    if (!peer || typeof peer.postMessage !== 'function') return;
    const { id } = event.data;
    if (ended.has(id)) return;
    const reply = () => peer.postMessage({ tag: ENVELOPE_TAG, type: 'reply', id } satisfies Envelope, event.origin);
    // Shakes repeat until our reply arrives: answer each one, but open the channel only once.
    if (open.has(id)) return reply();
    const connection = openConnection(host, peer, event.origin, id);
    open.set(id, connection);
    connection.onDisconnect(() => {
      open.delete(id);
      ended.add(id);
    });
    reply();
    handler(connection);
  };
  host.addEventListener('message', listener);
  return () => host.removeEventListener('message', listener);
}
