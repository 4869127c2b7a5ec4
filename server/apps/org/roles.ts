import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { AddRoleMembersBody, RoleBody, RoleGroupBody, RoleMemberParams, UpdateRoleBody, UpdateRoleGroupBody } from '../../../shared/api/org-roles.ts';
import { rolesFor } from '../../../shared/permissions.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { membersOnly } from './groups.ts';
import { openRequest } from './grants.ts';
import './tables.ts';

const nameTaken = (key: string, name: string | undefined) => (error: unknown): never => {
  if (pgErrorCode(error) === '23505') throw fail.unprocessable(key, { name: name ?? '' });
  throw error;
};

async function lockGroup(trx: Trx, id: string) {
  const group = await trx.selectFrom('org_role_group').select(['id', 'sensitive']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!group) throw fail.unprocessable('org.role.groupMissing');
  return group;
}

/**
 * Enterprise roles (spec §2.6 roleManage, roleGroup; §6 role groups public or private): role groups hold roles,
 * roles hold members. Private groups are the administrators' working sets and are not offered to other members.
 * Adding a member to a role of a SENSITIVE group files a request for the security reviewer instead (grants.ts).
 */
export function registerRoleRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.roles.manage' } as const;

  app.get('/api/org/role-groups', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const seesPrivate = rolesFor('org.roles.manage').some((role) => req.ctx.roles.includes(role));
    const groups = await kernel.transact(req, async (trx) => {
      let query = trx.selectFrom('org_role_group').select(['id', 'name', 'kind', 'sensitive', 'sort']).orderBy('sort').orderBy('id');
      if (!seesPrivate) query = query.where('kind', '=', 'public');
      const rows = await query.execute();
      const roles = await trx
        .selectFrom('org_role as r')
        .select(['r.id', 'r.group_id as groupId', 'r.name', 'r.description', 'r.sort'])
        .select((eb) => eb.selectFrom('org_role_member as m').select(eb.fn.countAll<string>().as('n')).whereRef('m.role_id', '=', 'r.id').as('members'))
        .orderBy('r.sort')
        .orderBy('r.id')
        .execute();
      return rows.map((g) => ({ ...g, roles: roles.filter((r) => r.groupId === g.id).map((r) => ({ ...r, members: Number(r.members) })) }));
    });
    return { code: 200, msg: 'ok', data: { groups } };
  });

  app.post('/api/org/role-groups', { config: { access: manage, action: 'org.roleGroup.create' }, schema: { querystring: NoQuery, body: RoleGroupBody } }, async (req) => {
    const space = currentSpace(req);
    const name = req.body.name.trim();
    if (!name) throw fail.unprocessable('validation.required', { field: 'org.roles.groupName' });
    const group = await kernel
      .transact(req, (trx) => trx.insertInto('org_role_group').values({ space_id: space.id, name, kind: req.body.kind, sensitive: req.body.sensitive, sort: req.body.sort }).returning(['id', 'name', 'kind', 'sensitive', 'sort']).executeTakeFirstOrThrow())
      .catch(nameTaken('org.roles.groupExists', name));
    req.ctx.auditTarget = group.id;
    return { code: 200, msg: 'ok', data: group };
  });

  app.patch('/api/org/role-groups/:id', { config: { access: manage, action: 'org.roleGroup.update' }, schema: { params: IdParam, querystring: NoQuery, body: UpdateRoleGroupBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const name = req.body.name?.trim();
    if (name === '') throw fail.unprocessable('validation.required', { field: 'org.roles.groupName' });
    const group = await kernel
      .transact(req, (trx) => trx.updateTable('org_role_group').set({ ...req.body, ...(name ? { name } : {}) }).where('id', '=', req.params.id).returning(['id', 'name', 'kind', 'sensitive', 'sort']).executeTakeFirst())
      .catch(nameTaken('org.roles.groupExists', name));
    if (!group) throw fail.notFound();
    return { code: 200, msg: 'ok', data: group };
  });

  app.delete('/api/org/role-groups/:id', { config: { access: manage, action: 'org.roleGroup.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      await lockGroup(trx, req.params.id).catch(() => Promise.reject(fail.notFound()));
      const role = await trx.selectFrom('org_role').select('id').where('group_id', '=', req.params.id).executeTakeFirst();
      if (role) throw fail.unprocessable('org.roles.groupNotEmpty');
      await trx.deleteFrom('org_role_group').where('id', '=', req.params.id).execute();
    });
    return { code: 200, msg: 'ok', data: null };
  });

  app.post('/api/org/roles', { config: { access: manage, action: 'org.role.create' }, schema: { querystring: NoQuery, body: RoleBody } }, async (req) => {
    const space = currentSpace(req);
    const name = req.body.name.trim();
    if (!name) throw fail.unprocessable('validation.required', { field: 'org.roles.roleName' });
    const role = await kernel
      .transact(req, async (trx) => {
        await lockGroup(trx, req.body.groupId);
        return trx.insertInto('org_role').values({ space_id: space.id, group_id: req.body.groupId, name, description: req.body.description?.trim(), sort: req.body.sort }).returning(['id', 'group_id as groupId', 'name', 'description', 'sort']).executeTakeFirstOrThrow();
      })
      .catch(nameTaken('org.roles.roleExists', name));
    req.ctx.auditTarget = role.id;
    return { code: 200, msg: 'ok', data: role };
  });

  app.patch('/api/org/roles/:id', { config: { access: manage, action: 'org.role.update' }, schema: { params: IdParam, querystring: NoQuery, body: UpdateRoleBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const { groupId, ...rest } = req.body;
    const name = rest.name?.trim();
    if (name === '') throw fail.unprocessable('validation.required', { field: 'org.roles.roleName' });
    const role = await kernel
      .transact(req, async (trx) => {
        if (groupId) await lockGroup(trx, groupId);
        return trx
          .updateTable('org_role')
          .set({ ...rest, ...(name ? { name } : {}), ...(rest.description !== undefined ? { description: rest.description.trim() } : {}), ...(groupId ? { group_id: groupId } : {}) })
          .where('id', '=', req.params.id)
          .returning(['id', 'group_id as groupId', 'name', 'description', 'sort'])
          .executeTakeFirst();
      })
      .catch(nameTaken('org.roles.roleExists', name));
    if (!role) throw fail.notFound();
    return { code: 200, msg: 'ok', data: role };
  });

  app.delete('/api/org/roles/:id', { config: { access: manage, action: 'org.role.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const removed = await kernel.transact(req, (trx) => trx.deleteFrom('org_role').where('id', '=', req.params.id).executeTakeFirst());
    if (removed.numDeletedRows === 0n) throw fail.notFound();
    return { code: 200, msg: 'ok', data: null };
  });

  app.get('/api/org/roles/:id/members', { config: { access: read }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const members = await kernel.transact(req, async (trx) => {
      const role = await trx.selectFrom('org_role').select('id').where('id', '=', req.params.id).executeTakeFirst();
      if (!role) throw fail.notFound();
      return trx.selectFrom('org_role_member as m').innerJoin('users as u', 'u.id', 'm.user_id').select(['u.id', 'u.login_id as loginId', 'u.name']).where('m.role_id', '=', req.params.id).orderBy('u.name').execute();
    });
    return { code: 200, msg: 'ok', data: { members } };
  });

  /** Adds members; in a sensitive group each becomes a pending request with the reason given (required then). */
  app.post('/api/org/roles/:id/members', { config: { access: manage, action: 'org.role.members.add' }, schema: { params: IdParam, querystring: NoQuery, body: AddRoleMembersBody } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    req.ctx.auditTarget = `${req.params.id}:${req.body.userIds.join(',')}`;
    await membersOnly(kernel, space.id, req.body.userIds);
    const outcome = await kernel.transact(req, async (trx) => {
      const role = await trx.selectFrom('org_role as r').innerJoin('org_role_group as g', 'g.id', 'r.group_id').select(['r.id', 'g.sensitive']).where('r.id', '=', req.params.id).forUpdate('r').executeTakeFirst();
      if (!role) throw fail.notFound();
      if (!role.sensitive) {
        await trx.insertInto('org_role_member').values(req.body.userIds.map((user_id) => ({ space_id: space.id, role_id: role.id, user_id }))).onConflict((oc) => oc.doNothing()).execute();
        return { added: req.body.userIds, pending: [] as string[] };
      }
      const reason = req.body.reason?.trim() ?? '';
      if (!reason) throw fail.unprocessable('org.grants.reasonRequired', {}, { field: 'reason' });
      const held = await trx.selectFrom('org_role_member').select('user_id').where('role_id', '=', role.id).where('user_id', 'in', req.body.userIds).execute();
      const wanted = req.body.userIds.filter((id) => !held.some((h) => h.user_id === id));
      for (const userId of wanted) await openRequest(trx, space.id, { userId, kind: 'enterpriseRole', action: 'grant', roleId: role.id, reason, requestedBy: me.userId });
      return { added: [] as string[], pending: wanted };
    });
    return { code: 200, msg: outcome.pending.length ? 'org.grants.filed' : 'ok', data: outcome };
  });

  app.delete('/api/org/roles/:id/members/:userId', { config: { access: manage, action: 'org.role.members.remove' }, schema: { params: RoleMemberParams, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = `${req.params.id}:${req.params.userId}`;
    const removed = await kernel.transact(req, (trx) => trx.deleteFrom('org_role_member').where('role_id', '=', req.params.id).where('user_id', '=', req.params.userId).executeTakeFirst());
    if (removed.numDeletedRows === 0n) throw fail.notFound();
    return { code: 200, msg: 'ok', data: null };
  });

}
