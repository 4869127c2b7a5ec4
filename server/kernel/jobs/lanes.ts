import type { JobHandler } from './types.ts';

/** A defined job kind as the queue keeps it. */
export interface Kind {
  handler: JobHandler;
  leaseSeconds: number;
  backoffMs: (attempt: number) => number;
  /** The size of the kind's own lane; null: the kind runs in the process's shared slots. */
  lane: number | null;
}

export interface Running {
  promise: Promise<void>;
  abort: AbortController;
  kind: string;
  renewedAt: number;
}

/** One claim: kinds of one lane ('' the shared slots), how many may start, and the lease they start with. */
export interface Group {
  lane: string;
  kinds: string[];
  limit: number;
  lease: number;
}

/** A claim is renewed once a third of its lease has passed (at least every 5 s): a live job's claim never lapses. */
export const renewAfterMs = (leaseSeconds: number) => Math.min(5000, (leaseSeconds * 1000) / 3);

export const laneOf = (kinds: ReadonlyMap<string, Kind>, kind: string): string => (kinds.get(kind)?.lane ? kind : '');

/**
 * What a process may claim now: its free shared slots, and each lane's room. A lane is counted apart from the
 * shared slots, so a slow kind fills only its own. `reserved` are slots promised to claims still in flight (the
 * poll and drainNow may claim at once). Under a backlog the shared slots are claimed in batches (half of them at
 * least) rather than one job per finished one.
 */
export function claimGroups(
  kinds: ReadonlyMap<string, Kind>,
  running: Iterable<Running>,
  reserved: ReadonlyMap<string, number>,
  concurrency: number,
  batched: boolean,
): Group[] {
  const busy = new Map(reserved);
  for (const run of running) busy.set(laneOf(kinds, run.kind), (busy.get(laneOf(kinds, run.kind)) ?? 0) + 1);
  const groups: Group[] = [];
  const shared = [...kinds].filter(([, k]) => k.lane === null);
  const free = concurrency - (busy.get('') ?? 0);
  if (shared.length && free >= (batched ? Math.max(1, Math.floor(concurrency / 2)) : 1)) {
    groups.push({ lane: '', kinds: shared.map(([name]) => name), limit: free, lease: Math.max(...shared.map(([, k]) => k.leaseSeconds)) });
  }
  for (const [name, k] of kinds) {
    const room = k.lane === null ? 0 : k.lane - (busy.get(name) ?? 0);
    if (room > 0) groups.push({ lane: name, kinds: [name], limit: room, lease: k.leaseSeconds });
  }
  return groups;
}
