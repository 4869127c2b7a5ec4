import { Type } from '@sinclair/typebox';
import { IdParam, NoQuery, Strict } from '../../../shared/api/common.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

const Ids = Type.Array(Type.String({ pattern: '^[0-9]{1,18}$' }), { maxItems: 500, uniqueItems: true });
const DepartmentsBody = Strict({ departmentIds: Ids });
const GroupBody = Strict({ name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }), kind: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('private')])) });
const GroupMembersBody = Strict({ userIds: Ids });

/** Checks that every id is a member of the space (memberships is a platform table: filtered by space here). */
export async function membersOnly(kernel: Kernel, spaceId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await kernel.db.selectFrom('memberships').select('user_id').where('space_id', '=', spaceId).where('user_id', 'in', ids).execute();
  if (found.length !== ids.length) throw fail.unprocessable('org.notMember');
}

/**
 * A member's departments (what "own department's records" rules of §6 compare with) and user groups (rules per
 * group). Admin work; row-level security keeps every read and write inside the request's space.
 */
export function registerGroupRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'org.structure.manage' } as const;
  const read = { permission: 'org.structure.read' } as const;

  app.put('/api/org/members/:id/departments', { config: { access: manage, action: 'org.member.departments' }, schema: { params: IdParam, body: DepartmentsBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await membersOnly(kernel, space.id, [req.params.id]);
    try {
      await kernel.transact(req, async (trx) => {
        await trx.deleteFrom('org_member_department').where('user_id', '=', req.params.id).execute();
        if (req.body.departmentIds.length) {
          await trx.insertInto('org_member_department').values(req.body.departmentIds.map((d) => ({ space_id: space.id, user_id: req.params.id, department_id: d }))).execute();
        }
      });
    } catch (error) {
      if (pgErrorCode(error) === '23503') throw fail.notFound('org.departmentMissing');
      throw error;
    }
    return { code: 200, msg: 'ok', data: { departmentIds: req.body.departmentIds } };
  });

  app.get('/api/org/groups', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const groups = await kernel.transact(req, (trx) =>
      trx
        .selectFrom('org_group as g')
        .select((eb) => ['g.id', 'g.name', 'g.kind', eb.selectFrom('org_group_member as m').select(eb.fn.countAll<string>().as('n')).whereRef('m.group_id', '=', 'g.id').as('members')])
        .orderBy('g.name')
        .execute(),
    );
    return { code: 200, msg: 'ok', data: { groups } };
  });

  app.post('/api/org/groups', { config: { access: manage, action: 'org.group.create' }, schema: { body: GroupBody } }, async (req) => {
    const space = currentSpace(req);
    try {
      const group = await kernel.transact(req, (trx) =>
        trx.insertInto('org_group').values({ space_id: space.id, name: req.body.name.trim(), kind: req.body.kind ?? 'public' }).returning(['id', 'name', 'kind']).executeTakeFirstOrThrow(),
      );
      req.ctx.auditTarget = group.id;
      return { code: 200, msg: 'ok', data: group };
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw fail.conflict('org.groupExists', { name: req.body.name });
      throw error;
    }
  });

  app.put('/api/org/groups/:id/members', { config: { access: manage, action: 'org.group.members' }, schema: { params: IdParam, body: GroupMembersBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await membersOnly(kernel, space.id, req.body.userIds);
    await kernel.transact(req, async (trx) => {
      const group = await trx.selectFrom('org_group').select('id').where('id', '=', req.params.id).forUpdate().executeTakeFirst();
      if (!group) throw fail.notFound();
      await trx.deleteFrom('org_group_member').where('group_id', '=', req.params.id).execute();
      if (req.body.userIds.length) {
        await trx.insertInto('org_group_member').values(req.body.userIds.map((u) => ({ space_id: space.id, group_id: req.params.id, user_id: u }))).execute();
      }
    });
    return { code: 200, msg: 'ok', data: { userIds: req.body.userIds } };
  });

  app.get('/api/org/groups/:id/members', { config: { access: read }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const members = await kernel.transact(req, async (trx) => {
      const group = await trx.selectFrom('org_group').select('id').where('id', '=', req.params.id).executeTakeFirst();
      if (!group) throw fail.notFound();
      return trx
        .selectFrom('org_group_member as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.login_id as loginId', 'u.name'])
        .where('m.group_id', '=', req.params.id)
        .orderBy('u.name')
        .execute();
    });
    return { code: 200, msg: 'ok', data: { members } };
  });

  app.patch('/api/org/groups/:id', { config: { access: manage, action: 'org.group.update' }, schema: { params: IdParam, querystring: NoQuery, body: GroupBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    try {
      const group = await kernel.transact(req, (trx) =>
        trx
          .updateTable('org_group')
          .set({ name: req.body.name.trim(), ...(req.body.kind ? { kind: req.body.kind } : {}) })
          .where('id', '=', req.params.id)
          .returning(['id', 'name', 'kind'])
          .executeTakeFirst(),
      );
      if (!group) throw fail.notFound();
      return { code: 200, msg: 'ok', data: group };
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw fail.conflict('org.groupExists', { name: req.body.name });
      throw error;
    }
  });

  app.delete('/api/org/groups/:id', { config: { access: manage, action: 'org.group.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const removed = await trx.deleteFrom('org_group').where('id', '=', req.params.id).executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw fail.notFound();
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
