import type { Trx } from './db/pool.ts';

const ID = /^[0-9]{1,18}$/;

/**
 * Which of `ids` are active members of the space: an active membership and an account that is not disabled.
 * Memberships are a platform table (no row-level security), so the space is named: someone of another space is
 * simply not found. Every app that checks people it was given asks here.
 */
export async function activeMembersOf(trx: Trx, spaceId: string, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id) => ID.test(id)))];
  if (wanted.length === 0) return new Set();
  const rows = await trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.space_id', '=', spaceId)
    .where('m.status', '=', 'active')
    .where('u.status', '<>', 'disabled')
    .where('u.id', 'in', wanted)
    .execute();
  return new Set(rows.map((r) => String(r.id)));
}
