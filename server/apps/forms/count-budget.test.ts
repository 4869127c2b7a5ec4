import { afterEach, describe, expect, it } from 'vitest';
import { configureCounts, countConfig, pageCount } from './count-budget.ts';

const defaults = countConfig();
afterEach(() => configureCounts(defaults));
const never = new Promise<never>(() => undefined);

describe('a list page and its count (decision 0025)', () => {
  it('a page does not wait for a count still running past its share: it answers the estimate it heard', async () => {
    configureCounts({ pageShare: 0.15 });
    expect(await pageCount(never, () => ({ count: 716_321, estimated: true }), 10, 'list')).toEqual({ count: 716_321, estimated: true });
  });

  it('a count done in time is answered exact', async () => {
    expect(await pageCount(Promise.resolve({ count: 600_000, estimated: false }), () => ({ count: 716_321, estimated: true }), 10, 'list')).toEqual({ count: 600_000, estimated: false });
  });

  it('the exact figure the user asked for is waited for', async () => {
    let finish: (n: { count: number; estimated: boolean }) => void = () => undefined;
    const count = new Promise<{ count: number; estimated: boolean }>((resolve) => (finish = resolve));
    const answer = pageCount(count, () => ({ count: 716_321, estimated: true }), 1, 'asked');
    // Long past the page's share: still waiting, until the count ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish({ count: 600_000, estimated: false });
    expect(await answer).toEqual({ count: 600_000, estimated: false });
  });
});
