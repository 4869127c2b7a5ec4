import { describe, expect, it } from 'vitest';
import { SOCKET_RECONNECT } from '../../shared/constants.ts';
import { PROMPT_CLOSE_CODES, reconnectDelay } from './backoff.ts';

/** The push socket's reconnect schedule (decision 0110), with the jitter's random number chosen by the test. */
const at = (random: number) => (attempt: number) => reconnectDelay(attempt, SOCKET_RECONNECT, () => random);

describe('reconnectDelay', () => {
  it('tries the first time after about a second: 0.5 to 1.5 s, spread by the random number', () => {
    expect(at(0)(0)).toBe(500);
    expect(at(0.5)(0)).toBe(1000);
    expect(at(0.999_999)(0)).toBe(1500);
  });

  it('doubles with every failure and never waits longer than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(at(0.5))).toEqual([1000, 2000, 4000, 8000, 16_000, 22_500, 22_500, 22_500]);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(at(0.999_999))).toEqual([1500, 3000, 6000, 12_000, 24_000, 30_000, 30_000, 30_000]);
    for (let attempt = 0; attempt < 40; attempt += 1) expect(reconnectDelay(attempt)).toBeLessThanOrEqual(30_000);
  });

  it('keeps clients apart at the cap too: from half the cap up to the cap', () => {
    expect(at(0)(12)).toBe(15_000);
    expect(at(0.999_999)(12)).toBe(30_000);
    const spread = new Set(Array.from({ length: 50 }, () => reconnectDelay(12)));
    expect(spread.size).toBeGreaterThan(10);
    for (const delay of spread) expect(delay).toBeGreaterThanOrEqual(15_000);
  });

  it('spreads a thousand clients that lost their socket at once over a whole second', () => {
    const delays = Array.from({ length: 1000 }, () => reconnectDelay(0));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1500);
    // No tenth of the second gets more than a fifth of the clients (evenly, each gets a tenth).
    const buckets = new Map<number, number>();
    for (const d of delays) buckets.set(Math.floor((d - 500) / 100), (buckets.get(Math.floor((d - 500) / 100)) ?? 0) + 1);
    expect(Math.max(...buckets.values())).toBeLessThan(200);
  });

  it('treats a negative attempt as the first', () => {
    expect(at(0.5)(-3)).toBe(1000);
  });
});

describe('PROMPT_CLOSE_CODES', () => {
  it('are the codes of a server shutting down on purpose: going away and service restart', () => {
    expect([...PROMPT_CLOSE_CODES].sort()).toEqual([1001, 1012]);
  });
});
