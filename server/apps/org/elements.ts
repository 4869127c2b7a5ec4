import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { SelfEditBody } from '../../../shared/api/org-member-fields.ts';
import { DEFAULT_SELF_EDIT, ELEMENTS_SUMMARY_PATH, SELF_EDIT_CHOICES, SELF_EDIT_PATH, type ElementsSummary, type SelfEditField } from '../../../shared/org/member-fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import './member-field-store.ts';

/** The stored list, or the defaults; a field dropped from the choices later is ignored, never offered by a stale row. */
export async function selfEditFields(trx: Trx): Promise<SelfEditField[]> {
  const row = await trx.selectFrom('org_member_self_edit').select('fields').executeTakeFirst();
  const chosen: readonly string[] = row?.fields ?? DEFAULT_SELF_EDIT;
  return SELF_EDIT_CHOICES.filter((field) => chosen.includes(field));
}

/**
 * `element/setting/member` and the hub `console/elementManage` (§2.6; decision 0048): which §3 fields members may
 * edit about themselves — every member reads it (personal settings will), the administrator changes it — and the
 * live counts the hub shows on its cards.
 */
export function registerElementRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'org.members.manage' } as const;
  const read = { permission: 'org.structure.read' } as const;

  app.get(SELF_EDIT_PATH, { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const fields = await kernel.transact(req, selfEditFields);
    return { code: 200, msg: 'ok', data: { fields, choices: SELF_EDIT_CHOICES } };
  });

  app.put(SELF_EDIT_PATH, { config: { access: manage, action: 'org.settings.selfEdit' }, schema: { querystring: NoQuery, body: SelfEditBody } }, async (req) => {
    const space = currentSpace(req);
    // Stored in the choices' own order, so the setting reads the same however the client sent it.
    const fields = SELF_EDIT_CHOICES.filter((field) => req.body.fields.includes(field));
    req.ctx.auditTarget = fields.join(',');
    await kernel.transact(req, (trx) =>
      trx
        .insertInto('org_member_self_edit')
        .values({ space_id: space.id, fields })
        .onConflict((oc) => oc.column('space_id').doUpdateSet({ fields, updated_at: sql<Date>`now()` }))
        .execute(),
    );
    return { code: 200, msg: 'ok', data: { fields, choices: SELF_EDIT_CHOICES } };
  });

  app.get(ELEMENTS_SUMMARY_PATH, { config: { access: manage }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const data = await kernel.transact(req, async (trx): Promise<ElementsSummary> => {
      // Space-owned tables under row-level security: each count is the request space's alone.
      const counts = await sql<{ departments: number; posts: number; role_groups: number; member_fields: number }>`
        select (select count(*) from org_department)::int as departments, (select count(*) from org_post)::int as posts,
          (select count(*) from org_role_group)::int as role_groups, (select count(*) from org_member_field)::int as member_fields`.execute(trx);
      const c = counts.rows[0]!;
      return { departments: c.departments, posts: c.posts, roleGroups: c.role_groups, memberFields: c.member_fields, selfEditFields: (await selfEditFields(trx)).length };
    });
    return { code: 200, msg: 'ok', data };
  });
}
