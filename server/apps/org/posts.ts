import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { CreatePostBody, MemberPostsBody, UpdatePostBody } from '../../../shared/api/org.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { lockDepartment } from './department-tree.ts';
import { membersOnly } from './groups.ts';

const columns = ['id', 'code', 'name', 'department_id as departmentId', 'sort', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

function codeTaken(error: unknown, code: string | undefined): never {
  if (pgErrorCode(error) === '23505') throw fail.unprocessable('org.postCodeExists', { code: code ?? '' });
  throw error;
}

/**
 * Posts (spec §2.6 postManage): positions with a code unique in the space, belonging to a department. A member holds
 * one main post and any number of part-time posts (later a workflow approver strategy).
 */
export function registerPostRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.structure.manage' } as const;

  app.get('/api/org/posts', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const posts = await kernel.transact(req, (trx) =>
      trx
        .selectFrom('org_post as p')
        .select(columns.map((c) => `p.${c}` as const))
        .select((eb) => eb.selectFrom('org_member_post as m').select(eb.fn.countAll<string>().as('n')).whereRef('m.post_id', '=', 'p.id').as('holders'))
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute(),
    );
    return { code: 200, msg: 'ok', data: { posts } };
  });

  app.post('/api/org/posts', { config: { access: manage, action: 'org.post.create' }, schema: { querystring: NoQuery, body: CreatePostBody } }, async (req) => {
    const space = currentSpace(req);
    const { code, name, departmentId, sort = 0 } = req.body;
    if (!name.trim()) throw fail.unprocessable('org.postNameRequired');
    try {
      const post = await kernel.transact(req, async (trx) => {
        await lockDepartment(trx, departmentId, 'org.departmentMissing');
        const row = await trx.insertInto('org_post').values({ space_id: space.id, code, name: name.trim(), department_id: departmentId, sort }).returning(columns).executeTakeFirstOrThrow();
        req.ctx.auditTarget = row.id;
        return row;
      });
      return { code: 200, msg: 'ok', data: post };
    } catch (error) {
      codeTaken(error, code);
    }
  });

  app.patch('/api/org/posts/:id', { config: { access: manage, action: 'org.post.update' }, schema: { params: IdParam, querystring: NoQuery, body: UpdatePostBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const changes = { ...req.body, ...(req.body.name !== undefined ? { name: req.body.name.trim() } : {}) };
    if (changes.name === '') throw fail.unprocessable('org.postNameRequired');
    try {
      const post = await kernel.transact(req, async (trx) => {
        if (changes.departmentId) await lockDepartment(trx, changes.departmentId, 'org.departmentMissing');
        const { departmentId, ...rest } = changes;
        return trx
          .updateTable('org_post')
          .set({ ...rest, ...(departmentId ? { department_id: departmentId } : {}), updated_at: new Date() })
          .where('id', '=', req.params.id)
          .returning(columns)
          .executeTakeFirst();
      });
      if (!post) throw fail.notFound();
      return { code: 200, msg: 'ok', data: post };
    } catch (error) {
      codeTaken(error, changes.code);
    }
  });

  app.delete('/api/org/posts/:id', { config: { access: manage, action: 'org.post.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const removed = await kernel.transact(req, (trx) => trx.deleteFrom('org_post').where('id', '=', req.params.id).executeTakeFirst());
    if (removed.numDeletedRows === 0n) throw fail.notFound();
    return { code: 200, msg: 'ok', data: null };
  });

  app.put('/api/org/members/:id/posts', { config: { access: manage, action: 'org.member.posts' }, schema: { params: IdParam, querystring: NoQuery, body: MemberPostsBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const { mainPostId, partTimePostIds } = req.body;
    if (mainPostId && partTimePostIds.includes(mainPostId)) throw fail.unprocessable('org.mainPostAlsoPartTime');
    await membersOnly(kernel, space.id, [req.params.id]);
    const wanted = [...(mainPostId ? [mainPostId] : []), ...partTimePostIds];
    await kernel.transact(req, async (trx) => {
      const found = wanted.length ? await trx.selectFrom('org_post').select('id').where('id', 'in', wanted).execute() : [];
      if (found.length !== wanted.length) throw fail.unprocessable('org.postMissing');
      await trx.deleteFrom('org_member_post').where('user_id', '=', req.params.id).execute();
      if (wanted.length) {
        await trx.insertInto('org_member_post').values(wanted.map((post_id) => ({ space_id: space.id, user_id: req.params.id, post_id, main: post_id === mainPostId }))).execute();
      }
    });
    return { code: 200, msg: 'ok', data: { mainPostId, partTimePostIds } };
  });
}
