import { sql } from 'kysely';
import type { Trx } from '../../kernel/db/pool.ts';
import type { DirectoryProvider } from '../../kernel/directory.ts';
import { readWorkTime } from './work-time.ts';
import { activeMembersOf } from '../../kernel/members.ts';

const ID = /^[0-9]{1,18}$/;

/** Active members of the space among `ids`, in the order given. */
async function active(trx: Trx, spaceId: string, ids: readonly string[]): Promise<string[]> {
  const found = await activeMembersOf(trx, spaceId, ids);
  return [...new Set(ids)].filter((id) => found.has(id));
}

async function departmentsOf(trx: Trx, spaceId: string, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom('org_member_department').select('department_id').where('space_id', '=', spaceId).where('user_id', '=', userId).orderBy('department_id').execute();
  return rows.map((r) => String(r.department_id));
}

/**
 * The organisation app's side of `kernel.directory` (the workflow's assignees): the main department is the lowest id
 * (the same one forms gives a member's new records), heads and superiors are walked upwards one step at a time.
 */
export const directory: DirectoryProvider = {
  departmentsOf,

  async rolesOf(trx, spaceId, userId) {
    const rows = await trx.selectFrom('org_role_member').select('role_id').where('space_id', '=', spaceId).where('user_id', '=', userId).execute();
    return rows.map((r) => String(r.role_id));
  },

  async roleGroupsOf(trx, spaceId, userId) {
    const rows = await trx
      .selectFrom('org_role_member as m')
      .innerJoin('org_role as r', (join) => join.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'))
      .select('r.group_id')
      .distinct()
      .where('m.space_id', '=', spaceId)
      .where('m.user_id', '=', userId)
      .execute();
    return rows.map((r) => String(r.group_id));
  },

  async roleGroupsIn(trx, spaceId, groupIds) {
    const ids = groupIds.filter((id) => ID.test(id));
    if (!ids.length) return new Set();
    const rows = await trx.selectFrom('org_role_group').select('id').where('space_id', '=', spaceId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => String(r.id)));
  },

  async headsAbove(trx, spaceId, userId, level) {
    const [main] = await departmentsOf(trx, spaceId, userId);
    if (!main) return [];
    // The chain from the member's department to the root: index 0 is his own department.
    const { rows } = await sql<{ id: string; depth: number }>`
      with recursive up as (
        select d.id, d.parent_id, 1 as depth from org_department d where d.space_id = ${spaceId} and d.id = ${main}::bigint
        union all
        select p.id, p.parent_id, up.depth + 1 from org_department p join up on p.id = up.parent_id where p.space_id = ${spaceId} and up.depth < 50
      ) select id::text as id, depth from up order by depth`.execute(trx);
    const target = rows[Math.min(level, rows.length) - 1];
    if (!target) return [];
    const heads = await trx.selectFrom('org_department_head').select('user_id').where('space_id', '=', spaceId).where('department_id', '=', target.id).orderBy('user_id').execute();
    return active(trx, spaceId, heads.map((h) => String(h.user_id)));
  },

  async superiorAbove(trx, spaceId, userId, level) {
    let current = userId;
    let found: string | null = null;
    const seen = new Set([userId]);
    for (let step = 0; step < level; step++) {
      const row = await trx.selectFrom('org_member_profile').select('superior_id').where('space_id', '=', spaceId).where('user_id', '=', current).executeTakeFirst();
      const next = row?.superior_id ? String(row.superior_id) : null;
      if (!next || seen.has(next)) break;
      seen.add(next);
      found = next;
      current = next;
    }
    return found && (await active(trx, spaceId, [found])).length ? found : null;
  },

  async postHolders(trx, spaceId, postIds) {
    const ids = postIds.filter((id) => ID.test(id));
    if (!ids.length) return [];
    const rows = await trx.selectFrom('org_member_post').select('user_id').distinct().where('space_id', '=', spaceId).where('post_id', 'in', ids).orderBy('user_id').execute();
    return active(trx, spaceId, rows.map((r) => String(r.user_id)));
  },

  async workTime(trx, spaceId) {
    const zone = (await sql<{ time_zone: string }>`select time_zone from spaces where id = ${spaceId}`.execute(trx)).rows[0]?.time_zone;
    return { time: await readWorkTime(trx), zone: zone ?? 'Asia/Shanghai' };
  },

  async activeMembers(trx, spaceId, userIds) {
    return new Set(await active(trx, spaceId, userIds));
  },
};
