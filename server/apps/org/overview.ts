import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import './tables.ts';

const RECENT_DAYS = 30;

/**
 * enterpriseoverview, companyinfo, companyinfo/systemDetails (spec §2.6): the space at a glance — its members by
 * state, new and active members of the last 30 days, structure, and what the apps report (apps, forms, records,
 * storage) through the kernel's usage registry, so this page reads no other app's tables.
 */
export function registerOverviewRoutes(app: App, kernel: Kernel): void {
  app.get('/api/org/overview', { config: { access: { permission: 'org.members.read' } }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const since = new Date(kernel.clock.now() - RECENT_DAYS * 86_400_000);
    const data = await kernel.transact(req, async (trx) => {
      const members = await sql<{ total: number; active: number; invited: number; disabled: number; joined: number; signed_in: number }>`
        select count(*)::int as total,
          count(*) filter (where u.status = 'active' and m.status = 'active')::int as active,
          count(*) filter (where u.status = 'invited')::int as invited,
          count(*) filter (where u.status = 'disabled' or m.status = 'disabled')::int as disabled,
          count(*) filter (where m.created_at >= ${since})::int as joined,
          count(*) filter (where exists (select 1 from sessions s where s.user_id = u.id and s.created_at >= ${since}))::int as signed_in
        from memberships m join users u on u.id = m.user_id where m.space_id = ${space.id}`.execute(trx);
      const structure = await sql<{ departments: number; posts: number; role_groups: number; roles: number; user_groups: number }>`
        select (select count(*) from org_department)::int as departments, (select count(*) from org_post)::int as posts,
          (select count(*) from org_role_group)::int as role_groups, (select count(*) from org_role)::int as roles,
          (select count(*) from org_group)::int as user_groups`.execute(trx);
      const usage = await kernel.usage.collect(trx, space.id);
      const m = members.rows[0]!;
      const s = structure.rows[0]!;
      return {
        space: { id: space.id, name: space.name },
        members: { total: m.total, active: m.active, invited: m.invited, disabled: m.disabled, joinedRecently: m.joined, signedInRecently: m.signed_in },
        structure: { departments: s.departments, posts: s.posts, roleGroups: s.role_groups, roles: s.roles, userGroups: s.user_groups },
        usage,
      };
    });
    return { code: 200, msg: 'ok', data };
  });
}
