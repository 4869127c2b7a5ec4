import { sql } from 'kysely';
import type { NoticeRecipients } from '../../../shared/messages/notify.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { RecipientResolver } from '../../kernel/notices.ts';

const ID = /^[0-9]{1,18}$/;
const ids = (list: readonly string[] | undefined) => [...new Set((list ?? []).filter((id) => ID.test(id)))];

/**
 * The organisation app's side of the notify contract: members, departments with their sub-departments,
 * enterprise roles, role groups (every role of the group) and user groups, expanded to the distinct ACTIVE members
 * of the space. Runs in the caller's transaction, so row-level security already confines the org tables to the
 * caller's space; the explicit `space_id` conditions say the same for memberships (a platform table) and keep an
 * id of another space from resolving to anyone even if the caller's transaction is not in `spaceId`.
 */
export const resolveRecipients: RecipientResolver = async (trx: Trx, spaceId: string, recipients: NoticeRecipients) => {
  const members = ids(recipients.members);
  const departments = ids(recipients.departments);
  const roles = ids(recipients.roles);
  const roleGroups = ids(recipients.roleGroups);
  const userGroups = ids(recipients.userGroups);
  if (!members.length && !departments.length && !roles.length && !roleGroups.length && !userGroups.length) return [];
  const { rows } = await sql<{ user_id: string }>`
    with recursive dept as (
      select d.id from org_department d where d.space_id = ${spaceId} and d.id = any(${departments}::bigint[])
      union
      select c.id from org_department c join dept on c.parent_id = dept.id where c.space_id = ${spaceId}
    ), wanted as (
      select unnest(${members}::bigint[]) as user_id
      union select md.user_id from org_member_department md join dept on md.department_id = dept.id where md.space_id = ${spaceId}
      union select rm.user_id from org_role_member rm where rm.space_id = ${spaceId} and rm.role_id = any(${roles}::bigint[])
      union select rm.user_id from org_role_member rm join org_role r on r.space_id = rm.space_id and r.id = rm.role_id
             where rm.space_id = ${spaceId} and r.group_id = any(${roleGroups}::bigint[])
      union select gm.user_id from org_group_member gm where gm.space_id = ${spaceId} and gm.group_id = any(${userGroups}::bigint[])
    )
    select m.user_id::text as user_id from wanted w
      join memberships m on m.space_id = ${spaceId} and m.user_id = w.user_id and m.status = 'active'
      join users u on u.id = m.user_id and u.status <> 'disabled'
     order by m.user_id`.execute(trx);
  return rows.map((r) => r.user_id);
};
