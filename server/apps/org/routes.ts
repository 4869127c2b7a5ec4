import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { CreateDepartmentBody, UpdateDepartmentBody } from '../../../shared/api/org.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { registerGroupRoutes } from './groups.ts';
import { registerSettingsRoutes } from './settings.ts';


/**
 * Organisation structure of a space (spec §2.6 sysop/structure): departments and the space's members.
 * Departments are space-owned rows: row-level security confines every query to the request's space, so an id
 * from another space simply does not exist here.
 */
function register(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.structure.manage' } as const;
  const columns = ['id', 'parent_id as parentId', 'name', 'sort', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

  app.get('/api/org/departments', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const rows = await kernel.transact(req, (trx) =>
      trx.selectFrom('org_department').select(columns).orderBy('sort').orderBy('id').execute(),
    );
    return { code: 200, msg: 'ok', data: { departments: rows } };
  });

  app.post(
    '/api/org/departments',
    { config: { access: manage, action: 'org.department.create' }, schema: { querystring: NoQuery, body: CreateDepartmentBody } },
    async (req) => {
      const space = currentSpace(req);
      try {
        const row = await kernel.transact(req, async (trx) => {
          const created = await trx
            .insertInto('org_department')
            .values({ space_id: space.id, name: req.body.name.trim(), parent_id: req.body.parentId ?? null, sort: req.body.sort ?? 0 })
            .returning(columns)
            .executeTakeFirstOrThrow();
          req.ctx.auditTarget = created.id;
          return created;
        });
        return { code: 200, msg: 'ok', data: row };
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw fail.conflict('org.departmentExists', { name: req.body.name });
        if (pgErrorCode(error) === '23503') throw fail.notFound('org.parentMissing');
        throw error;
      }
    },
  );

  app.patch(
    '/api/org/departments/:id',
    { config: { access: manage, action: 'org.department.update' }, schema: { params: IdParam, querystring: NoQuery, body: UpdateDepartmentBody } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      const { updatedAt, ...changes } = req.body;
      try {
        const row = await kernel.transact(req, async (trx) => {
          const current = await trx.selectFrom('org_department').select('updated_at').where('id', '=', req.params.id).forUpdate().executeTakeFirst();
          if (!current) throw fail.notFound();
          if (current.updated_at.toISOString() !== new Date(updatedAt).toISOString()) throw fail.conflict();
          return trx
            .updateTable('org_department')
            .set({ ...changes, ...(changes.name ? { name: changes.name.trim() } : {}), updated_at: sql<Date>`clock_timestamp()` })
            .where('id', '=', req.params.id)
            .returning(columns)
            .executeTakeFirstOrThrow();
        });
        return { code: 200, msg: 'ok', data: row };
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw fail.conflict('org.departmentExists', { name: changes.name ?? '' });
        throw error;
      }
    },
  );

  app.delete(
    '/api/org/departments/:id',
    { config: { access: manage, action: 'org.department.delete' }, schema: { params: IdParam, querystring: NoQuery } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      await kernel.transact(req, async (trx) => {
        const child = await trx.selectFrom('org_department').select('id').where('parent_id', '=', req.params.id).executeTakeFirst();
        if (child) throw fail.conflict('org.departmentHasChildren');
        const removed = await trx.deleteFrom('org_department').where('id', '=', req.params.id).executeTakeFirst();
        if (removed.numDeletedRows === 0n) throw fail.notFound();
      });
      return { code: 200, msg: 'ok', data: null };
    },
  );

  // Memberships are a platform table: the access layer confines this read to the request's space.
  app.get('/api/org/members', { config: { access: { permission: 'org.members.read' } }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const rows = await kernel.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.login_id as loginId', 'u.name', 'u.status', 'm.roles'])
      .where('m.space_id', '=', space.id)
      .orderBy('u.id')
      .execute();
    return { code: 200, msg: 'ok', data: { members: rows } };
  });

  registerGroupRoutes(app, kernel);
  registerSettingsRoutes(app, kernel);
}

export const orgApp: ServerApp = { id: 'org', register };
