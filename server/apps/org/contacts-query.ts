import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { CONTACT_FIELDS, DEFAULT_VISIBLE_FIELDS, initialsOf, type ContactField, type ContactRow } from '../../../shared/org/contacts.ts';
import { rolesFor } from '../../../shared/permissions.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import './contacts-tables.ts';

/** What one viewer may see of other members: every field, or the administrator's chosen ones. */
export interface Viewer {
  seesAll: boolean;
  visible: ReadonlySet<ContactField>;
}

/** Those who may read the full member records anyway (admin, safe, audit) see every field (decision 0038). */
export const seesAll = (req: FastifyRequest) => rolesFor('org.members.read').some((role) => req.ctx.roles.includes(role));

export async function storedVisibleFields(trx: Trx): Promise<ContactField[]> {
  const row = await trx.selectFrom('org_contact_setting').select('visible_fields').executeTakeFirst();
  // A field dropped from the list later is ignored rather than shown by a stale setting.
  return row ? row.visible_fields.filter((f): f is ContactField => (CONTACT_FIELDS as readonly string[]).includes(f)) : [...DEFAULT_VISIBLE_FIELDS];
}

export async function viewerOf(trx: Trx, req: FastifyRequest): Promise<Viewer> {
  if (seesAll(req)) return { seesAll: true, visible: new Set(CONTACT_FIELDS) };
  return { seesAll: false, visible: new Set(await storedVisibleFields(trx)) };
}

type Key = [initials: string, name: string, id: string];

/** The keyset cursor: the sort key of the last row of a page, (initials, name, id). */
export const encodeCursor = (key: Key) => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(text: string): Key {
  try {
    const key = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 3 && key.every((k) => typeof k === 'string') && /^[0-9]{1,18}$/.test(String(key[2]))) return key as Key;
  } catch {
    // answered below
  }
  throw fail.unprocessable('org.contacts.badCursor');
}

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/**
 * Who is listed: an active membership of this space (memberships and users are platform tables, so the space is
 * named here) and an account that is not disabled. Invited members are listed: colleagues may look them up before
 * they first sign in.
 */
export const LISTED = (spaceId: string) => sql`m.space_id = ${spaceId} and m.status = 'active' and u.status <> 'disabled'`;

/**
 * Search by name, and by login ID and phone only where the viewer may see them (else a search would reveal a
 * hidden phone number digit by digit); Latin letters also match the start of the pinyin initials. Each column is
 * only tried where the text could match it (a login ID has no CJK, a phone no letters), and `ilike` only where
 * case can matter: on 10,000 members each needless case-folding costs milliseconds (decision 0038, bench:org).
 */
export function matches(q: string, viewer: Viewer): RawBuilder<boolean> {
  const like = `%${escapeLike(q)}%`;
  // lower() … like folds the same ASCII letters as ilike and costs half as much per row.
  const parts = [/[A-Za-z]/.test(q) ? sql<boolean>`lower(u.name) like ${like.toLowerCase()}` : sql<boolean>`u.name like ${like}`];
  if (viewer.visible.has('loginId') && /^[A-Za-z0-9_.@-]+$/.test(q)) parts.push(sql<boolean>`lower(u.login_id) like ${like.toLowerCase()}`);
  if (viewer.visible.has('phone') && /^[0-9+-]+$/.test(q)) parts.push(sql<boolean>`u.phone like ${like}`);
  const initials = initialsOf(q);
  if (initials) parts.push(sql<boolean>`u.name_initials like ${`${initials}%`}`);
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

export interface ListOptions {
  q?: string;
  departmentId?: string;
  cursor?: string;
  size: number;
}

interface ListedRow {
  id: string;
  name: string;
  initials: string;
  login_id: string;
  phone: string | null;
  email: string | null;
  departments: string[] | null;
  main_post: string | null;
}

/**
 * One page of listed members in pinyin order (initials, then name, then id), by keyset: the page after `cursor`
 * costs what the first one does. Departments and main post are read for the page's rows only (outer query).
 * bench/org.ts measures this against the same statement written by hand.
 */
export async function listMembers(trx: Trx, spaceId: string, viewer: Viewer, options: ListOptions): Promise<{ rows: ContactRow[]; next: string | null }> {
  const where = [LISTED(spaceId)];
  const q = options.q?.trim();
  if (q) where.push(matches(q, viewer));
  if (options.departmentId) where.push(sql`exists (select 1 from org_member_department d where d.user_id = m.user_id and d.department_id = ${options.departmentId})`);
  if (options.cursor) {
    const [initials, name, id] = decodeCursor(options.cursor);
    where.push(sql`(u.name_initials, u.name, u.id) > (${initials}, ${name}, ${id}::bigint)`);
  }
  const found = await sql<ListedRow>`
    select x.*,
      (select array_agg(d.name order by d.sort, d.id) from org_member_department md join org_department d on d.id = md.department_id where md.user_id = x.id) as departments,
      -- two index lookups (the main post is unique per member); a join here made the planner scan all posts per row
      (select p.name from org_post p where p.id = (select mp.post_id from org_member_post mp where mp.user_id = x.id and mp.main)) as main_post
    from (
      select u.id, u.name, u.name_initials as initials, u.login_id, u.phone, u.email
      from memberships m join users u on u.id = m.user_id
      where ${sql.join(where, sql` and `)}
      order by u.name_initials, u.name, u.id
      limit ${options.size + 1}
    ) x
    order by x.initials, x.name, x.id`.execute(trx);
  const rows = found.rows.slice(0, options.size).map((r) => contactRow(r, viewer));
  const last = found.rows.length > options.size ? found.rows[options.size - 1]! : null;
  return { rows, next: last ? encodeCursor([last.initials, last.name, last.id]) : null };
}

function contactRow(r: ListedRow, viewer: Viewer): ContactRow {
  return {
    id: r.id,
    name: r.name,
    initials: r.initials,
    departments: r.departments ?? [],
    mainPost: r.main_post,
    ...(viewer.visible.has('loginId') ? { loginId: r.login_id } : {}),
    ...(viewer.visible.has('phone') ? { phone: r.phone } : {}),
    ...(viewer.visible.has('email') ? { email: r.email } : {}),
  };
}
