import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isDelegable, type DelegablePermission } from '../../shared/permissions.ts';
import { isRole, type Role } from '../../shared/roles.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/pool.ts';

export const SESSION_COOKIE = 'qp_sid';
/**
 * Under https the session cookie carries the `__Host-` prefix: the browser then only accepts it Secure, for
 * path `/`, from this very host — a sibling subdomain or a plain-http answer cannot plant or overwrite it.
 * Only the name that fits the request's scheme is read, so a planted unprefixed cookie is ignored under https.
 */
export const sessionCookieName = (secure: boolean): string => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
export const CSRF_COOKIE = 'qp_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSIONS_CHANNEL = 'qpaas_sessions';
const SESSION_DAYS = 7;
/** A cached principal is trusted this long; revocations also drop it at once, in every process (NOTIFY). */
const CACHE_MS = 10_000;

export interface Membership {
  spaceId: string;
  spaceName: string;
  roles: Role[];
  /** Console permissions delegated beyond the roles (decision 0045); only delegable names are kept. */
  delegated: DelegablePermission[];
}

/** Who is calling: the signed-in user with the space memberships the session sees. */
export interface Principal {
  sessionId: string;
  csrfToken: string;
  userId: string;
  loginId: string;
  name: string;
  phone: string | null;
  email: string | null;
  /** The user's own space for this session (switchable); requests without a prefix act in it. */
  spaceId: string | null;
  memberships: Membership[];
  isRoot: boolean;
  /** The active service provider a saas account belongs to (decision 0071), else null. */
  providerId: string | null;
  /** The session's last request as stored when it was loaded (the idle check keeps a fresher view in memory). */
  lastSeenAt: number;
  /** Set when the caller is a developer token, not a session (bearer.ts): no cookie, no CSRF, no idle time. */
  tokenId?: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  private readonly cache = new Map<string, { principal: Principal; until: number }>();
  private static readonly MAX_CACHED = 50_000;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(exec: Db, userId: string, spaceId: string | null, ip: string | null, userAgent: string | null) {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    await exec
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        user_id: userId,
        space_id: spaceId,
        csrf_token: csrfToken,
        ip,
        user_agent: userAgent?.slice(0, 300) ?? null,
        created_at: new Date(this.clock.now()),
        last_seen_at: new Date(this.clock.now()),
        expires_at: new Date(this.clock.now() + SESSION_DAYS * 86_400_000),
      })
      .execute();
    return { token, csrfToken, maxAgeSeconds: SESSION_DAYS * 86_400 };
  }

  /**
   * The principal of a token without waiting when it is cached (undefined: ask `resolve`). Light calls take
   * this path, so they cost no promise and no database round trip.
   */
  cached(token: string | undefined): Principal | null | undefined {
    if (!token || token.length > 100) return null;
    // Keyed by the cookie token itself: hashing it on every request cost a measurable share of a light call.
    const entry = this.cache.get(token);
    return entry && entry.until > this.clock.now() ? entry.principal : undefined;
  }

  async resolve(token: string | undefined): Promise<Principal | null> {
    const cached = this.cached(token);
    if (cached !== undefined || !token) return cached ?? null;
    const principal = await this.load(hashToken(token));
    if (this.cache.size >= SessionStore.MAX_CACHED) this.cache.clear(); // bounded: a flood of tokens cannot grow it
    if (principal) this.cache.set(token, { principal, until: this.clock.now() + CACHE_MS });
    else this.cache.delete(token);
    return principal;
  }

  private async load(id: string): Promise<Principal | null> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      // A disabled provider's accounts keep their sign-in but act as nobody's (no provider console).
      .leftJoin('provider_members as pm', 'pm.user_id', 'u.id')
      .leftJoin('providers as p', (join) => join.onRef('p.id', '=', 'pm.provider_id').on('p.status', '=', 'active'))
      .select(['s.id', 's.csrf_token', 's.space_id', 's.last_seen_at', 'u.id as user_id', 'u.login_id', 'u.name', 'u.phone', 'u.email', 'p.id as provider_id'])
      .where('s.id', '=', id)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date(this.clock.now()))
      .where('u.status', '=', 'active')
      .executeTakeFirst();
    if (!row) return null;
    const memberships = await this.memberships(row.user_id);
    return {
      sessionId: row.id,
      csrfToken: row.csrf_token,
      userId: row.user_id,
      loginId: row.login_id,
      name: row.name,
      phone: row.phone,
      email: row.email,
      spaceId: row.space_id,
      memberships,
      isRoot: memberships.some((m) => m.roles.includes('root')),
      providerId: row.provider_id ?? null,
      lastSeenAt: new Date(row.last_seen_at).getTime(),
    };
  }

  /**
   * The spaces an account may work in. Inside a transaction pass it as `exec`: taking a second pool connection while
   * holding one starves the pool when as many sign-ins as connections arrive at once, and they all wait for ever.
   */
  async memberships(userId: string, exec: Db = this.db): Promise<Membership[]> {
    const rows = await exec
      .selectFrom('memberships as m')
      .innerJoin('spaces as sp', 'sp.id', 'm.space_id')
      .select(['m.space_id', 'sp.name', 'm.roles', 'm.delegated'])
      .where('m.user_id', '=', userId)
      .where('m.status', '=', 'active')
      .where('sp.status', '=', 'active')
      .orderBy('m.created_at')
      .execute();
    return rows.map((r) => ({ spaceId: r.space_id, spaceName: r.name, roles: r.roles.filter(isRole), delegated: r.delegated.filter(isDelegable) }));
  }

  async setSpace(exec: Db, sessionId: string, spaceId: string): Promise<void> {
    await exec.updateTable('sessions').set({ space_id: spaceId }).where('id', '=', sessionId).execute();
  }

  /**
   * Revokes one session, or all of a user's sessions but `keep`, inside the caller's transaction, and
   * announces it on the sessions channel (NOTIFY is delivered at commit, to every server process).
   * The caller drops its own cache after commit with `forget`, so a rolled-back change revokes nothing.
   */
  async revoke(exec: Db, where: { sessionId: string } | { userId: string; keep?: string; spaceId?: string }): Promise<string[]> {
    let query = exec
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('revoked_at', 'is', null);
    query = 'sessionId' in where ? query.where('id', '=', where.sessionId) : query.where('user_id', '=', where.userId);
    if ('userId' in where && where.keep) query = query.where('id', '<>', where.keep);
    // A member disabled in one space loses the sessions working in that space; their other spaces go on.
    if ('userId' in where && where.spaceId) query = query.where('space_id', '=', where.spaceId);
    const rows = await query.returning('id').execute();
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) await sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(ids)})`.execute(exec);
    return ids;
  }

  /**
   * Memberships or spaces changed: every process drops its cached principals at commit (they reload) and
   * closes the sockets bound to a space their user has left (push/membership-guard.ts). Every path that
   * removes, disables or changes a membership or a space calls this inside its transaction.
   */
  async announceMembershipChange(exec: Db): Promise<void> {
    await sql`select pg_notify(${SESSIONS_CHANNEL}, '"*"')`.execute(exec);
  }

  /** Drops cached principals (called locally and when another process announces a revocation). */
  forget(sessionIds: readonly string[] | 'all'): void {
    if (sessionIds === 'all') return this.cache.clear();
    const revoked = new Set(sessionIds);
    for (const [token, entry] of this.cache) if (revoked.has(entry.principal.sessionId)) this.cache.delete(token);
  }
}
