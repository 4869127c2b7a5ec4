import { SOCKET_RECONNECT } from '../../shared/constants.ts';

/**
 * When the push socket tries again (decision 0110). Pure, so the schedule is tested without sockets or clocks;
 * the channel (socket.ts) decides which attempt it is on.
 */
export interface BackoffPolicy {
  /** The first retry's delay, before jitter. */
  intervalMs: number;
  /** Each further failure multiplies the delay by this. */
  decay: number;
  /** No retry waits longer than this, jitter included. */
  maxIntervalMs: number;
  /**
   * Spread as a fraction of the delay: 0.5 turns 1 s into anywhere from 0.5 to 1.5 s. Every client of a process
   * that went away loses its socket in the same instant; without spread they would all come back in the same
   * instant too, onto whichever process is left.
   */
  jitter: number;
  /** A connection open this long counts as healthy: the next failure starts the schedule from the beginning. */
  stableMs: number;
}

/**
 * The delay before the n-th retry (from 0): `intervalMs × decay^n`, spread by `jitter` and never above the cap.
 * `random` is in [0, 1). At the cap the spread reaches below it (the cap × (1 − jitter) up to the cap), so clients
 * that have failed many times do not fall into step either.
 */
export function reconnectDelay(attempt: number, policy: Omit<BackoffPolicy, 'stableMs'> = SOCKET_RECONNECT, random: () => number = Math.random): number {
  const base = policy.intervalMs * policy.decay ** Math.max(0, attempt);
  const low = Math.min(base, policy.maxIntervalMs) * (1 - policy.jitter);
  const high = Math.min(base * (1 + policy.jitter), policy.maxIntervalMs);
  return Math.round(low + random() * (high - low));
}

/**
 * Close codes of a server that is shutting down on purpose (1001 going away, 1012 service restart): the other
 * processes behind the proxy are up, so the client comes back promptly, on the first step of the schedule.
 */
export const PROMPT_CLOSE_CODES: readonly number[] = [1001, 1012];
