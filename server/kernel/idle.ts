import type { Db } from './db/pool.ts';
import type { Clock } from './clock.ts';
import type { Principal } from './sessions.ts';

/** The stored last-seen time is written at most this often per session: a write per request would be the cost. */
const WRITE_EVERY_MS = 60_000;
const MAX_TRACKED = 50_000;

/**
 * Idle sessions (a space's security policy): each process remembers when it last served a session and stores it
 * once a minute. A session that looks idle here is checked against the stored time first — another process may
 * have served it meanwhile — so no process ends a session that is in use elsewhere.
 */
export class IdleSessions {
  private readonly seen = new Map<string, number>();
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** True when the session may go on (and it is marked seen now); false when it was idle longer than `idleMs`. */
  check(principal: Principal, idleMs: number): true | Promise<boolean> {
    const now = this.clock.now();
    const last = this.seen.get(principal.sessionId) ?? principal.lastSeenAt;
    if (idleMs <= 0 || now - last <= idleMs) return this.touch(principal.sessionId, now);
    return this.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id', '=', principal.sessionId)
      .executeTakeFirst()
      .then((row) => (row && now - new Date(row.last_seen_at).getTime() <= idleMs ? this.touch(principal.sessionId, now) : false));
  }

  private touch(sessionId: string, now: number): true {
    if (this.seen.size >= MAX_TRACKED) (this.seen.clear(), this.written.clear());
    this.seen.set(sessionId, now);
    if (now - (this.written.get(sessionId) ?? 0) >= WRITE_EVERY_MS) {
      this.written.set(sessionId, now);
      void this.db.updateTable('sessions').set({ last_seen_at: new Date(now) }).where('id', '=', sessionId).execute().catch(() => undefined);
    }
    return true;
  }
}
