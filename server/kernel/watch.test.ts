import { describe, expect, it } from 'vitest';
import { InterfaceWatch, WATCH_BUCKETS_MS, addBuckets, bucketOf, percentileOf } from './watch.ts';

const MINUTE = 60_000;

/** The width of the bucket a value falls into: how far a percentile read from the histogram may be off. */
const widthAt = (ms: number) => {
  const i = bucketOf(ms);
  return WATCH_BUCKETS_MS[i]! - (i === 0 ? 0 : WATCH_BUCKETS_MS[i - 1]!);
};

describe('interface watch measurement (decision 0085)', () => {
  it('puts a latency into the bucket whose bound holds it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(100)).toBe(WATCH_BUCKETS_MS.indexOf(100));
    expect(bucketOf(10 ** 9)).toBe(WATCH_BUCKETS_MS.length - 1);
  });

  it('counts calls, errors (≥ 500) and client errors (4xx) apart, per method and route pattern', () => {
    let now = 10 * MINUTE + 5_000;
    const watch = new InterfaceWatch(true, () => now);
    for (let i = 0; i < 100; i += 1) watch.record('GET', '/api/x/:id', i < 7 ? 500 : i < 20 ? 404 : 200, i + 1);
    watch.record('POST', '/api/x/:id', 201, 3);
    now += MINUTE;
    const [window] = watch.take();
    expect(window!.minute).toBe(10 * MINUTE);
    const get = window!.routes.find((r) => r.method === 'GET')!;
    expect(get).toMatchObject({ route: '/api/x/:id', calls: 100, errors: 7, clientErrors: 13, maxMs: 100, totalMs: 5050 });
    expect(get.buckets.reduce((a, b) => a + b, 0)).toBe(100);
    expect(window!.routes.find((r) => r.method === 'POST')!.calls).toBe(1);
  });

  it('reads p50/p95/p99 from the buckets within a bucket’s width of the true values', () => {
    const watch = new InterfaceWatch(true, () => 0);
    const latencies = Array.from({ length: 1000 }, (_, i) => 0.4 + (i % 250) * 1.7); // 0.4 … 424 ms
    for (const ms of latencies) watch.record('GET', '/api/y', 200, ms);
    const [window] = watch.take(true);
    const { buckets, maxMs } = window!.routes[0]!;
    const sorted = [...latencies].sort((a, b) => a - b);
    for (const q of [0.5, 0.95, 0.99]) {
      const truth = sorted[Math.ceil(q * sorted.length) - 1]!;
      const read = percentileOf(buckets, q, maxMs)!;
      expect(Math.abs(read - truth), `p${q * 100}: ${read} vs ${truth}`).toBeLessThanOrEqual(widthAt(truth));
    }
    expect(percentileOf(new Array(WATCH_BUCKETS_MS.length).fill(0), 0.5)).toBeNull();
  });

  it('merges windows of two processes bucket by bucket into the same percentiles as one process measuring all', () => {
    const one = new InterfaceWatch(true, () => 0);
    const a = new InterfaceWatch(true, () => 0);
    const b = new InterfaceWatch(true, () => 0);
    for (let i = 0; i < 400; i += 1) {
      const ms = (i * 37) % 900;
      one.record('GET', '/r', 200, ms);
      (i % 3 ? a : b).record('GET', '/r', 200, ms);
    }
    const whole = one.take(true)[0]!.routes[0]!.buckets;
    const merged = addBuckets([...a.take(true)[0]!.routes[0]!.buckets], b.take(true)[0]!.routes[0]!.buckets);
    expect(merged).toEqual(whole);
    expect(percentileOf(merged, 0.95)).toBe(percentileOf(whole, 0.95));
  });

  it('hands over a minute once it has ended, once; the running minute stays until it ends (or all is asked)', () => {
    let now = 3 * MINUTE;
    const watch = new InterfaceWatch(true, () => now);
    watch.record('GET', '/a', 200, 1);
    expect(watch.take()).toEqual([]); // the minute is still running
    now += 30_000;
    watch.record('GET', '/a', 200, 1);
    now += 40_000; // the next minute: its first call closes the previous one
    watch.record('GET', '/a', 200, 1);
    const taken = watch.take();
    expect(taken.map((w) => [w.minute, w.routes[0]!.calls])).toEqual([[3 * MINUTE, 2]]);
    expect(watch.take()).toEqual([]); // once
    now += MINUTE; // no call at all in this minute: the ended one is closed by take itself
    expect(watch.take().map((w) => [w.minute, w.routes[0]!.calls])).toEqual([[4 * MINUTE, 1]]);
    watch.record('GET', '/a', 200, 1);
    expect(watch.take(true).map((w) => w.minute)).toEqual([5 * MINUTE]);
  });

  it('gives windows back when the store failed, keeping only the newest few', () => {
    let now = 0;
    const watch = new InterfaceWatch(true, () => now, 3);
    for (let m = 0; m < 5; m += 1) {
      now = m * MINUTE;
      watch.record('GET', '/a', 200, 1);
    }
    now = 5 * MINUTE;
    const taken = watch.take();
    expect(taken.map((w) => w.minute / MINUTE)).toEqual([2, 3, 4]); // the oldest went when nobody drained them
    watch.giveBack(taken);
    expect(watch.take().map((w) => w.minute / MINUTE)).toEqual([2, 3, 4]);
  });

  it('records nothing when switched off (WATCH=off)', () => {
    const watch = new InterfaceWatch(false, () => 0);
    watch.record('GET', '/a', 500, 1);
    expect(watch.take(true)).toEqual([]);
  });
});
