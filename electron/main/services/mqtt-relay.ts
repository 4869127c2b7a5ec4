import { randomUUID } from 'node:crypto';

/** One value forwarded to the server (`POST /api/iot/relay`). */
export interface RelayValue {
  linkName: string;
  topic: string;
  payload: string;
  at: string;
}

/** A batch keeps its key across retries: the server's Idempotency-Key makes a retried batch store once. */
export interface RelayBatch {
  key: string;
  values: RelayValue[];
}

export type Relay = (batch: RelayBatch) => Promise<void>;

export interface RelayStats {
  /** Values waiting (a failed batch included). */
  pending: number;
  relayed: number;
  /** Dropped because the waiting queue was full (oldest first). */
  dropped: number;
  /** Refused by the server as invalid: retrying cannot help, so they are counted and let go. */
  rejected: number;
  /** Never queued: topic or payload beyond what the server accepts. */
  skipped: number;
  failures: number;
  lastError: string | null;
}

/** The server's limits (server/apps/iot/routes.ts): values beyond them would poison their whole batch. */
export const RELAY_LIMITS = { topic: 256, payload: 16 * 1024, linkName: 60, valuesPerRequest: 500 };
/** The server's body limit is 1 MiB; a batch is split into requests below it. */
const REQUEST_BUDGET = 900 * 1024;

export interface RelayOptions {
  relay: Relay;
  everyMs?: number;
  batchSize?: number;
  maxPending?: number;
}

/**
 * Hands values to `relay` in batches: at most every `everyMs` (1 s), or at once when `batchSize` (100) values
 * wait. One batch is in flight at a time, so the server sees values in order. A failed batch is kept whole and
 * retried on the next tick; the queue is bounded and sheds its oldest values, counted in `dropped`.
 */
export class RelayQueue {
  private readonly relay: Relay;
  private readonly everyMs: number;
  private readonly batchSize: number;
  private readonly maxPending: number;
  private queue: RelayValue[] = [];
  private head: RelayBatch | null = null;
  private sending: Promise<void> | null = null;
  private failed = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly counts = { relayed: 0, dropped: 0, rejected: 0, skipped: 0, failures: 0, lastError: null as string | null };

  constructor(options: RelayOptions) {
    this.relay = options.relay;
    this.everyMs = options.everyMs ?? 1000;
    this.batchSize = Math.min(options.batchSize ?? 100, RELAY_LIMITS.valuesPerRequest);
    this.maxPending = Math.max(options.maxPending ?? 10_000, this.batchSize);
  }

  stats(): RelayStats {
    return { pending: (this.head?.values.length ?? 0) + this.queue.length, ...this.counts };
  }

  push(value: RelayValue): void {
    if (this.closed) return;
    if (value.topic.length > RELAY_LIMITS.topic || value.payload.length > RELAY_LIMITS.payload) {
      this.counts.skipped += 1;
      return;
    }
    this.queue.push({ ...value, linkName: value.linkName.slice(0, RELAY_LIMITS.linkName) });
    this.shed();
    this.schedule();
  }

  /** Sends one batch now (shutdown, tests); resolves when it is done or failed. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sending;
    await this.send();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** In-flight values are outside the bound; a failed batch is dropped whole so its key keeps meaning one content. */
  private shed(): void {
    const waiting = () => (this.head && !this.sending ? this.head.values.length : 0) + this.queue.length;
    while (waiting() > this.maxPending) {
      if (this.head && !this.sending) {
        this.counts.dropped += this.head.values.length;
        this.head = null;
      } else {
        this.queue.shift();
        this.counts.dropped += 1;
      }
    }
  }

  private schedule(): void {
    if (this.closed || this.sending || this.stats().pending === 0) return;
    if (!this.failed && this.stats().pending >= this.batchSize) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      void this.send();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.send();
    }, this.everyMs);
  }

  private send(): Promise<void> {
    if (this.sending || this.closed) return this.sending ?? Promise.resolve();
    this.head ??= this.queue.length ? { key: randomUUID(), values: this.queue.splice(0, this.batchSize) } : null;
    const batch = this.head;
    if (!batch) return Promise.resolve();
    this.sending = this.attempt(batch).finally(() => {
      this.sending = null;
      this.shed();
      this.schedule();
    });
    return this.sending;
  }

  private async attempt(batch: RelayBatch): Promise<void> {
    try {
      await this.relay({ key: batch.key, values: [...batch.values] });
      this.head = null;
      this.failed = false;
      this.counts.relayed += batch.values.length;
    } catch (error) {
      this.counts.failures += 1;
      this.counts.lastError = error instanceof Error ? error.message : String(error);
      if ((error as { permanent?: boolean }).permanent) {
        this.counts.rejected += batch.values.length;
        this.head = null;
      } else {
        this.failed = true;
      }
    }
  }
}

export class RelayError extends Error {
  constructor(
    readonly status: number,
    /** 400/413/422: the server will never take this batch. */
    readonly permanent: boolean,
  ) {
    super(`relay answered HTTP ${status}`);
    this.name = 'RelayError';
  }
}

export interface RelaySession {
  /** The `Cookie` header of the signed-in session. */
  cookie: string;
  csrf: string;
}

function requests(values: RelayValue[]): RelayValue[][] {
  const chunks: RelayValue[][] = [];
  let current: RelayValue[] = [];
  let size = 0;
  for (const value of values) {
    const bytes = Buffer.byteLength(JSON.stringify(value)) + 1;
    if (current.length && (size + bytes > REQUEST_BUDGET || current.length >= RELAY_LIMITS.valuesPerRequest)) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(value);
    size += bytes;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/**
 * A `relay` that POSTs to the server's `/api/iot/relay` as the signed-in user (`baseUrl` may carry a
 * `/space-{id}` prefix). `session` may be a function so a renewed session is picked up by the next try.
 */
export function httpRelay(baseUrl: string, session: RelaySession | (() => RelaySession), fetchImpl: typeof fetch = fetch): Relay {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/api/iot/relay`;
  return async (batch) => {
    const { cookie, csrf } = typeof session === 'function' ? session() : session;
    for (const [index, values] of requests(batch.values).entries()) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf, 'idempotency-key': `${batch.key}.${index}` },
        body: JSON.stringify({ values }),
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new RelayError(response.status, [400, 413, 422].includes(response.status));
    }
  };
}
