import { sql, type SelectQueryBuilder } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { MemberListQuery } from '../../../shared/api/org-members.ts';
import type { Database } from '../../kernel/db/schema.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { fieldValuesOf } from './member-field-store.ts';
import './tables.ts';

const RECENT_DAYS = 30;
const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** invited (no password yet) › disabled (here or the whole account) › active. */
const stateOf = sql<'active' | 'invited' | 'disabled'>`case when u.status = 'invited' then 'invited' when m.status = 'disabled' or u.status = 'disabled' then 'disabled' else 'active' end`;

type Query = SelectQueryBuilder<Database & { m: Database['memberships']; u: Database['users'] }, 'm' | 'u', object>;

/**
 * The space's members with their user information. `memberships` and `users` are platform tables: every query
 * starts from the request space's memberships; the profile, departments and posts are the space's own rows
 * (row-level security), joined by user id.
 */
function membersOf(trx: Trx, spaceId: string): Query {
  return trx.selectFrom('memberships as m').innerJoin('users as u', 'u.id', 'm.user_id').where('m.space_id', '=', spaceId) as unknown as Query;
}

export function registerMemberReadRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.members.read' } as const;

  app.get('/api/org/members/list', { config: { access: read }, schema: { querystring: MemberListQuery } }, async (req) => {
    const space = currentSpace(req);
    const { q, departmentId, state, recent } = req.query;
    const page = req.query.page ?? 1;
    const size = req.query.size ?? 20;
    const data = await kernel.transact(req, async (trx) => {
      let query = membersOf(trx, space.id);
      const text = q?.trim();
      if (text) {
        const like = `%${escapeLike(text)}%`;
        query = query.where((eb) => eb.or([eb('u.name', 'ilike', like), eb('u.login_id', 'ilike', like), eb('u.phone', 'like', like), eb('u.email', 'ilike', like)]));
      }
      if (departmentId) query = query.where(sql<boolean>`exists (select 1 from org_member_department d where d.user_id = u.id and d.department_id = ${departmentId})`);
      if (state) query = query.where(sql<boolean>`${stateOf} = ${state}`);
      const since = new Date(kernel.clock.now() - RECENT_DAYS * 86_400_000);
      if (recent === 'joined') query = query.where('m.created_at', '>=', since);
      if (recent === 'signedIn') query = query.where(sql<boolean>`exists (select 1 from sessions s where s.user_id = u.id and s.created_at >= ${since})`);
      const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const members = await query
        .select(['u.id', 'u.login_id as loginId', 'u.name', 'u.phone', 'u.email', 'm.roles', 'm.created_at as joinedAt'])
        .select(stateOf.as('state'))
        .select(sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = u.id)`.as('lastSignIn'))
        .select(sql<string[] | null>`(select array_agg(d.name order by d.name) from org_member_department md join org_department d on d.id = md.department_id where md.user_id = u.id)`.as('departments'))
        .select(sql<string | null>`(select p.name from org_member_post mp join org_post p on p.id = mp.post_id where mp.user_id = u.id and mp.main)`.as('mainPost'))
        .select(sql<string | null>`(select su.name from org_member_profile pr join users su on su.id = pr.superior_id where pr.user_id = u.id)`.as('superior'))
        .orderBy('u.name')
        .orderBy('u.id')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return { total: Number(total.n), page, size, members: members.map((m) => ({ ...m, departments: m.departments ?? [] })) };
    });
    return { code: 200, msg: 'ok', data };
  });

  /** One member with every §3 field, for the member dialog. */
  app.get('/api/org/members/:id', { config: { access: read }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const member = await kernel.transact(req, async (trx) => {
      const row = await membersOf(trx, space.id)
        .leftJoin('org_member_profile as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.login_id as loginId', 'u.name', 'u.phone', 'u.email', 'm.roles', 'm.created_at as joinedAt'])
        .select(stateOf.as('state'))
        .select(['p.gender', 'p.qq', 'p.id_card as idCard', 'p.address', 'p.signature', 'p.extension', 'p.job_description as jobDescription', 'p.superior_id as superiorId'])
        .select(sql<string | null>`p.birthday::text`.as('birthday'))
        .select(sql<string | null>`p.entry_date::text`.as('entryDate'))
        .select(sql<string>`coalesce(p.updated_at, m.created_at)::text`.as('updatedAt'))
        .where('u.id', '=', req.params.id)
        .executeTakeFirst();
      if (!row) return null;
      const departments = await trx.selectFrom('org_member_department').select('department_id').where('user_id', '=', row.id).orderBy('department_id').execute();
      const posts = await trx.selectFrom('org_member_post').select(['post_id', 'main']).where('user_id', '=', row.id).orderBy('post_id').execute();
      // Extension values by field id (decision 0048); the dialog shows those of enabled fields.
      const fields = (await fieldValuesOf(trx, [row.id])).get(String(row.id)) ?? {};
      return {
        ...row,
        address: row.address ?? '',
        signature: row.signature ?? '',
        extension: row.extension ?? '',
        jobDescription: row.jobDescription ?? '',
        departmentIds: departments.map((d) => d.department_id),
        mainPostId: posts.find((p) => p.main)?.post_id ?? null,
        partTimePostIds: posts.filter((p) => !p.main).map((p) => p.post_id),
        fields,
      };
    });
    if (!member) throw fail.notFound('org.member.notFound');
    return { code: 200, msg: 'ok', data: member };
  });
}
