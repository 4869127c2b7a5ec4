import type { App } from './server.ts';
import { fail } from '../errors.ts';

/** Whether any string (or key) of a parsed request part holds NUL, which PostgreSQL text and jsonb cannot store. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > 32) return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner, depth + 1));
}

/**
 * NUL in any text of any call (query, route parameters, JSON or form body) is the caller's mistake: 422 before a
 * handler runs, instead of PostgreSQL's encoding error later as a 500. After the access hooks, so a caller who may
 * not call the route still learns only that. Multipart uploads are streams; their names are checked where read.
 */
export function installNulRefusal(app: App): void {
  // A callback, not an async hook: a promise per call for a check that never waits (bench:kernel).
  app.addHook('preHandler', (req, _reply, done) => {
    done(hasNul(req.query) || hasNul(req.params) || hasNul(req.body) ? fail.unprocessable('request.nulText') : undefined);
  });
}
