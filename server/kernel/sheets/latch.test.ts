import { describe, expect, it } from 'vitest';
import { FailureLatch } from './latch.ts';

describe('FailureLatch', () => {
  it('a guarded await fails with the first error instead of waiting forever', async () => {
    const latch = new FailureLatch();
    const forever = new Promise<never>(() => {});
    const waiting = latch.guard(forever);
    latch.fail(new Error('unzip failed'));
    latch.fail(new Error('second'));
    await expect(waiting).rejects.toThrow('unzip failed');
    await expect(latch.guard(Promise.resolve(1))).rejects.toThrow('unzip failed');
    expect(() => latch.check()).toThrow('unzip failed');
  });

  // The memory sanity check that matters here: racing every row against one long-lived promise kept
  // every row alive (100,000 xlsx rows → +300 MB). A settled guard must leave nothing behind.
  it('keeps nothing per settled await', async () => {
    const latch = new FailureLatch();
    for (let i = 0; i < 10_000; i++) expect(await latch.guard(Promise.resolve(i))).toBe(i);
    await latch.guard(Promise.reject(new Error('own failure'))).catch(() => {});
    expect((latch as unknown as { waiters: Set<unknown> }).waiters.size).toBe(0);
  });
});
