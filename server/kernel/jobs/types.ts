/** A job as its handler sees it: the space it belongs to (null: a platform job) and what it was given. */
export interface Job<P = Record<string, unknown>> {
  id: string;
  spaceId: string | null;
  kind: string;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  /** True when this try took over the claim of a process that stopped answering. */
  takenOver: boolean;
  /** Keeps the claim alive during long work; false when another worker holds the job now (stop at once). */
  heartbeat(): Promise<boolean>;
  /** Aborted when this process stops: a long handler should stop between batches and let another take over. */
  signal: AbortSignal;
}

export type JobHandler<P = Record<string, unknown>> = (job: Job<P>) => Promise<void>;

export interface JobKindOptions {
  /** Seconds a claim holds without a heartbeat before another process takes the job over (default 60). */
  leaseSeconds?: number;
  /** Delay before try n+1 after try n failed (default: 2^n seconds with jitter, at most an hour). */
  backoffMs?: (attempt: number) => number;
  /**
   * Gives the kind a lane of its own in each process: at most this many of its jobs run there at once, beside the
   * process's shared slots rather than in them, so a kind that is slow or failing (a mail server that does not
   * answer) can neither hold up the other kinds nor be held up by them. Without it, the kind shares the slots.
   */
  concurrency?: number;
}

export interface EnqueueOptions<P = Record<string, unknown>> {
  kind: string;
  payload?: P;
  /** When it may run first (default now). */
  runAt?: Date;
  /** Higher runs first (default 0). */
  priority?: number;
  /** Tries before the job is a dead letter (default 5). */
  maxAttempts?: number;
  /** While a job of this kind and key waits or runs, enqueuing it again adds nothing. */
  uniqueKey?: string;
  /** Jobs of one kind sharing this key run one at a time, in the order they were enqueued. */
  orderKey?: string;
}

/**
 * Thrown by a handler that saw its signal aborted (the process is stopping) at a batch boundary: the claim is handed
 * back unfinished, the try is not counted, and another process takes the job at once instead of after its lease.
 */
export class JobStopped extends Error {
  constructor() {
    super('the process is stopping; the job is handed back');
  }
}

/** A handler's failure that no retry can mend: the job becomes a dead letter at once, with this message. */
export class JobFailedForGood extends Error {}

export const defaultBackoffMs = (attempt: number): number => {
  const base = Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
};
