/**
 * Optimistic concurrency by a row's `updated_at`: a change carries the stamp its author last saw, and is refused
 * (409) when the row changed meanwhile. The stamp travels as an ISO text; a text that is no time never matches.
 */
export function sameVersion(current: Date, seen: string): boolean {
  const parsed = new Date(seen);
  return !Number.isNaN(parsed.getTime()) && current.toISOString() === parsed.toISOString();
}
