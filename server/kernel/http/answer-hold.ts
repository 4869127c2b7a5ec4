import type pg from 'pg';
import type { StoredAnswer } from '../idempotency.ts';

/** Holds whose handler may still read through another connection: checkouts wait for them (fencePool). */
const open = new Set<AnswerHold>();

/**
 * A keyed write's transaction, kept open after its work until the handler's answer is known, so that the answer is
 * stored in that transaction and commits with the write (decision 0108): a process killed after the commit leaves
 * the answer for the retry. The handler gets the transaction's result at once and builds its answer as before.
 *
 * The hold lasts as long as the rest of the handler runs without waiting for anything. A handler that waits (any
 * I/O: another query, a file, a call out) is not waited for: at the event loop's next check phase the transaction
 * commits without the answer, which is then stored after the commit as before. Until then, a new database
 * connection of this process waits (fencePool), so the rest of a handler never reads past its own uncommitted write.
 */
export class AnswerHold {
  private decided = false;
  private choose: (answer: StoredAnswer | null) => void = () => undefined;
  private readonly chosen = new Promise<StoredAnswer | null>((resolve) => (this.choose = resolve));
  private settle: (outcome: Promise<unknown>) => void = () => undefined;
  /** Resolves once the held transaction has committed; rejects when it did not. */
  readonly ended: Promise<void> = new Promise<unknown>((resolve) => (this.settle = resolve)).then(() => undefined);
  private readable: () => void = () => undefined;
  /** Resolves once the handler can no longer read past the uncommitted write: its answer is chosen, or it ended. */
  readonly handlerMayRead = new Promise<void>((resolve) => (this.readable = resolve));
  /** The answer that committed with the write, once it has: nothing is left to store after it. */
  stored: StoredAnswer | null = null;

  constructor() {
    // Whoever waits for the end hears of a failure; nobody waiting must not crash the process.
    void this.ended
      .catch(() => undefined)
      .finally(() => {
        open.delete(this);
        this.readable();
      });
  }

  /** The transaction's outcome (its commit), known once the transaction has been started. */
  track(outcome: Promise<unknown>): void {
    this.settle(outcome);
  }

  /**
   * Called in the transaction once its work is done: hands the result over, then waits for the answer to store
   * with it, or for null (commit without it).
   */
  wait(handOver: () => void): Promise<StoredAnswer | null> {
    open.add(this);
    setImmediate(() => this.decide(null));
    handOver();
    return this.chosen;
  }

  /** The handler's answer as it leaves (null: nothing to store): resolves once the transaction has committed. */
  async answer(answer: StoredAnswer | null): Promise<void> {
    const first = !this.decided;
    this.decide(answer);
    await this.ended;
    if (first && answer) this.stored = answer;
  }

  /** Commits without the answer, now (the request starts another transaction), and waits for the commit. */
  release(): Promise<void> {
    this.decide(null);
    return this.ended;
  }

  private decide(answer: StoredAnswer | null): void {
    if (this.decided) return;
    this.decided = true;
    // With its answer known, the handler has finished: nothing of it can read through another connection any more.
    if (answer) {
      open.delete(this);
      this.readable();
    }
    this.choose(answer);
  }
}

/** Settles when every hold open now lets its handler read (its answer is chosen, or it has ended); null if none is. */
function untilHandlersMayRead(): Promise<void> | null {
  if (open.size === 0) return null;
  return Promise.all([...open].map((hold) => hold.handlerMayRead)).then(() => undefined);
}

const fenced = new WeakSet<pg.Pool>();

/**
 * Makes a pool's checkouts wait while a hold is open, for the reason in AnswerHold: every connection of a request
 * except its transaction's own comes from these pools. A hold is open for the rest of its handler (microtasks) or
 * until the commit after the check phase; unrelated requests wait that long at most, and only while one is open.
 */
export function fencePool(pool: pg.Pool): void {
  if (fenced.has(pool)) return;
  fenced.add(pool);
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: unknown) => {
    const waiting = untilHandlersMayRead();
    if (!waiting) return connect(callback);
    if (typeof callback === 'function') return void waiting.then(() => connect(callback));
    return waiting.then(() => connect());
  }) as typeof pool.connect;
}
