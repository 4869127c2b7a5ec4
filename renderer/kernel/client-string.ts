import { CLIENT_STRING_COOKIE_DAYS } from '../../shared/constants.ts';
import { readCookie, writeCookie } from './storage.ts';

export const CLIENT_STRING_COOKIE = 'client_string';

export interface ClientStringOptions {
  /** Injectable for tests; defaults to crypto.randomUUID. */
  generate?: () => string;
  now?: () => number;
}

/**
 * Spec §3: `client_string` identifies this browser for a day (CLIENT_STRING_COOKIE_DAYS). An existing cookie is
 * reused as is — its expiry is not pushed back, so the id really changes at least daily.
 */
export function ensureClientString(options: ClientStringOptions = {}): string {
  const existing = readCookie(CLIENT_STRING_COOKIE);
  if (existing) return existing;
  const id = (options.generate ?? (() => globalThis.crypto.randomUUID()))();
  writeCookie(CLIENT_STRING_COOKIE, id, { days: CLIENT_STRING_COOKIE_DAYS, now: options.now });
  return id;
}
