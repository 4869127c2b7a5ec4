import type { Db } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import type { SocketHub } from './hub.ts';

/** Close code for a socket whose user no longer belongs to the space it was bound in (final: no reconnect). */
export const MEMBERSHIP_ENDED_CLOSE = 4403;

/**
 * Memberships or spaces changed somewhere (the sessions channel's `*`, sent at the commit of every such
 * change, to every process): close the sockets bound to a space their user has left, or that was disabled —
 * as signing out closes a session's sockets. Root keeps its sockets: it may enter every space.
 */
export async function closeSocketsOutsideMemberships(db: Db, hub: SocketHub, log: Logger, onlyUser?: string): Promise<void> {
  const bound = hub.boundTo().filter((b) => b.spaceId !== null && (onlyUser === undefined || b.userId === onlyUser));
  if (bound.length === 0) return;
  try {
    const rows = await db
      .selectFrom('memberships as m')
      .innerJoin('spaces as sp', 'sp.id', 'm.space_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.space_id', 'm.roles'])
      .where('m.user_id', 'in', [...new Set(bound.map((b) => b.userId))])
      .where('sp.status', '=', 'active')
      .where('u.status', '=', 'active')
      .execute();
    const member = new Set(rows.map((r) => `${r.user_id}:${r.space_id}`));
    const roots = new Set(rows.filter((r) => r.roles.includes('root')).map((r) => r.user_id));
    hub.closeWhere((b) => b.spaceId !== null && (onlyUser === undefined || b.userId === onlyUser) && !roots.has(b.userId) && !member.has(`${b.userId}:${b.spaceId}`), MEMBERSHIP_ENDED_CLOSE, 'membership ended');
  } catch (error) {
    log.error({ err: error }, 're-checking socket memberships failed');
  }
}
