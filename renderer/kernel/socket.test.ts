import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_RECONNECT } from '../../shared/constants.ts';
import { BrowserPushChannel, type PushChannelOptions, type ReconnectConfig, type SocketLike, type Timers } from './socket.ts';
import { createKernelStorage } from './storage.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined | null = null;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

/** Timers run by hand: `advance(ms)` fires what is due, in order. */
function manualTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; callback: () => void; ms: number }>();
  const timers: Timers = {
    setTimeout(callback, ms) {
      seq += 1;
      pending.set(seq, { at: now + ms, callback, ms });
      return seq;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = until;
  }
  const delays = () => [...pending.values()].map((t) => t.ms);
  return { timers, advance, delays };
}

/** The jitter pinned to its middle (random 0.5), so each delay is the schedule's own; backoff.test.ts covers the spread. */
function setup(config: ReconnectConfig = SOCKET_RECONNECT, browserEvents = false) {
  // Unless asked, no window events: channels left connected by other tests must not wake up in this one.
  const wakeups: PushChannelOptions['wakeups'] = browserEvents ? undefined : () => () => undefined;
  const sockets: FakeSocket[] = [];
  const clock = manualTimers();
  const storage = createKernelStorage();
  const channel = new BrowserPushChannel({
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timers: clock.timers,
    config,
    storage,
    random: () => 0.5,
    wakeups,
  });
  const statuses: number[] = [];
  channel.onStatus((s) => statuses.push(s));
  const last = () => sockets[sockets.length - 1]!;
  return { channel, sockets, last, clock, storage, statuses };
}

const settings = { socketDomain: 'ws://h/napi/socket', uid: 'u-1', loginIp: '10.0.0.9' };

afterEach(() => localStorage.clear());

describe('BrowserPushChannel', () => {
  it('connects to socketDomain and sends bindUid with uid and login_ip on open; status 1 stored', () => {
    const { channel, last, storage, statuses } = setup();
    channel.connect(settings);
    expect(last().url).toBe('ws://h/napi/socket');
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent.map((s) => JSON.parse(s) as unknown)).toEqual([{ type: 'bindUid', uid: 'u-1', login_ip: '10.0.0.9' }]);
    expect(channel.status()).toBe(1);
    expect(localStorage.getItem('socket_status')).toBe('1');
    expect(storage.socketStatus()).toBe(1);
    expect(statuses).toEqual([1]);
  });

  it('re-emits JSON messages and ignores the rest', () => {
    const { channel, last } = setup();
    const got: unknown[] = [];
    const stop = channel.onMessage((m) => got.push(m));
    channel.connect(settings);
    last().open();
    last().receive('{"type":"notice","n":1}');
    last().receive('not json');
    last().receive(new Blob(['{}']));
    stop();
    last().receive('{"after":true}');
    expect(got).toEqual([{ type: 'notice', n: 1 }]);
  });

  it('stores 0 on close and on error, and reconnects with the reconnectDelay sequence', () => {
    const config = { intervalMs: 1000, decay: 1.5, maxIntervalMs: 3000, timeoutMs: 2000, jitter: 0, stableMs: 10_000 };
    const { channel, sockets, last, clock, statuses } = setup(config);
    channel.connect(settings);
    last().open();
    last().serverClose(1006);
    expect(localStorage.getItem('socket_status')).toBe('0');
    expect(statuses).toEqual([1, 0]);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      waits.push(...clock.delays());
      clock.advance(waits[waits.length - 1]!);
      // The new socket errors before opening: a failure, the next delay grows.
      last().onerror?.(new Event('error'));
      expect(localStorage.getItem('socket_status')).toBe('0');
    }
    expect(waits).toEqual([1000, 1500, 2250, 3000]);
    expect(sockets).toHaveLength(5);
    // A connection that stays up resets the sequence.
    clock.advance(3000);
    last().open();
    clock.advance(10_000);
    last().serverClose(1006);
    expect(clock.delays()).toEqual([1000]);
  });

  it('tries again after about a second with the shipped schedule, then backs off', () => {
    const { channel, sockets, last, clock } = setup();
    channel.connect(settings);
    last().open();
    last().serverClose(1006);
    expect(clock.delays()).toEqual([1000]);
    clock.advance(999);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
    last().serverClose(1006);
    expect(clock.delays()).toEqual([2000]);
  });

  it('keeps backing off when the server accepts and drops at once: only a connection that stays up resets it', () => {
    const config = { intervalMs: 1000, decay: 2, maxIntervalMs: 30_000, timeoutMs: 2000, jitter: 0, stableMs: 10_000 };
    const { channel, last, clock } = setup(config);
    channel.connect(settings);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      last().open();
      clock.advance(100);
      last().serverClose(1011);
      waits.push(...clock.delays());
      clock.advance(waits[waits.length - 1]!);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it.each([1001, 1012])('comes back on the first step after a drained shutdown (%i) of a socket that was open', (code) => {
    const config = { intervalMs: 1000, decay: 2, maxIntervalMs: 30_000, timeoutMs: 2000, jitter: 0, stableMs: 10_000 };
    const { channel, last, clock } = setup(config);
    channel.connect(settings);
    for (const wait of [1000, 2000, 4000]) {
      last().onerror?.(new Event('error'));
      expect(clock.delays()).toEqual([wait]);
      clock.advance(wait);
    }
    last().open();
    clock.advance(100);
    last().serverClose(code);
    expect(clock.delays()).toEqual([1000]);
  });

  it('tries at once when the browser comes back online or the tab becomes visible, not while a socket is open', () => {
    const { channel, sockets, last, clock } = setup(SOCKET_RECONNECT, true);
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    try {
      channel.connect(settings);
      last().open();
      window.dispatchEvent(new Event('online'));
      expect(sockets).toHaveLength(1);
      last().serverClose(1006);
      // Failed a few times: the next try is seconds away.
      for (let i = 0; i < 3; i += 1) {
        clock.advance(clock.delays()[0]!);
        last().onerror?.(new Event('error'));
      }
      expect(sockets).toHaveLength(4);
      expect(clock.delays()).toEqual([8000]);
      window.dispatchEvent(new Event('online'));
      expect(sockets).toHaveLength(5);
      last().onerror?.(new Event('error'));
      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(sockets).toHaveLength(5);
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(sockets).toHaveLength(6);
      // After disconnect() nothing wakes it.
      channel.disconnect();
      window.dispatchEvent(new Event('online'));
      expect(sockets).toHaveLength(6);
    } finally {
      visibility.mockRestore();
    }
  });

  it('abandons a connection not open within 2000 ms and counts it as a failure', () => {
    const { channel, sockets, last, clock } = setup();
    channel.connect(settings);
    const first = last();
    clock.advance(1999);
    expect(first.closedWith).toBeNull();
    clock.advance(1);
    expect(first.closedWith).toBeUndefined();
    expect(first.onopen).toBeNull();
    expect(clock.delays()).toEqual([1000]);
    clock.advance(1000);
    expect(sockets).toHaveLength(2);
  });

  it('does not reconnect after disconnect()', () => {
    const { channel, sockets, last, clock, statuses } = setup();
    channel.connect(settings);
    last().open();
    channel.disconnect();
    expect(last().closedWith).toBeUndefined();
    expect(statuses).toEqual([1, 0]);
    expect(clock.delays()).toEqual([]);
    clock.advance(120_000);
    expect(sockets).toHaveLength(1);
  });

  it.each([4401, 4403])('does not reconnect after the server closes with %i', (code) => {
    const { channel, sockets, last, clock } = setup();
    channel.connect(settings);
    last().open();
    last().serverClose(code);
    expect(channel.status()).toBe(0);
    expect(localStorage.getItem('socket_status')).toBe('0');
    clock.advance(120_000);
    expect(sockets).toHaveLength(1);
  });
});
