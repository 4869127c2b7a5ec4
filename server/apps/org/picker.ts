import { sql } from 'kysely';
import { ContactListQuery, PickerDepartmentQuery, PickerSearchQuery } from '../../../shared/api/org-contacts.ts';
import { PICKER_PAGE_SIZE, type PickerDepartment, type PickerMember, type PickerPost, type PickerUserGroup } from '../../../shared/org/picker.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { listMembers, viewerOf } from './contacts-query.ts';

/** Enough for any real list of posts or groups; the picker searches rather than scrolls past this. */
const LIST_LIMIT = 500;
const likeOf = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * The picker's reads (decision 0038), open to every enterprise role: one level of the department tree at a
 * time (the tree is loaded as it is expanded, so 1,000 departments never travel at once), members by keyset pages
 * with the address book's search and visibility, posts and user groups. Role groups are read from the roles' own
 * endpoint (GET /api/org/role-groups) by the renderer, which already answers what a caller may see of them.
 */
export function registerPickerRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;

  app.get('/api/org/picker/departments', { config: { access: read }, schema: { querystring: PickerDepartmentQuery } }, async (req) => {
    currentSpace(req);
    const q = req.query.q?.trim();
    const parentId = req.query.parentId ?? null;
    const departments = await kernel.transact(req, async (trx) => {
      const fields = sql`d.id, d.name, d.code, d.parent_id as "parentId", d.disabled,
        exists (select 1 from org_department c where c.parent_id = d.id) as "hasChildren"`;
      if (!q) {
        const level = parentId === null ? sql`d.parent_id is null` : sql`d.parent_id = ${parentId}`;
        return (await sql<PickerDepartment>`select ${fields} from org_department d where ${level} order by d.sort, d.id limit 2000`.execute(trx)).rows;
      }
      // Matches anywhere in the tree, each with its path from the root so that two "Workshop 1" can be told apart.
      return (
        await sql<PickerDepartment>`
          with recursive hit as (
            select d.id from org_department d where d.name ilike ${likeOf(q)} or d.code ilike ${likeOf(q)} order by d.name, d.id limit ${PICKER_PAGE_SIZE}
          ), up(hit_id, parent_id, names, depth) as (
            select d.id, d.parent_id, array[d.name], 0 from org_department d join hit on hit.id = d.id
            union all
            select up.hit_id, d.parent_id, d.name || up.names, up.depth + 1 from up join org_department d on d.id = up.parent_id where up.depth < 100
          )
          select ${fields}, (select array_to_string(up.names, '/') from up where up.hit_id = d.id and up.parent_id is null) as path
          from org_department d join hit on hit.id = d.id order by d.name, d.id`.execute(trx)
      ).rows;
    });
    return { code: 200, msg: 'ok', data: { items: departments, next: null } };
  });

  app.get('/api/org/picker/members', { config: { access: read }, schema: { querystring: ContactListQuery } }, async (req) => {
    const space = currentSpace(req);
    const { q, departmentId, cursor } = req.query;
    const page = await kernel.transact(req, async (trx) =>
      listMembers(trx, space.id, await viewerOf(trx, req), { q, departmentId, cursor, size: req.query.size ?? PICKER_PAGE_SIZE }),
    );
    const items: PickerMember[] = page.rows.map((r) => ({ id: r.id, name: r.name, ...(r.loginId !== undefined ? { loginId: r.loginId } : {}), department: r.departments[0] ?? null }));
    return { code: 200, msg: 'ok', data: { items, next: page.next } };
  });

  app.get('/api/org/picker/posts', { config: { access: read }, schema: { querystring: PickerSearchQuery } }, async (req) => {
    currentSpace(req);
    const q = req.query.q?.trim();
    const items = await kernel.transact(req, async (trx) => {
      const where = q ? sql`where p.name ilike ${likeOf(q)} or p.code ilike ${likeOf(q)}` : sql``;
      return (
        await sql<PickerPost>`select p.id, p.name, p.code, d.name as department from org_post p left join org_department d on d.id = p.department_id
          ${where} order by p.sort, p.name, p.id limit ${LIST_LIMIT}`.execute(trx)
      ).rows;
    });
    return { code: 200, msg: 'ok', data: { items, next: null } };
  });

  app.get('/api/org/picker/user-groups', { config: { access: read }, schema: { querystring: PickerSearchQuery } }, async (req) => {
    currentSpace(req);
    const me = signedIn(req);
    const q = req.query.q?.trim();
    // A private group (§3) is its maker's working set: offered to them and to those who manage the structure.
    const manager = kernel.rolePermissions.holds('org.structure.manage', req.ctx.roles, req.ctx.delegated);
    const items = await kernel.transact(req, async (trx) => {
      const search = q ? sql`and g.name ilike ${likeOf(q)}` : sql``;
      return (
        await sql<PickerUserGroup>`select g.id, g.name, g.kind from org_group g
          where (g.kind = 'public' or g.created_by = ${me.userId} or ${manager}) ${search} order by g.name, g.id limit ${LIST_LIMIT}`.execute(trx)
      ).rows;
    });
    return { code: 200, msg: 'ok', data: { items, next: null } };
  });
}
