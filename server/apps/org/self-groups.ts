import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { SELF_GROUPS_PATH, SELF_GROUP_LIMITS, SelfGroupBody, type SelfGroups } from '../../../shared/api/org-self.ts';
import { letters } from '../../../shared/org/member.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

/** The member's own groups with their members, and the administrator's public groups with whether he is in them. */
async function groupsOf(trx: Trx, userId: string): Promise<SelfGroups> {
  const mine = await trx.selectFrom('org_group').select(['id', 'name']).where('owner_id', '=', userId).orderBy(sql`lower(name)`).orderBy('id').execute();
  const members = mine.length
    ? await trx
        .selectFrom('org_group_member as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.group_id', 'u.id', 'u.name', 'u.login_id as loginId'])
        .where('m.group_id', 'in', mine.map((g) => g.id))
        .orderBy('u.name')
        .orderBy('u.id')
        .execute()
    : [];
  const shared = await sql<{ id: string; name: string; members: number; joined: boolean }>`
    select g.id::text as id, g.name, (select count(*)::int from org_group_member m where m.group_id = g.id) as members,
      exists (select 1 from org_group_member m where m.group_id = g.id and m.user_id = ${userId}) as joined
    from org_group g where g.kind = 'public' and g.owner_id is null order by lower(g.name), g.id`.execute(trx);
  return {
    mine: mine.map((g) => ({ id: String(g.id), name: g.name, members: members.filter((m) => String(m.group_id) === String(g.id)).map(({ id, name, loginId }) => ({ id: String(id), name, loginId })) })),
    public: shared.rows,
  };
}

/** §5: "user group name required", "user scope required"; the members must be of this space. */
async function checkedGroup(trx: Trx, spaceId: string, body: typeof SelfGroupBody.static): Promise<{ name: string; memberIds: string[] }> {
  const name = body.name.trim();
  if (!name) throw fail.unprocessable('orgSelf.groups.nameRequired', {}, { field: 'name' });
  if (letters(name) > SELF_GROUP_LIMITS.name) throw fail.unprocessable('validation.tooLong', { field: 'orgSelf.groups.name', limit: SELF_GROUP_LIMITS.name }, { field: 'name' });
  if (!body.memberIds.length) throw fail.unprocessable('orgSelf.groups.scopeRequired', {}, { field: 'memberIds' });
  // memberships is a platform table: filtered by the space here.
  const found = await trx.selectFrom('memberships').select('user_id').where('space_id', '=', spaceId).where('user_id', 'in', body.memberIds).execute();
  if (found.length !== body.memberIds.length) throw fail.unprocessable('org.notMember', {}, { field: 'memberIds' });
  return { name, memberIds: body.memberIds };
}

async function setMembers(trx: Trx, spaceId: string, groupId: string, memberIds: string[]): Promise<void> {
  await trx.deleteFrom('org_group_member').where('group_id', '=', groupId).execute();
  await trx.insertInto('org_group_member').values(memberIds.map((user_id) => ({ space_id: spaceId, group_id: groupId, user_id }))).execute();
}

/** A name he already gave another of his groups (unique per owner, migration org 0018). */
async function nameTaken<T>(work: Promise<T>, name: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw fail.conflict('orgSelf.groups.nameTaken', { name: name.trim() });
    throw error;
  }
}

/**
 * Personal settings "User groups" (§2.8, §3; decision 0062): a member keeps private groups of his own
 * (name and scope, the members they cover) and sees the space's public groups. Nobody else sees or changes his
 * groups here — every query is by owner —, and the administrator's groups (owner null) are read-only here.
 */
export function registerSelfGroupRoutes(app: App, kernel: Kernel): void {
  const member = { permission: 'org.structure.read' } as const;

  app.get(SELF_GROUPS_PATH, { config: { access: member }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const me = signedIn(req);
    return { code: 200, msg: 'ok', data: await kernel.transact(req, (trx) => groupsOf(trx, me.userId)) };
  });

  app.post(SELF_GROUPS_PATH, { config: { access: member, action: 'org.self.group.create' }, schema: { querystring: NoQuery, body: SelfGroupBody } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    const data = await nameTaken(
      kernel.transact(req, async (trx) => {
        const group = await checkedGroup(trx, space.id, req.body);
        const created = await trx.insertInto('org_group').values({ space_id: space.id, name: group.name, kind: 'private', owner_id: me.userId, created_by: me.userId }).returning('id').executeTakeFirstOrThrow();
        req.ctx.auditTarget = String(created.id);
        await setMembers(trx, space.id, created.id, group.memberIds);
        return { id: String(created.id), ...(await groupsOf(trx, me.userId)) };
      }),
      req.body.name,
    );
    return { code: 200, msg: 'ok', data };
  });

  app.put(`${SELF_GROUPS_PATH}/:id`, { config: { access: member, action: 'org.self.group.update' }, schema: { params: IdParam, querystring: NoQuery, body: SelfGroupBody } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    req.ctx.auditTarget = req.params.id;
    const data = await nameTaken(
      kernel.transact(req, async (trx) => {
        // Another member's group and the administrator's look the same from here: not found.
        const own = await trx.selectFrom('org_group').select('id').where('id', '=', req.params.id).where('owner_id', '=', me.userId).forUpdate().executeTakeFirst();
        if (!own) throw fail.notFound('orgSelf.groups.notFound');
        const group = await checkedGroup(trx, space.id, req.body);
        await trx.updateTable('org_group').set({ name: group.name }).where('id', '=', req.params.id).execute();
        await setMembers(trx, space.id, req.params.id, group.memberIds);
        return groupsOf(trx, me.userId);
      }),
      req.body.name,
    );
    return { code: 200, msg: 'ok', data };
  });

  app.delete(`${SELF_GROUPS_PATH}/:id`, { config: { access: member, action: 'org.self.group.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const me = signedIn(req);
    req.ctx.auditTarget = req.params.id;
    const data = await kernel.transact(req, async (trx) => {
      const removed = await trx.deleteFrom('org_group').where('id', '=', req.params.id).where('owner_id', '=', me.userId).executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw fail.notFound('orgSelf.groups.notFound');
      return groupsOf(trx, me.userId);
    });
    return { code: 200, msg: 'ok', data };
  });
}
