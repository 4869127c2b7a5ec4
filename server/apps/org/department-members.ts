import { sql } from 'kysely';
import { IdParam } from '../../../shared/api/common.ts';
import { DepartmentMembersQuery, MoveMemberBody } from '../../../shared/api/org.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { lockDepartment } from './department-tree.ts';

/**
 * A department's members on the structure page (name, login, main and part-time posts), a page at a time, and an
 * admin moving a member from one department to another. `users` is a platform table: the join through the space's
 * own `org_member_department` rows (row-level security) keeps other spaces' people out.
 */
export function registerDepartmentMemberRoutes(app: App, kernel: Kernel): void {
  app.get('/api/org/departments/:id/members', { config: { access: { permission: 'org.structure.read' } }, schema: { params: IdParam, querystring: DepartmentMembersQuery } }, async (req) => {
    currentSpace(req);
    const page = req.query.page ?? 1;
    const size = req.query.size ?? 20;
    const data = await kernel.transact(req, async (trx) => {
      await lockDepartment(trx, req.params.id);
      const total = await trx.selectFrom('org_member_department').select((eb) => eb.fn.countAll<string>().as('n')).where('department_id', '=', req.params.id).executeTakeFirstOrThrow();
      const members = await trx
        .selectFrom('org_member_department as md')
        .innerJoin('users as u', 'u.id', 'md.user_id')
        .leftJoin('org_member_post as mp', (join) => join.onRef('mp.user_id', '=', 'md.user_id').on('mp.main', '=', true))
        .leftJoin('org_post as p', 'p.id', 'mp.post_id')
        .select(['u.id', 'u.name', 'u.login_id as loginId', 'p.id as mainPostId', 'p.name as mainPost'])
        .select(sql<string[] | null>`(select array_agg(pt.post_id::text order by pt.post_id) from org_member_post pt where pt.user_id = md.user_id and not pt.main)`.as('partTimePostIds'))
        .where('md.department_id', '=', req.params.id)
        .orderBy('u.name')
        .orderBy('u.id')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return { total: Number(total.n), page, size, members: members.map((m) => ({ ...m, partTimePostIds: m.partTimePostIds ?? [] })) };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post('/api/org/members/:id/move', { config: { access: { permission: 'org.structure.manage' }, action: 'org.member.move' }, schema: { params: IdParam, body: MoveMemberBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const { fromId, toId } = req.body;
    await kernel.transact(req, async (trx) => {
      await lockDepartment(trx, fromId, 'org.departmentMissing');
      await lockDepartment(trx, toId, 'org.targetMissing');
      const removed = await trx.deleteFrom('org_member_department').where('user_id', '=', req.params.id).where('department_id', '=', fromId).executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw fail.unprocessable('org.memberNotInDepartment');
      await trx.insertInto('org_member_department').values({ space_id: space.id, user_id: req.params.id, department_id: toId }).onConflict((oc) => oc.doNothing()).execute();
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
