/**
 * Interface watch, the measurement half (decision 0085): every API call is counted per route — method and
 * route pattern, never the raw URL, so ids cannot grow the map — into the current minute's window in memory. Latency
 * goes into fixed histogram buckets: the same bounds in every process and every minute, so windows add up bucket by
 * bucket (across processes, across minutes) and p50/p95/p99 come from the sums. The kernel keeps no table: the app
 * that stores the figures (the console) drains closed windows with `take()` each minute (one row per route per
 * minute, never a row per request). Per request this costs a clock read, one Map lookup and a few increments.
 */

/** Upper bounds (ms, inclusive) of the latency buckets; the last is open. Never reorder: stored rows use the indices. */
export const WATCH_BUCKETS_MS: readonly number[] = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 30000, Infinity,
];

/** One route's figures over one window. */
export interface RouteFigures {
  method: string;
  route: string;
  calls: number;
  /** Answers with status ≥ 500. */
  errors: number;
  /** Answers with status 400–499 (the caller's mistakes), counted apart from errors. */
  clientErrors: number;
  totalMs: number;
  maxMs: number;
  /** Calls per latency bucket (WATCH_BUCKETS_MS). */
  buckets: number[];
}

/** A closed minute: its start (ms since the epoch, a whole minute) and every route called in it. */
export interface WatchWindow {
  minute: number;
  routes: RouteFigures[];
}

const MINUTE_MS = 60_000;

/** The bucket a latency falls into (binary search over the fixed bounds). */
export function bucketOf(ms: number): number {
  let low = 0;
  let high = WATCH_BUCKETS_MS.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ms <= WATCH_BUCKETS_MS[middle]!) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The q-quantile (0 < q ≤ 1) of a bucket histogram: found in its bucket and placed linearly inside it, so it is
 * exact to within that bucket's width. The open last bucket answers its lower bound, capped by the largest seen.
 */
export function percentileOf(buckets: readonly number[], q: number, maxMs = Infinity): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let before = 0;
  for (let i = 0; i < buckets.length; i += 1) {
    const count = buckets[i] ?? 0;
    if (count > 0 && before + count >= rank) {
      const low = i === 0 ? 0 : WATCH_BUCKETS_MS[i - 1]!;
      const high = WATCH_BUCKETS_MS[i]!;
      const value = high === Infinity ? low : low + ((rank - before) / count) * (high - low);
      return Math.min(value, maxMs);
    }
    before += count;
  }
  return Math.min(WATCH_BUCKETS_MS[WATCH_BUCKETS_MS.length - 2]!, maxMs);
}

/** Adds histogram `from` into `into`, bucket by bucket (windows of other minutes or other processes). */
export function addBuckets(into: number[], from: readonly number[]): number[] {
  for (let i = 0; i < WATCH_BUCKETS_MS.length; i += 1) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
  return into;
}

interface Slot {
  calls: number;
  errors: number;
  clientErrors: number;
  totalMs: number;
  maxMs: number;
  buckets: Uint32Array;
}

export class InterfaceWatch {
  private minute = -1;
  private current = new Map<string, Slot>();
  private closed: WatchWindow[] = [];

  constructor(
    /** WATCH=off (benchmarks): record nothing. */
    readonly enabled: boolean,
    private readonly now: () => number = Date.now,
    /** Closed windows kept when nobody drains them (the console app not running): the oldest go first. */
    private readonly keepWindows = 10,
  ) {}

  /** One answered API call. `route` is the route pattern (`/api/x/:id`), never the URL. */
  record(method: string, route: string, status: number, ms: number): void {
    if (!this.enabled) return;
    const minute = Math.floor(this.now() / MINUTE_MS) * MINUTE_MS;
    if (minute !== this.minute) this.rotate(minute);
    const key = `${method} ${route}`;
    let slot = this.current.get(key);
    if (!slot) {
      slot = { calls: 0, errors: 0, clientErrors: 0, totalMs: 0, maxMs: 0, buckets: new Uint32Array(WATCH_BUCKETS_MS.length) };
      this.current.set(key, slot);
    }
    slot.calls += 1;
    if (status >= 500) slot.errors += 1;
    else if (status >= 400) slot.clientErrors += 1;
    slot.totalMs += ms;
    if (ms > slot.maxMs) slot.maxMs = ms;
    slot.buckets[bucketOf(ms)]! += 1;
  }

  /**
   * The windows of minutes that have ended, handed over once (the caller stores them). `all` also closes the
   * running minute (at shutdown): a later window of the same minute is then added to it by the store.
   */
  take(all = false): WatchWindow[] {
    const minute = Math.floor(this.now() / MINUTE_MS) * MINUTE_MS;
    if (all || minute !== this.minute) this.rotate(all ? -1 : minute);
    const taken = this.closed;
    this.closed = [];
    return taken;
  }

  /** Puts windows back (the store failed): they are offered again with the next `take`, within `keepWindows`. */
  giveBack(windows: WatchWindow[]): void {
    this.closed = [...windows, ...this.closed].slice(-this.keepWindows);
  }

  private rotate(minute: number): void {
    if (this.current.size > 0) {
      const routes: RouteFigures[] = [];
      for (const [key, slot] of this.current) {
        const space = key.indexOf(' ');
        routes.push({
          method: key.slice(0, space),
          route: key.slice(space + 1),
          calls: slot.calls,
          errors: slot.errors,
          clientErrors: slot.clientErrors,
          totalMs: slot.totalMs,
          maxMs: slot.maxMs,
          buckets: Array.from(slot.buckets),
        });
      }
      this.closed.push({ minute: this.minute, routes });
      if (this.closed.length > this.keepWindows) this.closed.shift();
      this.current = new Map();
    }
    this.minute = minute;
  }
}
