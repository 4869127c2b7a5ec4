import { fail } from './errors.ts';
import type { Db } from './db/pool.ts';
import type { Principal, SessionStore } from './sessions.ts';

/** What the app keeping bearer tokens answers for a token it knows and still honours. */
export interface BearerGrant {
  tokenId: string;
  userId: string;
  spaceId: string;
}

/** A known token it refuses (revoked, replaced): the dictionary key of the 401 the caller reads. */
export type BearerLookup = (token: string) => Promise<BearerGrant | { refused: string } | null>;
/** Whether a token may call the route `method url` (url as the route declares it, e.g. `/api/x/:id`). */
export type BearerScope = (method: string, url: string) => boolean;

/** `Authorization: Bearer <token>` of a request, or null without one. */
export function bearerOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value && /^Bearer\s+(\S{1,200})\s*$/i.exec(value);
  return match ? match[1]! : null;
}

/**
 * The bearer contract (decision 0058): the developer app (account) provides the token lookup and the routes a token
 * may call; the kernel turns a good token into a principal confined to the token's space with the member's current
 * roles and delegations, exactly as a session in that space would have them. The kernel knows no token table.
 * Nothing is cached, so a revoked token or a disabled member is refused on the very next call.
 */
export class BearerTokens {
  private lookup: BearerLookup | null = null;
  private scope: BearerScope = () => false;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
  ) {}

  provide(lookup: BearerLookup, scope: BearerScope): void {
    this.lookup = lookup;
    this.scope = scope;
  }

  /** The principal of `token` on route `method url`; a 401 (or 403 for a route tokens may not call) otherwise. */
  async principal(token: string, method: string, url: string, now: number): Promise<Principal> {
    const found = this.lookup ? await this.lookup(token) : null;
    if (!found) throw fail.unauthorized('kernel.bearer.unknown');
    if ('refused' in found) throw fail.unauthorized(found.refused);
    if (!this.scope(method, url)) throw fail.forbidden('kernel.bearer.notForThisCall');
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'login_id', 'name', 'phone', 'email'])
      .where('id', '=', found.userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    // Only the token's own space: a token never acts elsewhere, not even a root's.
    const memberships = user ? (await this.sessions.memberships(user.id)).filter((m) => m.spaceId === found.spaceId) : [];
    if (!user || memberships.length === 0) throw fail.unauthorized('kernel.bearer.memberInactive');
    return {
      sessionId: `token:${found.tokenId}`,
      csrfToken: '',
      userId: user.id,
      loginId: user.login_id,
      name: user.name,
      phone: user.phone,
      email: user.email,
      spaceId: found.spaceId,
      memberships,
      isRoot: false,
      providerId: null, // a developer token acts in its one space only, never as a provider
      lastSeenAt: now,
      tokenId: found.tokenId,
    };
  }
}
