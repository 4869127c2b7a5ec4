import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { CreateDepartmentBody, DeleteDepartmentQuery, MergeDepartmentBody, MoveDepartmentBody, UpdateDepartmentBody } from '../../../shared/api/org.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { sameVersion } from '../../kernel/db/versions.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { holdsAnything, lockDepartment, mergeInto, placeDepartment, refuseOwnSubtree } from './department-tree.ts';
import { membersOnly } from './groups.ts';

const columns = ['id', 'parent_id as parentId', 'name', 'code', 'sort', 'disabled', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

/** Unique-index clashes are bad input the user can fix: a name taken under the parent, or a code taken in the space. */
function clash(error: unknown, name: string, code: string | undefined): never {
  if (pgErrorCode(error) === '23505') {
    const index = (error as { constraint?: string }).constraint;
    if (index === 'org_department_code') throw fail.unprocessable('org.departmentCodeExists', { code: code ?? '' });
    throw fail.conflict('org.departmentExists', { name });
  }
  throw error;
}

async function setHeads(trx: Trx, spaceId: string, departmentId: string, headIds: string[]): Promise<void> {
  await trx.deleteFrom('org_department_head').where('department_id', '=', departmentId).execute();
  if (headIds.length) {
    await trx.insertInto('org_department_head').values(headIds.map((user_id) => ({ space_id: spaceId, department_id: departmentId, user_id }))).execute();
  }
}

/**
 * Departments of a space (spec §2.6 sysop/structure): an ordered tree with codes, heads and a disabled flag. Row-level
 * security confines every query to the request's space, so an id from another space simply does not exist here.
 */
export function registerDepartmentRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.structure.manage' } as const;

  app.get('/api/org/departments', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const { rows, heads } = await kernel.transact(req, async (trx) => ({
      rows: await trx.selectFrom('org_department').select(columns).orderBy('sort').orderBy('id').execute(),
      heads: await trx.selectFrom('org_department_head').select(['department_id', 'user_id']).orderBy('user_id').execute(),
    }));
    const departments = rows.map((row) => ({ ...row, headIds: heads.filter((h) => h.department_id === row.id).map((h) => h.user_id) }));
    return { code: 200, msg: 'ok', data: { departments } };
  });

  app.post('/api/org/departments', { config: { access: manage, action: 'org.department.create' }, schema: { querystring: NoQuery, body: CreateDepartmentBody } }, async (req) => {
    const space = currentSpace(req);
    const { name, code, parentId = null, sort = 0, headIds = [] } = req.body;
    await membersOnly(kernel, space.id, headIds);
    try {
      const row = await kernel.transact(req, async (trx) => {
        if (parentId) await lockDepartment(trx, parentId, 'org.parentMissing');
        const created = await trx
          .insertInto('org_department')
          .values({ space_id: space.id, name: name.trim(), code, parent_id: parentId, sort })
          .returning(columns)
          .executeTakeFirstOrThrow();
        await setHeads(trx, space.id, created.id, headIds);
        req.ctx.auditTarget = created.id;
        return { ...created, headIds };
      });
      return { code: 200, msg: 'ok', data: row };
    } catch (error) {
      clash(error, name, code);
    }
  });

  app.patch('/api/org/departments/:id', { config: { access: manage, action: 'org.department.update' }, schema: { params: IdParam, querystring: NoQuery, body: UpdateDepartmentBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const { updatedAt, headIds, ...changes } = req.body;
    if (headIds) await membersOnly(kernel, space.id, headIds);
    try {
      const row = await kernel.transact(req, async (trx) => {
        const current = await trx.selectFrom('org_department').select('updated_at').where('id', '=', req.params.id).forUpdate().executeTakeFirst();
        if (!current) throw fail.notFound();
        if (!sameVersion(current.updated_at, updatedAt)) throw fail.conflict();
        if (headIds) await setHeads(trx, space.id, req.params.id, headIds);
        return trx
          .updateTable('org_department')
          .set({ ...changes, ...(changes.name ? { name: changes.name.trim() } : {}), updated_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', req.params.id)
          .returning(columns)
          .executeTakeFirstOrThrow();
      });
      return { code: 200, msg: 'ok', data: row };
    } catch (error) {
      clash(error, changes.name ?? '', changes.code);
    }
  });

  app.put('/api/org/departments/:id/position', { config: { access: manage, action: 'org.department.move' }, schema: { params: IdParam, querystring: NoQuery, body: MoveDepartmentBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const { parentId, index } = req.body;
    try {
      await kernel.transact(req, async (trx) => {
        await lockDepartment(trx, req.params.id);
        if (parentId) {
          await lockDepartment(trx, parentId, 'org.parentMissing');
          await refuseOwnSubtree(trx, req.params.id, parentId, 'org.moveUnderItself');
        }
        await placeDepartment(trx, req.params.id, parentId, index);
      });
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw fail.unprocessable('org.moveNameClash');
      throw error;
    }
    return { code: 200, msg: 'ok', data: null };
  });

  app.post('/api/org/departments/:id/merge', { config: { access: manage, action: 'org.department.merge' }, schema: { params: IdParam, querystring: NoQuery, body: MergeDepartmentBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      await lockDepartment(trx, req.params.id);
      await mergeInto(trx, space.id, req.params.id, req.body.targetId);
    });
    return { code: 200, msg: 'ok', data: null };
  });

  app.delete('/api/org/departments/:id', { config: { access: manage, action: 'org.department.delete' }, schema: { params: IdParam, querystring: DeleteDepartmentQuery } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const destination = req.query.destinationId;
    await kernel.transact(req, async (trx) => {
      await lockDepartment(trx, req.params.id);
      if (destination) return mergeInto(trx, space.id, req.params.id, destination);
      if (await holdsAnything(trx, req.params.id)) throw fail.unprocessable('org.departmentNotEmpty');
      await trx.deleteFrom('org_department').where('id', '=', req.params.id).execute();
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
