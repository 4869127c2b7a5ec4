import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_READY_TIMEOUT_MS } from '../../shared/constants.ts';
import { acceptConnections, connectToWindow, ENVELOPE_TAG, type Connection, type IncomingMessage, type MessageHost, type PostTarget } from './cross-window.ts';

/**
 * An in-memory window: postMessage delivers to its listeners asynchronously (like the real one), with the
 * sender's origin and the sender as source, and honours the targetOrigin check.
 */
class FakeWindow implements MessageHost, PostTarget {
  private readonly listeners = new Set<(event: IncomingMessage) => void>();
  /** Who is posting into this window (set by the test, like the browser knows the caller). */
  sender: FakeWindow | null = null;
  constructor(public origin: string) {}
  addEventListener(_type: 'message', listener: (event: IncomingMessage) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: IncomingMessage) => void) {
    this.listeners.delete(listener);
  }
  get listenerCount() {
    return this.listeners.size;
  }
  postMessage(message: unknown, targetOrigin: string) {
    if (targetOrigin !== '*' && targetOrigin !== this.origin) return; // the browser drops it
    const from = this.sender;
    const event: IncomingMessage = { data: structuredClone(message), origin: from?.origin ?? 'null', source: from };
    queueMicrotask(() => {
      for (const listener of [...this.listeners]) listener(event);
    });
  }
}

/** Two windows that can talk: `a.postMessage` arrives in a as if sent by b, and the other way round. */
function pair(originA = 'https://app.example', originB = 'https://app.example') {
  const a = new FakeWindow(originA);
  const b = new FakeWindow(originB);
  a.sender = b;
  b.sender = a;
  return { a, b };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('cross-window messaging', () => {
  it('completes the shake → reply handshake and carries data both ways until disconnect', async () => {
    const { a, b } = pair();
    const accepted: Connection[] = [];
    const fromOpener: unknown[] = [];
    acceptConnections(
      (connection) => {
        accepted.push(connection);
        connection.onData((d) => fromOpener.push(d));
      },
      { host: b, allowedOrigins: ['https://app.example'] },
    );
    // a opens a channel to b: posts go into b, answers arrive in a.
    const opener = await connectToWindow(b, 'https://app.example', { host: a, newId: () => 'ch-1' });
    expect(opener.id).toBe('ch-1');
    expect(accepted).toHaveLength(1);
    const fromPopup: unknown[] = [];
    opener.onData((d) => fromPopup.push(d));
    opener.send({ hello: 'popup' });
    accepted[0]!.send(['hi', 'opener']);
    await flush();
    expect(fromOpener).toEqual([{ hello: 'popup' }]);
    expect(fromPopup).toEqual([['hi', 'opener']]);

    const ended = vi.fn();
    accepted[0]!.onDisconnect(ended);
    opener.disconnect();
    await flush();
    expect(opener.closed).toBe(true);
    expect(accepted[0]!.closed).toBe(true);
    expect(ended).toHaveBeenCalledTimes(1);
    opener.send('late');
    await flush();
    expect(fromOpener).toHaveLength(1);
    // Only the acceptor's own listener remains on b; a has none.
    expect(a.listenerCount).toBe(0);
    expect(b.listenerCount).toBe(1);
  });

  it('keeps shaking until the other window listens (a page still loading)', async () => {
    vi.useFakeTimers();
    try {
      const { a, b } = pair();
      const posted = vi.spyOn(b, 'postMessage');
      const pending = connectToWindow(b, 'https://app.example', { host: a, shakeIntervalMs: 250 });
      await vi.advanceTimersByTimeAsync(1000);
      const shakes = posted.mock.calls.filter(([m]) => (m as { type: string }).type === 'shake').length;
      expect(shakes).toBeGreaterThanOrEqual(4);
      acceptConnections(() => undefined, { host: b, allowedOrigins: ['https://app.example'] });
      await vi.advanceTimersByTimeAsync(250);
      await expect(pending).resolves.toMatchObject({ origin: 'https://app.example' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects after the 20 s readiness timeout when nobody replies', async () => {
    const handles: { callback: () => void; ms: number }[] = [];
    const timers = {
      setTimeout: (callback: () => void, ms: number) => handles.push({ callback, ms }),
      clearTimeout: () => undefined,
    };
    const { a, b } = pair();
    const pending = connectToWindow(b, 'https://app.example', { host: a, timers });
    const deadline = handles.find((h) => h.ms === BRIDGE_READY_TIMEOUT_MS);
    expect(BRIDGE_READY_TIMEOUT_MS).toBe(20_000);
    expect(deadline).toBeDefined();
    deadline!.callback();
    await expect(pending).rejects.toThrow(/within 20000 ms/);
    expect(a.listenerCount).toBe(0);
  });

  it('ignores shakes and data from other origins', async () => {
    vi.useFakeTimers();
    try {
      // b is served from an allowed origin, the evil window is not.
      const { a: evilTarget, b: evil } = pair('https://app.example', 'https://evil.example');
      const handler = vi.fn();
      acceptConnections(handler, { host: evilTarget, allowedOrigins: ['https://app.example'] });
      const attempt = connectToWindow(evilTarget, 'https://app.example', { host: evil, timeoutMs: 1000 });
      const rejected = expect(attempt).rejects.toThrow();
      await vi.advanceTimersByTimeAsync(1000);
      await rejected;
      expect(handler).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores data and disconnect from a foreign origin or another window on an open channel', async () => {
    const { a, b } = pair();
    const accepted: Connection[] = [];
    acceptConnections((c) => accepted.push(c), { host: b, allowedOrigins: ['https://app.example'] });
    const opener = await connectToWindow(b, 'https://app.example', { host: a, newId: () => 'ch-2' });
    const got = vi.fn();
    opener.onData(got);
    // A third window on another origin forges a data envelope for the same channel id into a.
    const forger = new FakeWindow('https://evil.example');
    a.sender = forger;
    a.postMessage({ tag: ENVELOPE_TAG, type: 'data', id: 'ch-2', data: 'forged' }, 'https://app.example');
    a.postMessage({ tag: ENVELOPE_TAG, type: 'disconnect', id: 'ch-2' }, 'https://app.example');
    // Another window of the same origin (another tab) is not the peer either.
    a.sender = new FakeWindow('https://app.example');
    a.postMessage({ tag: ENVELOPE_TAG, type: 'data', id: 'ch-2', data: 'other tab' }, 'https://app.example');
    await flush();
    // The peer window itself, navigated to another origin (same source, foreign origin).
    a.sender = b;
    b.origin = 'https://evil.example';
    a.postMessage({ tag: ENVELOPE_TAG, type: 'data', id: 'ch-2', data: 'navigated' }, 'https://app.example');
    await flush();
    expect(got).not.toHaveBeenCalled();
    expect(opener.closed).toBe(false);
    b.origin = 'https://app.example';
    accepted[0]!.send('genuine');
    await flush();
    expect(got).toHaveBeenCalledWith('genuine');
  });
});
