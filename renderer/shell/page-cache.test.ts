import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

describe('page cache', () => {
  it('keeps at most ten pages and evicts the least recently shown', () => {
    const cache = new PageCache<number>(10);
    for (let i = 1; i <= 10; i += 1) expect(cache.visit(`p${i}`, () => i).evicted).toEqual([]);
    cache.visit('p1', () => -1); // back to the first: now the most recent
    const { evicted } = cache.visit('p11', () => 11);
    expect(evicted).toEqual(['p2']);
    expect(cache.all.map((p) => p.key)).toEqual(['p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10', 'p1', 'p11']);
  });

  it('returns the cached page with its value and scroll, not a new one', () => {
    const cache = new PageCache<{ n: number }>(10);
    const first = cache.visit('a', () => ({ n: 1 })).page;
    first.scrollTop = 420;
    cache.visit('b', () => ({ n: 2 }));
    const again = cache.visit('a', () => ({ n: 99 })).page;
    expect(again.value.n).toBe(1);
    expect(again.scrollTop).toBe(420);
  });
});
