import { describe, expect, it } from 'vitest';
import { claimGroups, type Kind, type Running } from './lanes.ts';

const kind = (leaseSeconds: number, lane: number | null = null): Kind => ({ handler: async () => {}, leaseSeconds, backoffMs: () => 0, lane });
const kinds = new Map<string, Kind>([
  ['a.report', kind(60)],
  ['a.prune', kind(20)],
  ['m.email', kind(3, 1)],
  ['m.inapp', kind(3, 2)],
]);
const running = (...names: string[]): Running[] => names.map((name) => ({ promise: Promise.resolve(), abort: new AbortController(), kind: name, renewedAt: 0 }));

describe('claim groups of the job queue', () => {
  it('claims the shared slots for kinds without a lane (longest lease) and each lane apart, with its own lease', () => {
    expect(claimGroups(kinds, [], new Map(), 4, true)).toEqual([
      { lane: '', kinds: ['a.report', 'a.prune'], limit: 4, lease: 60 },
      { lane: 'm.email', kinds: ['m.email'], limit: 1, lease: 3 },
      { lane: 'm.inapp', kinds: ['m.inapp'], limit: 2, lease: 3 },
    ]);
  });

  it('a full lane asks for nothing and takes no shared slot; a busy shared pool leaves the lanes their room', () => {
    const groups = claimGroups(kinds, running('m.email', 'm.inapp', 'a.report', 'a.report', 'a.report'), new Map(), 4, false);
    expect(groups).toEqual([
      { lane: '', kinds: ['a.report', 'a.prune'], limit: 1, lease: 60 },
      { lane: 'm.inapp', kinds: ['m.inapp'], limit: 1, lease: 3 },
    ]);
  });

  it('under a backlog the shared slots wait for half of them to be free; slots promised to a claim in flight count', () => {
    expect(claimGroups(kinds, running('a.report', 'a.report', 'a.report'), new Map(), 4, true).map((g) => g.lane)).toEqual(['m.email', 'm.inapp']);
    expect(claimGroups(kinds, [], new Map([['m.email', 1], ['', 2]]), 4, true)).toEqual([
      { lane: '', kinds: ['a.report', 'a.prune'], limit: 2, lease: 60 },
      { lane: 'm.inapp', kinds: ['m.inapp'], limit: 2, lease: 3 },
    ]);
  });
});
