import { AppError, fail } from './errors.ts';
import { bearerOf } from './bearer.ts';

/** A platform key the app keeping them honours for this call. */
export interface PlatformKeyGrant {
  keyId: string;
  name: string;
}

/** A refusal: 401 unknown/revoked/expired, 403 scope, 429 rate (with the seconds until the next window). */
export interface PlatformKeyRefusal {
  status: 401 | 403 | 429;
  key: string;
  retryAfter?: number;
}

/** Checks `token` for a call needing `scope` at `now` (and counts it against the key's rate). */
export type PlatformKeyCheck = (token: string, scope: string, now: number) => Promise<PlatformKeyGrant | PlatformKeyRefusal>;

/**
 * The platform API's keys (decision 0082), kept apart from developer tokens (bearer.ts): a developer token acts as
 * a member inside one space; a platform key is the operator's integration and acts as no user at all. Routes
 * declaring `access: 'platformKey'` take only these keys — a session or a developer token never opens them — and
 * every other route never takes one. The console app provides the check; the kernel knows no key table.
 */
export class PlatformKeys {
  private check: PlatformKeyCheck | null = null;

  provide(check: PlatformKeyCheck): void {
    this.check = check;
  }

  /** The grant for a request's Authorization header, or the AppError to answer (with Retry-After through `retry`). */
  async grant(header: string | string[] | undefined, scope: string, now: number, retry: (seconds: number) => void): Promise<PlatformKeyGrant> {
    const token = bearerOf(header);
    if (token === null || !this.check) throw fail.unauthorized('consoleAccess.key.missing');
    const found = await this.check(token, scope, now);
    if ('keyId' in found) return found;
    if (found.retryAfter !== undefined) retry(found.retryAfter);
    throw new AppError(found.status, found.key);
  }
}
