import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { ContactListQuery, ContactSettingsBody } from '../../../shared/api/org-contacts.ts';
import { CONTACT_FIELDS, CONTACT_PAGE_SIZE, type ContactCard, type ContactField } from '../../../shared/org/contacts.ts';
import type { CardField } from '../../../shared/org/member-fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { LISTED, listMembers, seesAll, storedVisibleFields, viewerOf, type Viewer } from './contacts-query.ts';
import { cardFields } from './member-field-store.ts';
import { registerPickerRoutes } from './picker.ts';

interface CardRow {
  id: string;
  name: string;
  initials: string;
  login_id: string;
  phone: string | null;
  email: string | null;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  qq: string | null;
  id_card: string | null;
  address: string | null;
  signature: string | null;
  extension: string | null;
  entry_date: string | null;
  job_description: string | null;
  superior: string | null;
  departments: string[] | null;
  main_post: string | null;
  part_time_posts: string[] | null;
}

async function cardOf(trx: Trx, spaceId: string, id: string, viewer: Viewer, language: string): Promise<(ContactCard & { fields: CardField[] }) | null> {
  const found = await sql<CardRow>`
    select u.id, u.name, u.name_initials as initials, u.login_id, u.phone, u.email,
      p.gender, p.birthday::text as birthday, p.qq, p.id_card, p.address, p.signature, p.extension,
      p.entry_date::text as entry_date, p.job_description,
      -- the superior by name only while they are still listed here, like any other member
      (select s.name from memberships sm join users s on s.id = sm.user_id
        where sm.space_id = ${spaceId} and sm.user_id = p.superior_id and sm.status = 'active' and s.status <> 'disabled') as superior,
      (select array_agg(d.name order by d.sort, d.id) from org_member_department md join org_department d on d.id = md.department_id where md.user_id = u.id) as departments,
      (select po.name from org_member_post mp join org_post po on po.id = mp.post_id where mp.user_id = u.id and mp.main) as main_post,
      (select array_agg(po.name order by po.sort, po.id) from org_member_post mp join org_post po on po.id = mp.post_id where mp.user_id = u.id and not mp.main) as part_time_posts
    from memberships m join users u on u.id = m.user_id
    left join org_member_profile p on p.user_id = u.id
    where ${LISTED(spaceId)} and u.id = ${id}`.execute(trx);
  const r = found.rows[0];
  if (!r) return null;
  const all: Record<ContactField, unknown> = {
    loginId: r.login_id,
    phone: r.phone,
    email: r.email,
    gender: r.gender,
    birthday: r.birthday,
    qq: r.qq,
    idCard: r.id_card,
    address: r.address ?? '',
    signature: r.signature ?? '',
    partTimePosts: r.part_time_posts ?? [],
    superior: r.superior,
    extension: r.extension ?? '',
    entryDate: r.entry_date,
    jobDescription: r.job_description ?? '',
  };
  // Hidden fields are left out of the answer altogether, not blanked: the renderer cannot show what it never got.
  const shown = Object.fromEntries(CONTACT_FIELDS.filter((f) => viewer.visible.has(f)).map((f) => [f, all[f]]));
  // Extension fields (decision 0048): those the administrator shows members, or all of them to who sees all.
  const fields = await cardFields(trx, r.id, viewer.seesAll, language);
  return { id: r.id, name: r.name, initials: r.initials, departments: r.departments ?? [], mainPost: r.main_post, ...shown, fields };
}

/**
 * The address book (spec §2.6 organization/contacts and organization/usercontactinfo; decision 0038):
 * every member of the space finds colleagues by department, name, login ID, phone or pinyin initials, and opens a
 * card with the §3 fields the administrator lets members see. Department, post and profile rows are the space's
 * own (row-level security); memberships and users are platform tables, filtered by the request's space here.
 */
export function registerContactRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.members.manage' } as const;

  app.get('/api/org/contacts', { config: { access: read }, schema: { querystring: ContactListQuery } }, async (req) => {
    const space = currentSpace(req);
    const { q, departmentId, cursor } = req.query;
    const page = await kernel.transact(req, async (trx) =>
      listMembers(trx, space.id, await viewerOf(trx, req), { q, departmentId, cursor, size: req.query.size ?? CONTACT_PAGE_SIZE }),
    );
    return { code: 200, msg: 'ok', data: { contacts: page.rows, next: page.next } };
  });

  app.get('/api/org/contacts/settings', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const visibleFields = await kernel.transact(req, storedVisibleFields);
    return { code: 200, msg: 'ok', data: { visibleFields, seesAll: seesAll(req) } };
  });

  app.put('/api/org/contacts/settings', { config: { access: manage, action: 'org.settings.contacts' }, schema: { querystring: NoQuery, body: ContactSettingsBody } }, async (req) => {
    const space = currentSpace(req);
    // Stored in the list's own order, so the setting reads the same however the client sent it.
    const visibleFields = CONTACT_FIELDS.filter((f) => req.body.visibleFields.includes(f));
    req.ctx.auditTarget = visibleFields.join(',');
    await kernel.transact(req, (trx) =>
      trx
        .insertInto('org_contact_setting')
        .values({ space_id: space.id, visible_fields: visibleFields })
        .onConflict((oc) => oc.column('space_id').doUpdateSet({ visible_fields: visibleFields, updated_at: sql<Date>`now()` }))
        .execute(),
    );
    return { code: 200, msg: 'ok', data: { visibleFields, seesAll: seesAll(req) } };
  });

  app.get('/api/org/contacts/:id', { config: { access: read }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const card = await kernel.transact(req, async (trx) => cardOf(trx, space.id, req.params.id, await viewerOf(trx, req), req.ctx.language));
    // A disabled member, another space's member and no one at all answer alike.
    if (!card) throw fail.notFound('org.contacts.notFound');
    return { code: 200, msg: 'ok', data: card };
  });

  registerPickerRoutes(app, kernel);
}
